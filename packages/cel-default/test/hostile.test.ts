// The cost budget holds for hostile input (issue 12 §1, issue 23 §12): every class of the
// corpus ends in a limit error, never `ok`. The times are measured in bench/calibration.bench.ts
// (no test here asserts wall-clock time: they must pass on a loaded machine).
import { createCelEvaluator } from "@oatf/cel-default";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileCases } from "./hostile-corpus.js";

const STOPS = {
  cost: /^evaluation exceeded the cost budget of 100000000 units$/,
  static: /more than \d+ nodes|deeper than|longer than/,
};

describe("hostile expressions stop at a limit", () => {
  it.each(hostileCases.map((c) => [c.name, c] as const))(
    "%s",
    (_, { expression, context, stop }) => {
      // No clock backstop: on a loaded machine it could end a case first (its message would
      // differ); the budget alone must stop each.
      const cel = createCelEvaluator({ timeoutMs: Number.POSITIVE_INFINITY });
      expect(cel.evaluate(expression, context)).toEqual({
        ok: false,
        error: { kind: "cel_error", message: expect.stringMatching(STOPS[stop]) },
      });
    },
  );

  it("the evaluator still answers ordinary expressions afterwards", () => {
    const cel = createCelEvaluator();
    for (const { expression, context } of hostileCases.slice(0, 3))
      cel.evaluate(expression, context);
    expect(cel.evaluate("[1, 2, 3].map(x, x * 2)", {})).toEqual({ ok: true, value: [2, 4, 6] });
  });
});

describe("the cost model does not reject ordinary work on large messages", () => {
  // The default budget, and no clock backstop: only the cost model could refuse these, and it
  // must not.
  const context = () => ({
    t: "lorem ipsum ".repeat(100_000), // 1.2 MB
    h: "lorem ipsum ".repeat(50_000),
    items: Array.from({ length: 10_000 }, (_, i) => ({ id: i, name: `tool_${i}` })),
  });

  it.each([
    ["contains on 1 MB", "t.contains('ipsum lorem')", true],
    ["size of 1 MB", "size(t) == 1200000", true],
    ["matches on 600 kB", "h.matches('ipsum\\\\s+lorem')", true],
    ["filter over 10,000 items", "items.filter(i, i.name.startsWith('tool_1')).size()", 1111],
    ["map over 10,000 items", "items.map(i, i.id).size()", 10_000],
    ["in on 10,000 elements", "9999 in items.map(i, i.id)", true],
    ["list equality of 10,000", "items.map(i, i.id) == items.map(j, j.id)", true],
  ])("%s", (_, expression, value) => {
    const cel = createCelEvaluator({ timeoutMs: Number.POSITIVE_INFINITY });
    expect(cel.evaluate(expression, context())).toEqual({ ok: true, value });
  });
});

describe("property: random expressions never throw, and their results do not depend on the cache", () => {
  const leaf = fc.constantFrom(
    "s",
    "l",
    "m",
    "m.b",
    "m.c",
    "1",
    "'ab'",
    "[1, 2]",
    "true",
    "{'k': s}",
  );
  const expr: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
    e: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leaf,
      fc
        .tuple(tie("e"), fc.constantFrom("+", "==", "!=", "in", "&&", "||", "<"), tie("e"))
        .map(([a, op, b]) => `(${a} ${op} ${b})`),
      fc.tuple(tie("e"), fc.constantFrom("size", "string", "type")).map(([a, f]) => `${f}(${a})`),
      fc
        .tuple(tie("e"), fc.constantFrom("contains", "startsWith", "endsWith", "matches"), tie("e"))
        .map(([a, m, b]) => `${a}.${m}(${b})`),
      fc
        .tuple(
          tie("e"),
          fc.constantFrom("map", "filter", "all", "exists", "exists_one"),
          fc.constantFrom("v", "v + v", "size(v) > 1", "v == v", "[v, v, v]", "s + s"),
        )
        .map(([a, m, body]) => `${a}.${m}(v, ${body})`),
    ),
  })).e;

  it("random expressions", () => {
    const options = { timeoutMs: Number.POSITIVE_INFINITY };
    // One evaluator keeps compiled expressions and patterns across runs, the other starts cold.
    const warm = createCelEvaluator(options);
    const context = {
      s: "abc".repeat(100_000),
      l: Array.from({ length: 20_000 }, (_, i) => i),
      m: { a: 1, b: "x".repeat(1000), c: [1, 2, 3] },
    };
    fc.assert(
      fc.property(expr, (e) => {
        const r = warm.evaluate(e, context);
        expect(typeof r.ok).toBe("boolean");
        expect(createCelEvaluator(options).evaluate(e, context)).toEqual(r);
      }),
      { numRuns: 200 },
    );
  });
});
