// Each limit of the README's "Limits" section. No test asserts elapsed time (a hang would
// still fail the test by its timeout); bench/calibration.bench.ts measures the times, and
// bench/regex.bench.ts RE2's linear time as a ratio.
import { createCelEvaluator, DEFAULT_OPTIONS } from "@oatf/cel-default";
import { describe, expect, it } from "vitest";
import { costOf, evaluator, list, outcome, overBudget } from "./helpers.js";

const list30 = list(30);
/** Comprehensions nested `depth` deep over `size`-element lists: size^depth iterations. */
const nested = (depth: number, macro = "all", size = 30) => {
  const vars = Array.from({ length: depth }, (_, i) => `v${i}`);
  let body = `${vars.join(" + ")} >= 0`;
  for (const v of vars.reverse()) body = `${list(size)}.${macro}(${v}, ${body})`;
  return body;
};

const errorMessage = (r: ReturnType<ReturnType<typeof evaluator>["evaluate"]>) =>
  r.ok ? "ok" : r.error.message;
/** The error of an expression rejected before it runs, at `line:column` when known. */
const invalid = (message: string, line: number, column: number) => ({
  kind: "cel_error",
  message: `invalid expression at ${line}:${column}: ${message}`,
});

describe("static limits", () => {
  it("maxExpressionLength: rejects long sources before parsing", () => {
    const cel = evaluator();
    const long = `'${"a".repeat(DEFAULT_OPTIONS.maxExpressionLength)}' == ''`;
    expect(errorMessage(cel.evaluate(long, {}))).toMatch(/longer than 10000 characters/);
    expect(cel.check(long).ok).toBe(false);
  });

  it("maxAstNodes: a 2,000-term || chain is an error, not a hang", () => {
    const chain = Array.from({ length: 2000 }, (_, i) => `x == ${i}`).join(" || ");
    const wide = createCelEvaluator({ maxExpressionLength: 100_000 });
    expect(wide.evaluate(chain, { x: -1 })).toEqual({
      ok: false,
      error: { kind: "cel_error", message: expect.stringMatching(/more than 1000 nodes/) },
    });
    // The default length limit already stops it (it is ~24,000 characters).
    expect(errorMessage(evaluator().evaluate(chain, { x: -1 }))).toMatch(/longer than/);
  });

  it("maxAstDepth: a left-deep 300-term sum is an error, not a stack overflow", () => {
    const sum = Array.from({ length: 300 }, () => "x").join(" + ");
    expect(errorMessage(evaluator().evaluate(sum, { x: 1 }))).toMatch(/deeper than 100 levels/);
    const roomy = evaluator({ maxAstDepth: 1000 });
    expect(roomy.evaluate(sum, { x: 1 })).toEqual({ ok: true, value: 300 });
  });

  it("parser recursion: 5,000 nested parentheses are a syntax error", () => {
    const parens = `${"(".repeat(4999)}1${")".repeat(4999)}`;
    const r = evaluator().check(parens);
    expect(r.ok || r.error.message).toMatch(/too deeply|deeper than/);
  });

  it("maxComprehensionDepth: rejects nesting beyond the limit with the position of the culprit", () => {
    const three = evaluator({ maxComprehensionDepth: 3 });
    expect(three.evaluate(nested(3, "all", 5), {})).toEqual({ ok: true, value: true });
    const r = three.check(nested(4));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.message).toMatch(/nest deeper than 3/);
      expect(r.error.line).toBe(1);
      expect(r.error.column).toBeGreaterThan(1);
    }
  });

  it("a comprehension in the range of another does not count as nested", () => {
    const e = `${list30}.filter(a, a > 1).filter(b, b > 2).filter(c, c > 3).filter(d, d > 4).size() == 25`;
    expect(evaluator().evaluate(e, {})).toEqual({ ok: true, value: true });
  });
});

describe("static limits at their edge, counted on the AST after parsing", () => {
  it("maxAstNodes: an expression may have as many nodes as the limit (operators count)", () => {
    const nodes = { maxAstNodes: 5 };
    expect(outcome("-x + -x", { x: 1 }, nodes)).toBe(-2); // 5 nodes, 2 of them operands
    expect(outcome("-x + -x + -x", { x: 1 }, nodes)).toEqual(
      invalid("expression has more than 5 nodes", 1, 7),
    );
    expect(evaluator(nodes).check("-x + -x + -x")).toEqual({
      ok: false,
      error: { message: "expression has more than 5 nodes", line: 1, column: 7 },
    });
  });

  it("maxAstDepth: an expression may nest as deep as the limit", () => {
    const depth = { maxAstDepth: 3 };
    expect(outcome("x + x + x + x", { x: 1 }, depth)).toBe(4);
    expect(outcome("x + x + x + x + x", { x: 1 }, depth)).toEqual(
      invalid("expression nests deeper than 3 levels", 1, 5),
    );
  });

  it("maxComprehensionDepth: comprehensions may nest as deep as the limit", () => {
    const one = { maxComprehensionDepth: 1 };
    expect(outcome("[1].all(a, a > 0) && [2].exists(b, b > 1)", {}, one)).toBe(true);
    expect(outcome("[1].filter(a, true).map(b, b + 1)", {}, one)).toEqual([2]);
    const message = "comprehensions (exists, all, exists_one, filter, map) nest deeper than 1";
    expect(outcome("[1].all(a, [2].all(b, true))", {}, one)).toEqual(invalid(message, 1, 15));
    expect(outcome("[1].map(a, [2].exists(b, true))", {}, one)).toEqual(invalid(message, 1, 15));
  });
});

describe("cost budget", () => {
  const exceeded = (maxCost: number) => ({
    ok: false,
    error: { kind: "cel_error", message: overBudget(maxCost) },
  });
  /** The default budget, and no clock backstop: the budget alone decides. */
  const budgeted = (options = {}) =>
    createCelEvaluator({ timeoutMs: Number.POSITIVE_INFINITY, ...options });

  it.each(["all", "exists", "map", "filter", "exists_one"])(
    "five nested %s over 30 elements (39 s unguarded) stop at the budget",
    (macro) => {
      const e = nested(5, macro).replace(">= 0", macro === "exists" ? "< 0" : ">= 0");
      expect(budgeted().evaluate(e, {})).toEqual(exceeded(100_000_000));
    },
  );

  it("honours maxCost and starts afresh for each evaluation", () => {
    const small = budgeted({ maxCost: 1_000_000 });
    expect(small.evaluate(nested(4), {})).toEqual(exceeded(1_000_000));
    expect(small.evaluate("[1, 2].all(x, x > 0)", {})).toEqual({ ok: true, value: true });
    expect(small.evaluate(nested(4), {})).toEqual(exceeded(1_000_000));
  });

  it("large inputs iterate under the budget too", () => {
    const items = Array.from({ length: 3000 }, (_, i) => ({ id: i }));
    const e = "items.all(a, items.all(b, a.id + b.id >= 0))"; // 9 million iterations
    expect(budgeted().evaluate(e, { items })).toEqual(exceeded(100_000_000));
  });

  it("a builtin walking large inputs stops too (reads of the message are charged)", () => {
    const big = Array.from({ length: 100_000 }, (_, i) => ({ i, s: "abc" }));
    const e = Array.from({ length: 150 }, () => "x == y").join(" && "); // ~8 s unguarded
    expect(budgeted().evaluate(e, { x: big, y: big.map((o) => ({ ...o })) })).toEqual(
      exceeded(100_000_000),
    );
  });

  it("Infinity disables it", () => {
    const unbounded = budgeted({ maxCost: Number.POSITIVE_INFINITY });
    expect(unbounded.evaluate(nested(3, "all", 30), {})).toEqual({ ok: true, value: true });
  });
});

describe("clock backstop (timeoutMs)", () => {
  it("ends work the budget allows once the clock passes it, with its own message", () => {
    // 39 s of work: far beyond 20 ms on any machine, whatever its load.
    const e = nested(5);
    const cel = createCelEvaluator({ maxCost: Number.POSITIVE_INFINITY, timeoutMs: 20 });
    expect(cel.evaluate(e, {})).toEqual({
      ok: false,
      error: { kind: "cel_error", message: "evaluation exceeded the time limit of 20 ms" },
    });
  });
});

describe("maxConcatSize", () => {
  /** `v + v + ... + v`, balanced so that it stays shallow: n terms, depth log2(n). */
  const sum = (v: string, n: number): string =>
    n === 1 ? v : `(${sum(v, Math.floor(n / 2))} + ${sum(v, n - Math.floor(n / 2))})`;
  /** Three nested loops, each multiplying the value 128 times: x grows 2 million-fold. */
  const blowUp = (x: string) =>
    `[${x}].all(a, [${sum("a", 128)}].all(b, [${sum("b", 128)}].all(c, size(c) > 0)))`;

  it.each([
    ["string", "x", { x: "a".repeat(20_000) }],
    ["list", "[x, x, x, x, x, x, x, x, x, x]", { x: 1 }],
    ["bytes", "b'0123456789'", {}],
  ])("%s concatenation beyond the cap is an error (it exhausted the heap)", (what, x, ctx) => {
    // The budget, which charges each concatenation, would stop it first.
    const capped = createCelEvaluator({
      maxConcatSize: 100_000,
      maxCost: Number.POSITIVE_INFINITY,
      timeoutMs: Number.POSITIVE_INFINITY,
    });
    expect(errorMessage(capped.evaluate(blowUp(x), ctx))).toMatch(
      new RegExp(`${what} concatenation exceeds the size limit`),
    );
  });

  it("ordinary concatenation still works", () => {
    const e = "'a' + 'b' == 'ab' && [1] + [2] == [1, 2] && b'a' + b'b' == b'ab' && 1 + 2 == 3";
    expect(evaluator().evaluate(e, {})).toEqual({ ok: true, value: true });
  });
});

describe("matches uses RE2 (linear time)", () => {
  const PATHOLOGICAL = ["^(a+)+$", "(a|aa)*b", "^(a*)*$", "^(a|a?)+$"];
  /** The budget alone decides, no clock backstop: the same outcome on any machine. */
  const unclocked = () => createCelEvaluator({ timeoutMs: Number.POSITIVE_INFINITY });

  it("catastrophic-backtracking patterns finish under the budget, without the clock", () => {
    const x = `${"a".repeat(50_000)}!`;
    const cel = unclocked();
    for (const pattern of PATHOLOGICAL) {
      expect(cel.evaluate(`x.matches('${pattern}')`, { x }), pattern).toEqual({
        ok: true,
        value: false,
      });
    }
  });

  it("a match is charged linearly in its input, the same for a pathological pattern as a plain one", () => {
    // Each further 10k characters cost the same units, whatever the pattern: the charge (and
    // so the budget's bound) follows RE2's linear time; bench/regex.bench.ts measures it.
    const cost = (pattern: string, n: number) =>
      costOf(`x.matches('${pattern}')`, { x: `${"a".repeat(n)}!` });
    const step = cost("^a+$", 20_000) - cost("^a+$", 10_000);
    expect(step).toBeGreaterThan(10_000);
    for (const pattern of PATHOLOGICAL) {
      const [c1, c2, c3] = [10_000, 20_000, 30_000].map((n) => cost(pattern, n));
      expect([c2! - c1!, c3! - c2!], pattern).toEqual([step, step]);
    }
  });

  it("lookarounds and backreferences are errors, not matches", () => {
    for (const pattern of ["(?=a)", "(a)\\\\1"]) {
      const r = evaluator().evaluate(`'aa'.matches('${pattern}')`, {});
      expect(r.ok ? "ok" : r.error.kind, pattern).toBe("cel_error");
    }
  });
});

describe("options", () => {
  it("fall back to the defaults when out of range or of the wrong type", () => {
    const odd = createCelEvaluator({
      maxCost: -1, // falls back to the default; the depth-3 case below runs 125 iterations
      timeoutMs: -1,
      maxAstNodes: Number.NaN,
      maxComprehensionDepth: "2" as unknown as number,
      cacheSize: -5,
    });
    expect(odd.evaluate(nested(3, "all", 5), {})).toEqual({ ok: true, value: true });
    expect(odd.check(nested(10)).ok).toBe(true); // the default limit, 10
    expect(odd.check(nested(11)).ok).toBe(false);
    expect(() => createCelEvaluator(null as never)).not.toThrow();
  });
});
