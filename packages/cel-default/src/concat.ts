// `+` on strings, bytes and lists (SDK §6.1, the cost budget and the size limit). Concatenation is the
// only CEL operation that grows a value beyond the input and the expression's literals, and
// nesting it inside comprehensions grows it geometrically: three nested loops over
// `[a + a + ... + a]` with 128 terms turn a 20 kB string into 300 million characters and
// exhaust the heap. With the cap, every value stays within max(input, cap).
//
// Each concatenation is charged to the budget: strings and bytes by the size of the result
// (what reading it will cost, and the fresh pages a large one is flattened onto), lists by the
// elements appended (and the array's growth). Lists append in place when they
// can: `map` and `filter` build their result one `accumulator + [element]` at a time, which
// @bufbuild/cel's nested concatenation views made quadratic to read.
import {
  type CelFunc,
  type CelList,
  CelScalar,
  type CelValue,
  celFunc,
  listType,
} from "@bufbuild/cel";
import { ChargedValues } from "./charged-values.js";
import { BUILT_UNITS, CHAR_UNITS, COPY_UNITS, freshUnits } from "./costs.js";
import { spend } from "./guard.js";

// @bufbuild/cel recognizes its lists by this registered symbol (see values.ts).
const LIST_BRAND = Symbol.for("@bufbuild/cel/list");

/**
 * A list over the first `size` items of an array that later concatenations may extend: a
 * list whose array has not grown since it was made appends to it instead of copying it.
 */
class AppendList {
  readonly [LIST_BRAND] = {};
  constructor(
    readonly items: CelValue[],
    readonly size: number,
  ) {}
  get(index: number): CelValue | undefined {
    // A negative index reads undefined from the array too.
    return index < this.size ? this.items[index] : undefined;
  }
  values(): IterableIterator<CelValue> {
    // Charged per element: a comprehension copies its whole range before its first step, so
    // `big.exists(x, true)` in a loop would otherwise copy `big` again on every step for the
    // price of one step.
    return new ChargedValues(this.items, this.size, COPY_UNITS, asValue);
  }
  [Symbol.iterator](): IterableIterator<CelValue> {
    return this.values();
  }
}

const asValue = (item: unknown) => item as CelValue;

/**
 * The array to append to `a`'s elements: `a`'s own when nothing was appended to it since it
 * was made, else a copy, charged.
 */
function extensible(a: CelList): CelValue[] {
  if (a instanceof AppendList && a.items.length === a.size) return a.items;
  spend(a.size * BUILT_UNITS);
  return [...a.values()];
}

/** `a + [x]`, charged as that concatenation is. */
export function appendOne(a: CelList, x: CelValue): CelList {
  const items = extensible(a);
  spend(BUILT_UNITS);
  items.push(x);
  return new AppendList(items, a.size + 1) as unknown as CelList;
}

function appendLists(a: CelList, b: CelList): CelList {
  const items = extensible(a);
  spend(b.size * BUILT_UNITS);
  for (const x of b.values()) items.push(x); // a built list charges its copy, as a comprehension's range
  return new AppendList(items, a.size + b.size) as unknown as CelList;
}

export const listTooLong = (maxSize: number) =>
  new Error(`list concatenation exceeds the size limit of ${maxSize}`);

/** Overrides of the standard `_+_` overloads for strings, bytes and lists. */
export function cappedConcat(maxSize: number): CelFunc[] {
  const check = (size: number, what: string) => {
    if (size > maxSize)
      throw new Error(`${what} concatenation exceeds the size limit of ${maxSize}`);
    spend(size * CHAR_UNITS + freshUnits(size));
  };
  return [
    celFunc(
      "_+_",
      [CelScalar.STRING, CelScalar.STRING],
      CelScalar.STRING,
      (a: string, b: string) => {
        check(a.length + b.length, "string");
        return a + b;
      },
    ),
    celFunc(
      "_+_",
      [CelScalar.BYTES, CelScalar.BYTES],
      CelScalar.BYTES,
      (a: Uint8Array, b: Uint8Array) => {
        check(a.length + b.length, "bytes");
        const out = new Uint8Array(a.length + b.length);
        out.set(a);
        out.set(b, a.length);
        return out;
      },
    ),
    celFunc(
      "_+_",
      [listType(CelScalar.DYN), listType(CelScalar.DYN)],
      listType(CelScalar.DYN),
      (a: CelList, b: CelList) => {
        if (a.size + b.size > maxSize) throw listTooLong(maxSize);
        return appendLists(a, b);
      },
    ),
  ];
}
