// The adversarial set of the cost budget (issue 32): expressions written to make one `evaluate`
// call as slow as the default budget lets it be, one family per kind of work the budget
// charges. Under the default options each must either complete or end in a limit error, the
// same one every time (test/adversarial.test.ts), and take about 100 ms at most
// (bench/calibration.bench.ts, which fails past 150 ms on a quiet machine).
import type { Value } from "@oatf/model";

export interface AdversarialCase {
  name: string;
  family: string;
  expression: string;
  /** Built when first read (a getter), not at import: some hold megabytes. */
  readonly context: Record<string, Value>;
  /**
   * How it ends under the default options: the cost budget, the size limit on `+`, a result
   * with no JSON form (`type_error`), or its value (`true`).
   */
  ends: "budget" | "size" | "type" | "value";
}

/** A value made on first use and kept. */
const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
};
const ints = (n: number) => Array.from({ length: n }, (_, i) => i);
const l30 = once(() => ints(30));
const l1k = once(() => ints(1_000));
const l100k = once(() => ints(100_000));
const s100k = once(() => "a".repeat(100_000));
const ab100k = once(() => "ab".repeat(50_000));
/** `depth` arrays nested in one another around 0. */
const nested = (depth: number) => {
  let v: Value = 0;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};
const deep = once(() => nested(5_000));
const deepTwin = once(() => nested(5_000));
const chain = (ident: string, n: number, op: string) =>
  Array.from({ length: n }, () => ident).join(op);

export const adversarialCases: AdversarialCase[] = [];
/** Adds a family of cases (assigned, not spread: a spread would build every context now). */
const family = (name: string, members: Omit<AdversarialCase, "family">[]) => {
  for (const m of members) adversarialCases.push(Object.assign(m, { family: name }));
};

family("nested comprehensions", [
  {
    name: "4 nested all over 30 elements",
    ends: "budget",
    expression: "l.all(a, l.all(b, l.all(c, l.all(d, a + b + c + d >= 0))))",
    get context() {
      return { l: l30() };
    },
  },
  {
    name: "3 nested exists over 30 elements, map inside",
    ends: "budget",
    expression: "l.exists(a, l.exists(b, l.map(c, a * b * c).exists(d, d < 0)))",
    get context() {
      return { l: l30() };
    },
  },
  {
    name: "2 nested exists over 1,000 elements",
    ends: "budget",
    expression: "l.exists(x, l.exists(y, x == y + 1000000))",
    get context() {
      return { l: l1k() };
    },
  },
  {
    name: "filter inside map over 1,000 elements",
    ends: "budget",
    expression: "size(l.map(x, l.filter(y, y < x))) > 0",
    get context() {
      return { l: l1k() };
    },
  },
  {
    name: "exists_one inside all over 1,000 elements",
    ends: "budget",
    expression: "l.all(x, l.exists_one(y, y == x))",
    get context() {
      return { l: l1k() };
    },
  },
  {
    name: "2 nested exists over 100,000 elements",
    ends: "budget",
    expression: "l.exists(x, l.exists(y, x == y + 1000000))",
    get context() {
      return { l: l100k() };
    },
  },
  {
    name: "map then exists over 100,000 built elements",
    ends: "budget",
    expression: "l.map(x, x * 2).exists(x, l.exists(y, x == y - 1))",
    get context() {
      return { l: l100k() };
    },
  },
  {
    name: "one all over 100,000 elements, long body",
    ends: "budget",
    expression: `l.all(x, ${chain("x + 1 > x", 20, " && ")})`,
    get context() {
      return { l: l100k() };
    },
  },
]);

family("string growth", [
  {
    name: "doubling by map, 19 times (to 512k characters)",
    ends: "value",
    expression: `['a']${".map(s, s + s)".repeat(19)}.all(s, size(s) > 0)`,
    context: {},
  },
  {
    name: "doubling past the size cap",
    ends: "size",
    expression: `['a']${".map(s, s + s)".repeat(24)}.all(s, size(s) > 0)`,
    context: {},
  },
  {
    name: "concatenating 100k strings in a loop",
    ends: "budget",
    expression: "l.all(i, size(t + t + t + t) > 0)",
    get context() {
      return { l: l1k(), t: s100k() };
    },
  },
  {
    name: "concatenation in nested loops",
    ends: "budget",
    expression: "l.all(i, l.all(j, (string(i) + t + string(j)).endsWith('x') == false))",
    get context() {
      return { l: l1k(), t: "ab".repeat(500) };
    },
  },
  {
    name: "four-fold growth in map, then searched",
    ends: "budget",
    expression:
      "[t].map(x, x + x + x + x).map(x, x + x + x + x).all(x, l.all(i, !x.contains('b')))",
    get context() {
      return { l: l1k(), t: "a".repeat(50_000) };
    },
  },
]);

family("string search", [
  {
    name: "contains over 100k characters in a loop",
    ends: "budget",
    expression: "l.all(i, !t.contains('aab'))",
    get context() {
      return { l: l1k(), t: s100k() };
    },
  },
  {
    name: "startsWith/endsWith over 100k characters in a loop",
    ends: "budget",
    expression: "l.all(i, t.startsWith(t) && t.endsWith(t))",
    get context() {
      return { l: l1k(), t: s100k() };
    },
  },
  {
    name: "matches over 100k characters in a loop",
    ends: "budget",
    expression: "l.all(i, t.matches('^(a|b)+$'))",
    get context() {
      return { l: l1k(), t: ab100k() };
    },
  },
  {
    name: "matches, a new pattern every step",
    ends: "budget",
    expression: "l.all(i, !t.matches('b' + string(i) + '(a|b)*c'))",
    get context() {
      return { l: l1k(), t: ab100k() };
    },
  },
  {
    name: "a 20k-character pattern in a loop",
    ends: "value",
    expression: "l.all(i, !'b'.matches(p))",
    get context() {
      return { l: l1k(), p: `(?:${"a|".repeat(10_000)}a)` };
    },
  },
]);

family("time parsing", [
  {
    name: "1M timestamp() parses",
    ends: "budget",
    expression:
      "l.all(i, l.all(j, timestamp('2024-01-01T00:00:00Z') < timestamp('2025-06-30T12:34:56.789Z')))",
    get context() {
      return { l: l1k() };
    },
  },
  {
    name: "1M duration() parses",
    ends: "budget",
    expression: "l.all(i, l.all(j, duration('1h2m3.5s') < duration('86400s')))",
    get context() {
      return { l: l1k() };
    },
  },
  {
    name: "1M timestamp(int) and accessors",
    ends: "budget",
    expression: "l.all(i, l.all(j, timestamp(i * 1000 + j).getFullYear() == 1970))",
    get context() {
      return { l: l1k() };
    },
  },
  {
    name: "1M timestamp arithmetic",
    ends: "budget",
    expression: "l.all(i, l.all(j, timestamp(t) + duration(d) - timestamp(t) == duration(d)))",
    get context() {
      return { l: l1k(), t: "2024-01-01T00:00:00Z", d: "90s" };
    },
  },
]);

family("number conversions", [
  {
    name: "1M int/string round-trips",
    ends: "budget",
    expression: "l.all(i, l.all(j, int(string(i * 1000 + j)) == i * 1000 + j))",
    get context() {
      return { l: l1k() };
    },
  },
  {
    name: "1M double/string round-trips",
    ends: "budget",
    expression: "l.all(i, l.all(j, double(string(double(i) / 7.0)) > -1.0))",
    get context() {
      return { l: l1k() };
    },
  },
  {
    name: "1M uint/bytes/string conversions",
    ends: "budget",
    expression: "l.all(i, l.all(j, size(string(bytes(string(uint(i))))) > 0))",
    get context() {
      return { l: l1k() };
    },
  },
]);

family("list equality and in", [
  {
    name: "equality of 100k-element lists in a loop",
    ends: "budget",
    expression: "l.all(i, a == b)",
    get context() {
      return { l: l1k(), a: l100k(), b: ints(100_000) };
    },
  },
  {
    name: "in over 100k elements in a loop",
    ends: "budget",
    expression: "l.all(i, !(-1 in a))",
    get context() {
      return { l: l1k(), a: l100k() };
    },
  },
  {
    name: "in over a 100k-element list built in the expression",
    ends: "budget",
    expression: "[a.map(x, x)].all(b, l.all(i, !(-1 in b)))",
    get context() {
      return { l: l1k(), a: l100k() };
    },
  },
  {
    name: "equality of built 100k-element lists in a loop",
    ends: "budget",
    expression: "[a.map(x, x)].all(b, l.all(i, b == b + []))",
    get context() {
      return { l: l1k(), a: l100k() };
    },
  },
]);

family("errors in loops", [
  {
    name: "a failing conversion in every step",
    ends: "budget",
    expression: "l.all(i, l.all(j, int('x' + string(j)) > 0 || true))",
    get context() {
      return { l: l1k() };
    },
  },
  {
    name: "a missing field in every step",
    ends: "budget",
    expression: "l.all(i, l.all(j, m.missing > 0 || true))",
    get context() {
      return { l: l1k(), m: {} };
    },
  },
  {
    name: "no matching overload in every step",
    ends: "budget",
    expression: "l.all(i, l.all(j, i + 'a' == 'b' || true))",
    get context() {
      return { l: l1k() };
    },
  },
  {
    name: "a non-boolean operand in every step",
    ends: "budget",
    expression: "l.all(i, l.all(j, j || true))",
    get context() {
      return { l: l1k() };
    },
  },
]);

family("deep nesting", [
  {
    name: "10 nested comprehensions over 5 elements",
    ends: "budget",
    expression: `${Array.from({ length: 10 }, (_, i) => `l.all(v${i}, `).join("")}true${")".repeat(10)}`,
    get context() {
      return { l: ints(5) };
    },
  },
  {
    name: "equality of 5,000-deep nested lists",
    ends: "budget",
    expression: "l.all(i, a == b)",
    get context() {
      return { l: l1k(), a: deep(), b: deepTwin() };
    },
  },
  {
    name: "a 5,000-deep nested list as the result",
    ends: "type",
    expression: "a",
    get context() {
      return { a: deep() };
    },
  },
  {
    name: "99 nested parentheses in a loop",
    ends: "budget",
    expression: `l.all(i, l.all(j, ${"(".repeat(95)}i + j${")".repeat(95)} >= 0))`,
    get context() {
      return { l: l1k() };
    },
  },
]);
