// Hostile expressions (issue 12 §1, issue 23 §12): each class of input that kept one
// `evaluate` call of the in-thread evaluator running for seconds. Shared by hostile.test.ts
// (each ends in a limit error), load.test.ts (the same results with the machine loaded) and
// bench/calibration.bench.ts (the wall times at the default budget: its calibration).
import type { Value } from "@oatf/model";

export interface HostileCase {
  name: string;
  expression: string;
  /** Built when first read (a getter), not at import: some hold tens of megabytes. */
  readonly context: Record<string, Value>;
  /** The limit that stops it: the cost budget, or a static limit (before parsing). */
  stop: "cost" | "static";
}

/** `[seed]` grown by `steps` comprehensions that each make it four times longer. */
const grown = (seed: string, steps: number) => {
  let e = `[${seed}]`;
  for (let i = 0; i < steps; i++) e = `${e}.map(x, x + x + x + x)`;
  return e;
};
const repeat = (term: string, n: number, sep = ", ") =>
  Array.from({ length: n }, () => term).join(sep);
const range = (n: number) => `[${Array.from({ length: n }, (_, i) => i).join(", ")}]`;

/** A value made on first use and kept. */
const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
};
const mb10 = once(() => "ab".repeat(5_000_000));
const kb300 = once(() => "abc".repeat(100_000));
const bigList = once(() => Array.from({ length: 1_000_000 }, (_, i) => i));
const pattern1mb = once(() => `(?:${"a|".repeat(250_000)}b)`);
/** Just under what one match may scan within the default budget (131 units a character). */
const fullMatchInput = once(() => `${"ab".repeat(375_000)}!`);
const longTimestamp = once(() => `2024-01-01T00:00:00${"9".repeat(5_000_000)}Z`);
const bigMap = once(() =>
  Object.fromEntries(
    bigList()
      .slice(0, 100_000)
      .map((i) => [`k${i}`, i]),
  ),
);

export const hostileCases: HostileCase[] = [
  {
    name: "many size(t), t ~1 MB built in the expression",
    stop: "cost",
    expression: `${grown("'abc'", 9)}.map(t, [${repeat("size(t)", 300)}]).size() > 0`,
    context: {},
  },
  {
    name: "many size(t), t a 10 MB string of the message",
    stop: "cost",
    expression: `[${repeat("size(t)", 400)}].size() > 0`,
    get context() {
      return { t: mb10() };
    },
  },
  {
    name: "x + x doubling in map, empty context",
    stop: "cost",
    expression: `${grown("'a'", 9)}.map(y, ${range(200)}.map(i, size(y + y) > 0)).size() > 0`,
    context: {},
  },
  {
    name: "loops concatenating ~1 MB strings (within the cap on +)",
    stop: "cost",
    expression: `${range(100)}.map(i, ${range(100)}.map(j, size(t + t + t) > 0)).size() > 0`,
    get context() {
      return { t: kb300() };
    },
  },
  {
    name: "contains, startsWith, endsWith on a 10 MB string",
    stop: "cost",
    expression: `[${repeat("t.contains('abababababbb') || t.startsWith(t) || t.endsWith(t)", 80)}].size() > 0`,
    get context() {
      return { t: mb10() };
    },
  },
  {
    name: "contains, a pattern whose first character is everywhere",
    stop: "cost",
    expression: `[${repeat("t.contains('aab')", 200)}].size() > 0`,
    get context() {
      return { t: "a".repeat(1_000_000) };
    },
  },
  {
    name: "size of a string of emoji (surrogate pairs)",
    stop: "cost",
    expression: `[${repeat("size(t)", 200)}].size() > 0`,
    get context() {
      return { t: "\u{1F600}".repeat(500_000) };
    },
  },
  {
    name: "matches on a 10 MB string",
    stop: "cost",
    expression: `[${repeat("t.matches('(a|b|c|d)*(e|f)+[a-z]{20}q')", 50)}].size() > 0`,
    get context() {
      return { t: mb10() };
    },
  },
  {
    // The slowest pattern per character found (a full match over alternation), on the longest
    // input one call may scan: the first call runs, the second is refused.
    name: "matches, slowest pattern, on the most one call may scan",
    stop: "cost",
    expression: `[${repeat("t.matches('^(a|b)+$')", 2)}].size() > 0`,
    get context() {
      return { t: fullMatchInput() };
    },
  },
  {
    name: "a pattern of 1 MB from the message",
    stop: "cost",
    expression: `[${repeat("'ab'.matches(p)", 50)}].size() > 0`,
    get context() {
      return { p: pattern1mb() };
    },
  },
  {
    name: "in on a list of a million elements",
    stop: "cost",
    expression: `[${repeat("-1 in l", 200)}].size() > 0`,
    get context() {
      return { l: bigList() };
    },
  },
  {
    name: "size of an object with 100,000 keys",
    expression: `[${repeat("size(m.o)", 300)}].size() > 0`,
    get context() {
      return { m: { o: bigMap() } };
    },
    stop: "cost",
  },
  {
    name: "equality of large lists built by map",
    stop: "cost",
    expression: `[${repeat("l.map(x, x) == l.map(y, y)", 40)}].size() > 0`,
    get context() {
      return { l: bigList() };
    },
  },
  {
    name: "nested comprehensions",
    stop: "cost",
    expression: `${range(60)}.all(a, ${range(60)}.all(b, ${range(60)}.all(c, ${range(60)}.all(d, a + b + c + d >= 0))))`,
    context: {},
  },
  {
    name: "maps built in a comprehension",
    stop: "cost",
    expression: `l.map(x, {'k': x, 'v': [x, x, x]}).filter(m, m.k >= 0).size() > 0`,
    get context() {
      return { l: bigList() };
    },
  },
  {
    name: "a huge result to convert",
    stop: "cost",
    expression: `[${repeat("l", 400)}]`,
    get context() {
      return { l: bigList() };
    },
  },
  {
    name: "timestamps and durations from long strings",
    stop: "cost",
    // exists() goes on past an error, so every step parses the long strings again.
    expression: `${range(200)}.exists(i, timestamp(t) < timestamp(t) || duration(t) > duration(t))`,
    get context() {
      return { t: longTimestamp() };
    },
  },
  {
    name: "double() of a long decimal string",
    stop: "cost",
    expression: `[${repeat("double(d) > 0.0", 120)}].size() > 0`,
    get context() {
      return { d: `0.${"1".repeat(1_000_000)}` };
    },
  },
  {
    name: "string conversions of large bytes",
    stop: "cost",
    expression: `[${repeat("size(string(bytes(t)))", 200)}].size() > 0`,
    get context() {
      return { t: mb10() };
    },
  },
  {
    name: "a wide map literal built in every loop step",
    stop: "cost",
    expression: `l.all(i, size({${Array.from({ length: 300 }, (_, k) => `${k}: i`).join(", ")}}) > 0)`,
    get context() {
      return { l: bigList() };
    },
  },
  {
    name: "a long chain of field selections in every loop step",
    stop: "cost",
    expression: `l.all(i, ${repeat("m.a.b.c.d.e.f.g.h == 1", 12, " && ")})`,
    get context() {
      return { l: bigList(), m: { a: { b: { c: { d: { e: { f: { g: { h: 1 } } } } } } } } };
    },
  },
  {
    // A comprehension copies its range before its first step: one step of `exists` on a list
    // built in the expression copies all of it.
    name: "a list built in the expression, iterated anew in every step",
    stop: "cost",
    expression: "[l.map(x, x)].all(big, o.all(i, big.exists(x, true)))",
    get context() {
      return { l: bigList().slice(0, 50_000), o: bigList() };
    },
  },
  {
    name: "a long || chain (parse)",
    stop: "static",
    expression: Array.from({ length: 2000 }, (_, i) => `x == ${i}`).join(" || "),
    context: { x: -1 },
  },
  {
    name: "thousands of terms just under the length limit",
    stop: "static",
    expression: repeat("a", 4999, "+"),
    context: { a: 1 },
  },
  {
    name: "deeply nested brackets",
    stop: "static",
    expression: `${"[".repeat(4999)}${"]".repeat(4999)}`,
    context: {},
  },
];
