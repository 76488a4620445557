// Each option of createCelEvaluator takes effect, has the documented default, and falls back to
// that default when it is of the wrong type or out of range (README, "API"). Evaluators are
// created inside the tests, so that resolving the options is part of what each test runs.
import { type CelEvaluatorOptions, createCelEvaluator, DEFAULT_OPTIONS } from "@oatf/cel-default";
import type { Value } from "@oatf/model";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Evaluator = ReturnType<typeof createCelEvaluator>;

/** A time limit that a loaded machine cannot reach, for the tests of the other options. */
const roomy = (options: CelEvaluatorOptions = {}) =>
  createCelEvaluator({ timeoutMs: 10_000, ...options });

const outcome = (r: ReturnType<Evaluator["evaluate"]>) => (r.ok ? r.value : r.error);

/** Wrong types and out-of-range values that every positive limit ignores. */
const INVALID_POSITIVE = [0, -1, Number.NaN, Number.POSITIVE_INFINITY, "5", null, true];

describe("DEFAULT_OPTIONS", () => {
  // Each default is checked by the behaviour it gives, below.
  it("cannot be changed by a caller", () => {
    expect(Object.isFrozen(DEFAULT_OPTIONS)).toBe(true);
  });
});

describe("maxCost", () => {
  // A call is charged the length of its string arguments: 100 calls of size() on 3 MB cost
  // 300,000,000 units, in a few milliseconds. No clock backstop: only the budget decides.
  const s = "x".repeat(3_000_000);
  const l = Array.from({ length: 100 }, (_, i) => i);
  const work = "l.all(i, size(s) > 0)";
  const run = (options: CelEvaluatorOptions) =>
    outcome(
      createCelEvaluator({ timeoutMs: Number.POSITIVE_INFINITY, ...options }).evaluate(work, {
        s,
        l,
      }),
    );
  const exceeded = (units: number) => ({
    kind: "cel_error",
    message: `evaluation exceeded the cost budget of ${units} units`,
  });

  it("defaults to 100,000,000 units", () => {
    expect(run({})).toEqual(exceeded(100_000_000));
    // 33 calls fit in the default budget, 34 do not.
    const fits = (n: number) =>
      outcome(createCelEvaluator().evaluate(`l.all(i, size(s) > 0)`, { s, l: l.slice(0, n) }));
    expect(fits(33)).toBe(true);
    expect(fits(34)).toEqual(exceeded(100_000_000));
  });

  it("takes a custom budget", () => {
    expect(run({ maxCost: 1_000_000_000 })).toBe(true);
    expect(run({ maxCost: 1_000_000 })).toEqual(exceeded(1_000_000));
  });

  it("Infinity disables the budget", () => {
    expect(run({ maxCost: Number.POSITIVE_INFINITY })).toBe(true);
  });

  it.each([0, -1, Number.NaN, "1000000000", null])("%s falls back to the default", (maxCost) => {
    expect(run({ maxCost: maxCost as number })).toEqual(exceeded(100_000_000));
  });
});

describe("timeoutMs", () => {
  // The backstop reads the clock; a clock the test moves makes it exact. A getter of the
  // context (read when the context is bound) moves it by `ms`; "true" charges nothing.
  const advancing = (ms: number) => ({
    get x(): Value {
      now += ms;
      return 1;
    },
  });
  let now = 0;
  beforeEach(() => {
    now = 1000;
    vi.spyOn(performance, "now").mockImplementation(() => now);
  });
  afterEach(() => vi.restoreAllMocks());
  const exceeded = (ms: number) => ({
    kind: "cel_error",
    message: `evaluation exceeded the time limit of ${ms} ms`,
  });
  const run = (options: CelEvaluatorOptions, ms: number) =>
    outcome(createCelEvaluator(options).evaluate("true", advancing(ms)));

  it("defaults to 1,000 ms, checked after the run", () => {
    expect(run({}, 1000)).toBe(true);
    expect(run({}, 1001)).toEqual(exceeded(1000));
  });

  it("takes a custom limit", () => {
    expect(run({ timeoutMs: 50 }, 50)).toBe(true);
    expect(run({ timeoutMs: 50 }, 51)).toEqual(exceeded(50));
  });

  it("Infinity disables it", () => {
    expect(run({ timeoutMs: Number.POSITIVE_INFINITY }, 1e9)).toBe(true);
  });

  it.each([0, -1, Number.NaN, "50", null])("%s falls back to 1,000 ms", (timeoutMs) => {
    expect(run({ timeoutMs: timeoutMs as number }, 1000)).toBe(true);
    expect(run({ timeoutMs: timeoutMs as number }, 1001)).toEqual(exceeded(1000));
  });
});

describe("maxExpressionLength", () => {
  const ofLength = (n: number) => `${" ".repeat(n - 1)}1`;
  const tooLong = (n: number) => ({
    ok: false,
    error: { message: `expression is longer than ${n} characters` },
  });

  it("defaults to 10,000 UTF-16 code units, checked before parsing", () => {
    const cel = roomy();
    expect(cel.evaluate(ofLength(10_000), {})).toEqual({ ok: true, value: 1 });
    expect(cel.check(ofLength(10_001))).toEqual(tooLong(10_000));
    expect(cel.evaluate(ofLength(10_001), {})).toEqual({
      ok: false,
      error: {
        kind: "cel_error",
        message: "invalid expression: expression is longer than 10000 characters",
      },
    });
  });

  it("takes a custom limit", () => {
    const cel = roomy({ maxExpressionLength: 5 });
    expect(cel.evaluate("1 + 2", {})).toEqual({ ok: true, value: 3 });
    expect(cel.check("1 + 23")).toEqual(tooLong(5));
  });

  it.each(INVALID_POSITIVE)("%s falls back to the default", (maxExpressionLength) => {
    const cel = roomy({ maxExpressionLength: maxExpressionLength as number });
    expect(cel.check("1 + 23")).toEqual({ ok: true, value: undefined });
    expect(cel.check(ofLength(10_001))).toEqual(tooLong(10_000));
  });
});

describe("maxAstNodes", () => {
  /** A list of n identifiers: n + 1 nodes, n of them counted in the source before parsing. */
  const listOf = (n: number) => `[${Array.from({ length: n }, () => "x").join(", ")}]`;

  it("defaults to 1,000", () => {
    const cel = roomy();
    expect(cel.check(listOf(999))).toEqual({ ok: true, value: undefined });
    // 1,000 identifiers pass the count before parsing; the AST has 1,001 nodes, and the walk
    // (the list, then its elements from the last) crosses the limit at the first element.
    expect(cel.check(listOf(1000))).toEqual({
      ok: false,
      error: { message: "expression has more than 1000 nodes", line: 1, column: 2 },
    });
    expect(cel.check(listOf(1001))).toEqual({
      ok: false,
      error: { message: "expression has more than 1000 nodes" },
    });
  });

  it("takes a custom limit", () => {
    const cel = roomy({ maxAstNodes: 1 });
    expect(cel.evaluate("x", { x: 5 })).toEqual({ ok: true, value: 5 });
    expect(cel.check("x + y")).toEqual({
      ok: false,
      error: { message: "expression has more than 1 nodes" },
    });
  });

  it.each(INVALID_POSITIVE)("%s falls back to the default", (maxAstNodes) => {
    const cel = roomy({ maxAstNodes: maxAstNodes as number });
    expect(cel.check(listOf(999)).ok).toBe(true);
    expect(cel.check(listOf(1001)).ok).toBe(false);
  });
});

describe("maxAstDepth", () => {
  /** `x.a.a...a`: `x` sits n levels deep, and the source has no brackets. */
  const selects = (n: number) => `x${".a".repeat(n)}`;
  const parens = (n: number) => `${"(".repeat(n)}1${")".repeat(n)}`;

  it("defaults to 100, in the AST and in the source's brackets", () => {
    const cel = roomy();
    expect(cel.check(selects(100))).toEqual({ ok: true, value: undefined });
    expect(cel.check(selects(101))).toEqual({
      ok: false,
      error: { message: "expression nests deeper than 100 levels", line: 1, column: 1 },
    });
    expect(cel.evaluate(parens(100), {})).toEqual({ ok: true, value: 1 });
    expect(cel.check(parens(101))).toEqual({
      ok: false,
      error: { message: "expression nests deeper than 100 levels" },
    });
  });

  it("takes a custom limit", () => {
    const cel = roomy({ maxAstDepth: 2 });
    expect(cel.evaluate("x.a.b", { x: { a: { b: 7 } } })).toEqual({ ok: true, value: 7 });
    expect(cel.check("x.a.b.c")).toMatchObject({
      ok: false,
      error: { message: "expression nests deeper than 2 levels" },
    });
  });

  it.each(INVALID_POSITIVE)("%s falls back to the default", (maxAstDepth) => {
    const cel = roomy({ maxAstDepth: maxAstDepth as number });
    expect(cel.check(selects(100)).ok).toBe(true);
    expect(cel.check(selects(101)).ok).toBe(false);
  });
});

describe("maxComprehensionDepth", () => {
  /** n comprehensions, each in the body of the one before. */
  const nested = (n: number) => {
    let e = "true";
    for (let i = 0; i < n; i++) e = `[1].all(v${i}, ${e})`;
    return e;
  };

  it("defaults to 10", () => {
    const cel = roomy();
    expect(cel.evaluate(nested(10), {})).toEqual({ ok: true, value: true });
    expect(cel.check(nested(11))).toMatchObject({
      ok: false,
      error: {
        message: "comprehensions (exists, all, exists_one, filter, map) nest deeper than 10",
      },
    });
  });

  it("takes a custom limit, and reports the comprehension that crosses it", () => {
    const cel = roomy({ maxComprehensionDepth: 1 });
    expect(cel.evaluate("[1].all(x, x > 0)", {})).toEqual({ ok: true, value: true });
    expect(cel.check("[[1]].all(x, x.all(y, y > 0))")).toEqual({
      ok: false,
      error: {
        message: "comprehensions (exists, all, exists_one, filter, map) nest deeper than 1",
        line: 1,
        column: 15, // the parser places a macro call at its dot
      },
    });
  });

  it.each(INVALID_POSITIVE)("%s falls back to the default", (maxComprehensionDepth) => {
    const cel = roomy({ maxComprehensionDepth: maxComprehensionDepth as number });
    expect(cel.check(nested(10)).ok).toBe(true);
    expect(cel.check(nested(11)).ok).toBe(false);
  });
});

describe("maxConcatSize", () => {
  const concat = (cel: Evaluator, total: number) =>
    outcome(cel.evaluate("size(s + t)", { s: "a".repeat(total - 1), t: "b" }));

  it("defaults to 1,000,000", () => {
    const cel = roomy();
    expect(concat(cel, 1_000_000)).toBe(1_000_000);
    expect(concat(cel, 1_000_001)).toMatchObject({
      message: expect.stringMatching(/^string concatenation exceeds the size limit of 1000000/),
    });
  });

  it("takes a custom limit", () => {
    const cel = roomy({ maxConcatSize: 10 });
    expect(concat(cel, 10)).toBe(10);
    expect(concat(cel, 11)).toMatchObject({
      message: expect.stringMatching(/^string concatenation exceeds the size limit of 10 /),
    });
  });

  it.each(INVALID_POSITIVE)("%s falls back to the default", (maxConcatSize) => {
    const cel = roomy({ maxConcatSize: maxConcatSize as number });
    expect(concat(cel, 1_000_000)).toBe(1_000_000);
    expect(concat(cel, 1_000_001)).toMatchObject({ kind: "cel_error" });
  });
});

describe("requireBoolean", () => {
  it("only true turns a non-boolean result into a type_error", () => {
    expect(roomy({ requireBoolean: true }).evaluate("1", {})).toEqual({
      ok: false,
      error: { kind: "type_error", message: "expected a bool result, got int" },
    });
    for (const requireBoolean of [false, undefined, "true", 1]) {
      const cel = roomy({ requireBoolean: requireBoolean as boolean });
      expect(cel.evaluate("1", {})).toEqual({ ok: true, value: 1 });
    }
  });
});

describe("isolated", () => {
  it("only true starts a worker: other values evaluate in the caller's thread", () => {
    // In the caller's thread a function binds as null; a worker could not even receive it.
    for (const isolated of [false, "true", 1]) {
      const cel = roomy({ isolated: isolated as boolean });
      expect(cel.evaluate("f == null", { f: (() => 1) as never })).toEqual({
        ok: true,
        value: true,
      });
    }
  });
});

describe("the options argument itself", () => {
  it.each([undefined, null, 5, "options"])("%s means all defaults", (options) => {
    const cel = createCelEvaluator(options as never);
    expect(cel.check(`${" ".repeat(10_000)}1`)).toMatchObject({ ok: false });
    expect(cel.evaluate("1 + 1", {})).toEqual({ ok: true, value: 2 });
  });
});
