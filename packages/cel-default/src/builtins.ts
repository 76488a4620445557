// Standard builtins replaced so that their cost is charged as they work (SDK §6.1, the time
// limit; see guard.ts), with the same results as @bufbuild/cel's:
//
// - `size(string)` counts code points without building an array of them (the library spread
//   the string: 240 ms for 10 MB), and charges the count when the string has surrogates;
// - `contains` charges its search, which costs up to ten times a plain scan;
// - `==`, `!=` and `in` on lists and maps charge every element they compare, and iterate
//   instead of indexing (indexing a list built by `map` was quadratic); scalars and messages
//   still compare with the library's equality;
// - `matches` runs on re2js (the RE2 engine the rest of the SDK uses, instead of the library's
//   copy of it), with compiled patterns cached, and each match charged in proportion to the
//   input's length (RE2 is linear in it: from under 1 to about 70 ns a character, measured on
//   a loaded machine, depending on the pattern) and each compilation to the pattern's.
import {
  type CelFunc,
  type CelList,
  type CelMap,
  CelScalar,
  type CelValue,
  celEnv,
  celFunc,
  celMethod,
  isCelList,
  isCelMap,
  listType,
} from "@bufbuild/cel";
import { LruCache } from "@oatf/model/internal";
import { RE2JS } from "re2js";
import {
  COMPILE_UNITS,
  CONTAINER_UNITS,
  ELEMENT_UNITS,
  MATCH_UNITS,
  SEARCH_UNITS,
  WALK_UNITS,
} from "./costs.js";
import { currentRun, spend } from "./guard.js";

const { BOOL, DYN, INT, STRING } = CelScalar;

/**
 * Code points in `s`: UTF-16 units minus one per surrogate pair. Most strings have no
 * surrogate, and one native scan says so; otherwise the pairs are counted in a loop (matching
 * them with a global regex built an array of every pair: 0.5 s for 4 MB of emoji), charged.
 */
export function codePoints(s: string): number {
  if (!/[\uD800-\uDFFF]/.test(s)) return s.length;
  spend(s.length * WALK_UNITS);
  let pairs = 0;
  for (let i = 0; i < s.length - 1; i++) {
    const hi = s.charCodeAt(i);
    if (hi >= 0xd800 && hi <= 0xdbff) {
      const lo = s.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        pairs += 1;
        i += 1;
      }
    }
  }
  return s.length - pairs;
}

/** The library's equality, for the values it compares without walking (scalars, messages). */
const stdEquals = (celEnv().funcs as unknown as { find(n: string): StdGroup }).find("_==_");
interface StdGroup {
  call(id: bigint, target: undefined, args: CelValue[]): CelValue | undefined;
}

/** CEL equality (langdef "Equality"), charging each list and map element it visits. */
export function equals(a: CelValue, b: CelValue): boolean {
  if (a === b) return true;
  // Two strings, booleans, ints or doubles that are not === differ (NaN included); the
  // library's equality took a microsecond to say so, forty times what it is charged.
  if (typeof a !== "object" && typeof a === typeof b) return false;
  if (isCelList(a)) return isCelList(b) && listsEqual(a, b);
  if (isCelMap(a)) return isCelMap(b) && mapsEqual(a, b);
  // The library's equality answers false across types (a scalar and a list or map too); it
  // has no error to report.
  return stdEquals.call(0n, undefined, [a, b]) === true;
}

// Lists are iterated with values(): a bound list's [Symbol.iterator] is the comprehension's
// copy of its range, charged for the array it fills (values.ts).
function listsEqual(a: CelList, b: CelList): boolean {
  spend(CONTAINER_UNITS);
  if (a.size !== b.size) return false;
  const other = b.values();
  for (const x of a.values()) {
    spend(ELEMENT_UNITS);
    if (!equals(x, other.next().value as CelValue)) return false;
  }
  return true;
}

function mapsEqual(a: CelMap, b: CelMap): boolean {
  spend(CONTAINER_UNITS);
  if (a.size !== b.size) return false;
  for (const [key, value] of a) {
    spend(ELEMENT_UNITS);
    const other = b.get(key);
    if (other === undefined || !equals(value, other)) return false;
  }
  return true;
}

function inList(value: CelValue, list: CelList): boolean {
  for (const x of list.values()) {
    spend(ELEMENT_UNITS);
    if (equals(x, value)) return true;
  }
  return false;
}

/**
 * The `re2` option of celEnv: re2js, compiled patterns cached, matches charged. A pattern's
 * compilation is charged on its first use in each evaluation, whether or not the cache holds
 * it, so that an evaluation's cost never depends on what earlier evaluations compiled.
 */
export function re2(cacheSize = 256): NonNullable<Parameters<typeof celEnv>[0]>["re2"] {
  const cache = new LruCache<string, { re: RE2JS; run: number }>(cacheSize);
  return {
    compile(pattern: string) {
      const run = currentRun();
      let entry = cache.get(pattern);
      if (entry?.run !== run) spend(pattern.length * COMPILE_UNITS);
      if (entry === undefined) {
        entry = { re: RE2JS.compile(pattern), run };
        cache.set(pattern, entry);
      }
      entry.run = run;
      const compiled = entry.re;
      return {
        test(input: string) {
          spend(input.length * MATCH_UNITS);
          return compiled.test(input);
        },
      };
    },
  };
}

/** The overrides, to register in the environment. */
export function meteredBuiltins(): CelFunc[] {
  const LIST = listType(DYN);
  const size = (s: string) => BigInt(codePoints(s));
  return [
    celFunc("size", [STRING], INT, size),
    celMethod("size", STRING, [], INT, function (this: string) {
      return size(this);
    }),
    celMethod("contains", STRING, [STRING], BOOL, function (this: string, sub: string) {
      spend(this.length * SEARCH_UNITS);
      return this.includes(sub);
    }),
    celFunc("_==_", [DYN, DYN], BOOL, equals),
    celFunc("_!=_", [DYN, DYN], BOOL, (a: CelValue, b: CelValue) => !equals(a, b)),
    celFunc("@in", [DYN, LIST], BOOL, inList),
  ];
}
