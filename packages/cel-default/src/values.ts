// JSON <-> CEL value conversion. Objects and arrays are bound as lazy views, so binding a
// large message costs nothing until the expression reads it, and only what it reads is
// converted.
import {
  type CelList,
  type CelMap,
  type CelUint,
  type CelValue,
  isCelList,
  isCelMap,
  isCelUint,
} from "@bufbuild/cel";
import type { Value } from "@oatf/model";
import { ChargedValues } from "./charged-values.js";
import {
  BUILT_UNITS,
  ERROR_UNITS,
  GROW_UNITS,
  KEY_UNITS,
  LARGE_ELEMENTS,
  READ_UNITS,
} from "./costs.js";
import { spend } from "./guard.js";

/**
 * JSON value -> CEL value. Integral numbers within the int64 range become CEL `int` (bigint)
 * so `count + 1` and `size(x) > 2` type-check as in other SDKs (a JSON integer is an i64
 * there, whatever its size); other numbers stay `double`. JSON.parse has already dropped the
 * difference between `1` and `1.0`, so both are `int`. A bigint (an in-memory message may hold
 * one) binds as `int` too. Anything else that is not JSON (undefined, functions, symbols) binds
 * as `null`.
 */
export function toCel(v: unknown): CelValue {
  switch (typeof v) {
    case "bigint":
    case "number":
      return Number.isInteger(v) && v >= -(2 ** 63) && v < 2 ** 63 ? BigInt(v) : v;
    case "string":
    case "boolean":
      return v;
    case "object":
      if (v === null) return null;
      if (Array.isArray(v)) return new JsonList(v) as unknown as CelList;
      return new JsonMap(v as Record<string, unknown>) as unknown as CelMap;
    default:
      return null;
  }
}

// @bufbuild/cel recognizes its lists and maps by these registered symbols. We implement the
// two interfaces ourselves rather than wrap plain Maps with celMap(): its map view answers
// has() with `get(key) != undefined`, so `has(m.a)` and `'a' in m` were false when the value
// is null, which CEL defines as present. The dependency is pinned; test/values.test.ts
// fails if a release changes the brand.
const LIST_BRAND = Symbol.for("@bufbuild/cel/list");
const MAP_BRAND = Symbol.for("@bufbuild/cel/map");

type MapKey = bigint | string | boolean | CelUint | number;

/** A read-only CEL list over a JSON array; elements convert on access. */
class JsonList {
  constructor(private readonly array: readonly unknown[]) {}
  get size(): number {
    return this.array.length;
  }
  get(index: number): CelValue | undefined {
    if (index >= 0 && index < this.array.length) {
      spend(READ_UNITS);
      return toCel(this.array[index]);
    }
    spend(READ_UNITS + ERROR_UNITS); // the library makes an error of the miss
    return undefined;
  }
  /** The elements, a read each: what this package's builtins iterate. */
  values(): IterableIterator<CelValue> {
    return new ChargedValues(this.array, this.array.length, READ_UNITS, toCel);
  }
  /**
   * The elements as @bufbuild/cel copies a comprehension's range (Array.from, before the first
   * step): a read each, and for a list of LARGE_ELEMENTS or more the growth of the array they
   * fill (GROW_UNITS), which lands on fresh pages, as do the converted elements, which survive
   * collections until the loop ends: the first such copy of 100,000 or 1,000,000 elements in a
   * process cost about twice its reads' charge.
   */
  [Symbol.iterator](): IterableIterator<CelValue> {
    const size = this.array.length;
    const units = READ_UNITS + (size >= LARGE_ELEMENTS ? GROW_UNITS : 0);
    return new ChargedValues(this.array, size, units, toCel);
  }
}

/**
 * A read-only CEL map over a JSON object's own enumerable string keys, with what @bufbuild/cel
 * reads from a map: size, has, get, keys and entries. Reading through `Object.hasOwn` means
 * keys such as `__proto__` or `constructor` are plain data: they never reach the prototype chain.
 */
class JsonMap {
  private ownKeys: string[] | undefined;
  constructor(private readonly obj: Record<string, unknown>) {}
  /**
   * The keys, listed once per view and charged to the budget. Listing cannot be interrupted:
   * for an object with 100,000 keys in dictionary mode it takes tens of milliseconds.
   */
  private keyList(): string[] {
    if (this.ownKeys === undefined) {
      this.ownKeys = Object.keys(this.obj);
      spend(this.ownKeys.length * KEY_UNITS);
    }
    return this.ownKeys;
  }
  get size(): number {
    return this.keyList().length;
  }
  has(key: MapKey): boolean {
    spend(READ_UNITS);
    return typeof key === "string" && Object.hasOwn(this.obj, key);
  }
  get(key: MapKey): CelValue | undefined {
    if (this.has(key)) return toCel(this.obj[key as string]);
    spend(ERROR_UNITS); // the library makes an error of the miss
    return undefined;
  }
  keys(): IterableIterator<string> {
    return this.keyList()[Symbol.iterator]();
  }
  *entries(): IterableIterator<[string, CelValue]> {
    for (const key of this.keyList()) {
      spend(READ_UNITS);
      yield [key, toCel(this.obj[key])];
    }
  }
  [Symbol.iterator](): IterableIterator<[string, CelValue]> {
    return this.entries();
  }
}

// The brands live on the prototypes (@bufbuild/cel tests them with `in`): a view is made for
// every object an expression reads, and an own brand would allocate one more object each time.
Object.defineProperty(JsonList.prototype, LIST_BRAND, { value: Object.freeze({}) });
Object.defineProperty(JsonMap.prototype, MAP_BRAND, { value: Object.freeze({}) });

/** The result of converting a CEL value back: plain JSON, or the CEL type that has none. */
export type FromCel = { ok: true; value: Value } | { ok: false; type: string };

const MAX_RESULT_DEPTH = 1000;

/** CEL value -> plain JSON. int/uint become numbers; bytes, types and messages have no JSON form. */
export function fromCel(v: CelValue, depth = 0): FromCel {
  switch (typeof v) {
    case "string":
    case "boolean":
      return { ok: true, value: v };
    case "number":
    case "bigint":
      return { ok: true, value: Number(v) };
  }
  if (v === null) return { ok: true, value: null };
  if (depth > MAX_RESULT_DEPTH) return { ok: false, type: "value nested too deep" };
  if (isCelUint(v)) return { ok: true, value: Number(v.value) };
  if (isCelList(v)) {
    const out: Value[] = [];
    for (const item of v.values()) {
      spend(BUILT_UNITS);
      const r = fromCel(item, depth + 1);
      if (!r.ok) return r;
      out.push(r.value);
    }
    return { ok: true, value: out };
  }
  if (isCelMap(v)) {
    const out: Record<string, Value> = {};
    for (const [key, item] of v) {
      spend(BUILT_UNITS);
      const r = fromCel(item, depth + 1);
      if (!r.ok) return r;
      // defineProperty, not assignment: a "__proto__" key must stay data.
      Object.defineProperty(out, String(isCelUint(key) ? key.value : key), {
        value: r.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return { ok: true, value: out };
  }
  return { ok: false, type: v instanceof Uint8Array ? "bytes" : "non-JSON value" };
}
