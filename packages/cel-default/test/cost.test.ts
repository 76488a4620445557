// The cost model of the budget (costs.ts, guard.ts, meter.ts, builtins.ts, concat.ts,
// values.ts): what each kind of work is charged. The budget is deterministic, so the exact cost
// of an evaluation can be found (costOf bisects the budget), and each weight is pinned by the
// difference between two evaluations that differ only in that work.
import { createCelEvaluator } from "@oatf/cel-default";
import type { Value } from "@oatf/model";
import { describe, expect, it } from "vitest";
import {
  CALL_UNITS,
  CHAR_UNITS,
  CODEC_UNITS,
  COMPILE_UNITS,
  CONTAINER_UNITS,
  CONVERSION_UNITS,
  COPY_UNITS,
  ELEMENT_NODES,
  ELEMENT_UNITS,
  ERROR_UNITS,
  FRESH_UNITS,
  GROW_UNITS,
  KEY_UNITS,
  LARGE_BYTES,
  MATCH_UNITS,
  NODE_UNITS,
  PARSE_UNITS,
  READ_UNITS,
  SEARCH_UNITS,
  STEP_UNITS,
  TIME_UNITS,
  WALK_UNITS,
} from "../src/costs.js";
import { costOf, list, outcome, overBudget, withinBudget } from "./helpers.js";

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const repeat = (term: string, n: number) => Array.from({ length: n }, () => term).join(", ");
/** How much more `expression` costs on context `b` than on context `a`. */
const extra = (expression: string, a: Record<string, unknown>, b: Record<string, unknown>) =>
  costOf(expression, b) - costOf(expression, a);

describe("the budget is exact", () => {
  it("an evaluation succeeds at its cost and fails one unit below it", () => {
    const e = `[${repeat("size(t)", 10)}].size() > 0`;
    const context = { t: "a".repeat(1000) };
    const cost = costOf(e, context);
    expect(withinBudget(cost, e, context)).toBe(true);
    expect(withinBudget(cost - 1, e, context)).toBe(overBudget(cost - 1));
  });
});

describe("a call is charged a fixed cost and the length of its string and bytes arguments", () => {
  const t = "a".repeat(100_000);

  it("as arguments: ten size(t) cost ten times the characters of t more than on ''", () => {
    const e = `[${repeat("size(t)", 10)}].size() > 0`;
    expect(extra(e, { t: "" }, { t })).toBe(10 * 100_000 * CHAR_UNITS);
  });

  it("as the target of a method: ten t.size() cost the same", () => {
    const e = `[${repeat("t.size()", 10)}].size() > 0`;
    expect(extra(e, { t: "" }, { t })).toBe(10 * 100_000 * CHAR_UNITS);
  });

  it("bytes too: bytes(t) encodes t (CODEC_UNITS more), then each size(b) scans the bytes", () => {
    const e = `[bytes(t)].all(b, [${repeat("size(b)", 10)}].size() > 0)`;
    expect(extra(e, { t: "" }, { t })).toBe(
      100_000 * (CHAR_UNITS + CODEC_UNITS) + 10 * 100_000 * CHAR_UNITS,
    );
  });

  it("bytes(t) of LARGE_BYTES or more is charged FRESH_UNITS a byte more", () => {
    const t = (n: number) => ({ t: "a".repeat(n) });
    expect(extra("size(bytes(t)) > 0", t(LARGE_BYTES - 1), t(LARGE_BYTES))).toBe(
      2 * CHAR_UNITS + CODEC_UNITS + LARGE_BYTES * FRESH_UNITS,
    );
  });

  it("string(b) decodes: CODEC_UNITS more a byte", () => {
    const e = "size(string(bytes(t))) > 0";
    expect(extra(e, { t: "" }, { t })).toBe(100_000 * (3 * CHAR_UNITS + 2 * CODEC_UNITS));
  });

  it("a type conversion costs CONVERSION_UNITS more than a call", () => {
    expect(costOf("dyn(x) == 1", { x: 1 }) - costOf("x == 1", { x: 1 })).toBe(
      CALL_UNITS + CONVERSION_UNITS,
    );
  });

  it("contains: SEARCH_UNITS more a character of the string it searches", () => {
    const e = "t.contains('aab')";
    expect(extra(e, { t: "" }, { t: "a".repeat(10_000) })).toBe(
      10_000 * (CHAR_UNITS + SEARCH_UNITS),
    );
  });

  it("size of a string with surrogate pairs: WALK_UNITS more a UTF-16 unit; without, nothing", () => {
    const e = "size(t) > 0";
    const plain = extra(e, { t: "a" }, { t: "a".repeat(10_001) });
    expect(plain).toBe(10_000 * CHAR_UNITS);
    const emoji = extra(e, { t: "\u{1F600}" }, { t: "\u{1F600}".repeat(5001) });
    expect(emoji).toBe(10_000 * (CHAR_UNITS + WALK_UNITS));
    expect(outcome("size(t)", { t: "a\u{1F600}b\uD800" })).toBe(4); // a lone surrogate counts
  });

  it("every call, whatever its arguments, costs CALL_UNITS", () => {
    expect(costOf("x + x + x", { x: 1 }) - costOf("x + x", { x: 1 })).toBe(CALL_UNITS);
    expect(costOf("size(l) + size(l)", { l: [1] }) - costOf("size(l)", { l: [1] })).toBe(
      2 * CALL_UNITS,
    );
  });
});

describe("loop steps are charged their size, on every step", () => {
  it("each step costs the same: the cost is linear in the elements", () => {
    const e = (n: number) => `${list(n)}.all(i, i >= 0)`;
    const step = (costOf(e(30)) - costOf(e(10))) / 20;
    expect(Number.isInteger(step)).toBe(true);
    expect(costOf(e(50)) - costOf(e(30))).toBe(20 * step);
    expect(step).toBeGreaterThanOrEqual(STEP_UNITS);
  });

  it("a map literal entry in a step counts as eight nodes: its key, its value and six more", () => {
    const wide = `${list(100)}.all(i, size({1: i, 2: i}) > 0)`;
    const narrow = `${list(100)}.all(i, size({1: i}) > 0)`;
    expect(costOf(wide) - costOf(narrow)).toBe(100 * 8 * NODE_UNITS);
  });

  it("a step that builds two more list elements costs 2 × (1 + ELEMENT_NODES) nodes more, on each of its steps", () => {
    const wide = `${list(100)}.all(i, size([i, i, i]) > 0)`;
    const narrow = `${list(100)}.all(i, size([i]) > 0)`;
    expect(costOf(wide) - costOf(narrow)).toBe(100 * 2 * (1 + ELEMENT_NODES) * NODE_UNITS);
  });

  it("a step that evaluates four more nodes costs 4 × NODE_UNITS more, and its call", () => {
    const wide = `${list(100)}.all(i, i == i && i == i)`;
    const narrow = `${list(100)}.all(i, i == i)`;
    // `&&`, and `==` with its two operands; `==` is a call, `&&` is not.
    expect(costOf(wide) - costOf(narrow)).toBe(100 * (4 * NODE_UNITS + CALL_UNITS));
  });
});

describe("equality and `in` are charged every element they compare, and every read", () => {
  const x = range(1000);

  it("== and != of two bound lists: ELEMENT_UNITS and two reads per element", () => {
    const perElement = ELEMENT_UNITS + 2 * READ_UNITS;
    expect(extra("x == y", { x: [], y: [] }, { x, y: [...x] })).toBe(1000 * perElement);
    expect(extra("x != y", { x: [], y: [] }, { x, y: [...x] })).toBe(1000 * perElement);
  });

  it("in a bound list: ELEMENT_UNITS and a read per element", () => {
    expect(extra("-1 in x", { x: [] }, { x })).toBe(1000 * (ELEMENT_UNITS + READ_UNITS));
  });

  it("each list or map == compares, nested ones too: CONTAINER_UNITS", () => {
    expect(costOf("[[1]] == [[1]]") - costOf("[1] == [1]")).toBe(CONTAINER_UNITS + ELEMENT_UNITS);
    expect(costOf("{'a': {'b': 1}} == {'a': {'b': 1}}") - costOf("{'a': 1} == {'a': 1}")).toBe(
      CONTAINER_UNITS + ELEMENT_UNITS,
    );
  });

  it("a value compared with itself costs nothing beyond the call", () => {
    expect(extra("x == x", { x: [] }, { x })).toBe(0);
  });
});

describe("what a call makes or reads beyond its arguments' characters", () => {
  it("a timestamp or duration made: TIME_UNITS", () => {
    expect(costOf("[timestamp(1)].size() == 1") - costOf("[dyn(1)].size() == 1")).toBe(TIME_UNITS);
    expect(costOf("[duration('1s')].size() == 1") - costOf("[string('1s')].size() == 1")).toBe(
      TIME_UNITS - 2 * CODEC_UNITS, // string() decodes nothing here but is charged as if
    );
  });

  it("a timestamp or duration read: TIME_UNITS each", () => {
    expect(
      costOf("[timestamp(1).getSeconds()].size() == 1") - costOf("[timestamp(1)].size() == 1"),
    ).toBe(CALL_UNITS + TIME_UNITS);
    expect(
      costOf("timestamp(1) < timestamp(2)") - costOf("[timestamp(1), timestamp(2)].size() == 2"),
    ).toBe(2 * TIME_UNITS + CALL_UNITS - 2 * CALL_UNITS);
  });

  it("a call that fails: ERROR_UNITS (and the call on its error is not made)", () => {
    const failing = (s: string) => costOf("int(s) > 0 || true", { s });
    expect(failing("x") - failing("1")).toBe(ERROR_UNITS - CALL_UNITS);
  });

  it("a call no overload matches: ERROR_UNITS", () => {
    const noOverload = (x: Value) => costOf("x + 1 > 0 || true", { x });
    expect(noOverload("a") - noOverload(1)).toBe(ERROR_UNITS - CALL_UNITS + CHAR_UNITS);
  });

  it("a read of a missing key or index: ERROR_UNITS", () => {
    const read = (m: Value) => costOf("m.a > 0 || true", { m });
    expect(read({}) - read({ a: 1 })).toBe(ERROR_UNITS - CALL_UNITS);
    const index = (l: Value) => costOf("l[0] > 0 || true", { l });
    expect(index([]) - index([1])).toBe(ERROR_UNITS - CALL_UNITS);
  });
});

describe("concatenation", () => {
  it("of strings: the characters of the result", () => {
    expect(extra("size(s + s) > 0", { s: "" }, { s: "a".repeat(5000) })).toBe(
      // The call scans its two arguments, + builds 10,000 characters, size() scans them.
      3 * 10_000 * CHAR_UNITS,
    );
  });

  it("of lists: every element copied (and read) and appended, the array's growth too", () => {
    const big = range(1000);
    expect(extra("size(big + [1]) > 0", { big: [] }, { big })).toBe(
      1000 * (ELEMENT_UNITS + GROW_UNITS + READ_UNITS),
    );
  });

  it("of strings: a result of LARGE_BYTES or more is charged FRESH_UNITS a character more", () => {
    // Two characters more, read by `+`, built by it and scanned by size, and a result past
    // the threshold.
    const t = (n: number) => ({ t: "a".repeat(n) });
    expect(extra("size(t + t) > 0", t(LARGE_BYTES / 2 - 1), t(LARGE_BYTES / 2))).toBe(
      6 * CHAR_UNITS + LARGE_BYTES * FRESH_UNITS,
    );
  });

  it("a list built in the expression is charged per element each time a loop copies it", () => {
    // `exists` stops at its first step, after copying its whole range: ten copies of a list
    // 1,000 elements longer cost 10 × 1,000 × COPY_UNITS more, beyond building it.
    const copying = "[l.map(x, x)].all(big, o.all(i, big.exists(x, true)))";
    const building = "[l.map(x, x)].all(big, o.all(i, true))";
    const longer = (e: string) =>
      costOf(e, { l: range(2000), o: range(10) }) - costOf(e, { l: range(1000), o: range(10) });
    expect(longer(copying) - longer(building)).toBe(10 * 1000 * COPY_UNITS);
  });

  it("map appends its result in place: each step costs the same (not quadratic)", () => {
    const e = "l.map(i, i).size() > 0";
    const c = (n: number) => costOf(e, { l: range(n) });
    expect(c(3000) - c(2000)).toBe(c(2000) - c(1000));
  });
});

describe("reading the message is charged", () => {
  const keys = (n: number) => Object.fromEntries(range(n).map((i) => [`k${i}`, i]));

  it("a loop's copy of its range: a read per element, and GROW_UNITS once LARGE_ELEMENTS long", () => {
    // `exists` stops at its first step, after copying its whole range.
    const copy = (n: number) => costOf("l.exists(x, true)", { l: range(n) });
    const large = LARGE_BYTES / 8;
    expect(copy(large - 1) - copy(large - 1001)).toBe(1000 * READ_UNITS);
    expect(copy(large) - copy(large - 1)).toBe(READ_UNITS + large * GROW_UNITS);
  });

  it("the keys of an object, listed once per view: KEY_UNITS per key", () => {
    expect(extra("size(m) > 0", { m: keys(1) }, { m: keys(5001) })).toBe(5000 * KEY_UNITS);
    // Ten sizes of the same bound object list its keys once.
    const ten = `[${repeat("size(m)", 10)}].size() > 0`;
    expect(extra(ten, { m: keys(1) }, { m: keys(5001) })).toBe(5000 * KEY_UNITS);
  });

  it("each element of the result: a read, ELEMENT_UNITS and the array's GROW_UNITS", () => {
    // (From one element: the cost of `l` on [] is 0, below the smallest budget, 1.)
    expect(extra("l", { l: [0] }, { l: range(5001) })).toBe(
      5000 * (READ_UNITS + ELEMENT_UNITS + GROW_UNITS),
    );
  });
});

describe("conversions from strings are charged the parse", () => {
  it.each(["int", "uint", "double", "timestamp"])("%s(s): PARSE_UNITS a character", (f) => {
    // The parse fails; || absorbs the error, so only the charges differ.
    const cost = (s: string) => costOf(`${f}(s) == ${f}(s) || true`, { s });
    expect(cost("x".repeat(1001)) - cost("x")).toBe(1000 * (PARSE_UNITS + CHAR_UNITS));
  });
});

describe("matches is charged its input and the compilation of its pattern", () => {
  it("MATCH_UNITS an input character (and the call's scan of it)", () => {
    expect(extra("t.matches('b')", { t: "" }, { t: "a".repeat(10_000) })).toBe(
      10_000 * (MATCH_UNITS + CHAR_UNITS),
    );
  });

  it("COMPILE_UNITS a pattern character, once per pattern and evaluation", () => {
    const one = "ab.matches(p)";
    const twenty = `[${repeat("ab.matches(p)", 20)}].size() == 20`;
    const short = { ab: "ab", p: "x" };
    const long = { ab: "ab", p: "x".repeat(1001) };
    expect(extra(one, short, long)).toBe(1000 * (COMPILE_UNITS + CHAR_UNITS));
    // Nineteen more uses of the pattern scan it again, but compile nothing.
    expect(extra(twenty, short, long)).toBe(1000 * COMPILE_UNITS + 20 * 1000 * CHAR_UNITS);
  });

  it("whether or not an earlier evaluation left the pattern compiled in the cache", () => {
    const p = "x".repeat(1000);
    const cost = costOf("'ab'.matches(p)", { p });
    const cel = createCelEvaluator({ maxCost: cost - 1, timeoutMs: Number.POSITIVE_INFINITY });
    // Cheaper by two input characters: it fits, and compiles and caches the pattern.
    expect(cel.evaluate("''.matches(p)", { p })).toEqual({ ok: true, value: false });
    expect(cel.evaluate("'ab'.matches(p)", { p })).toEqual({
      ok: false,
      error: { kind: "cel_error", message: overBudget(cost - 1) },
    });
  });
});
