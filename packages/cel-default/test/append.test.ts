// The append of `map` and `filter` steps (append.ts) answers as the `@result + [x]` it
// replaces: the same value, the same error and the same exact cost, compared with an
// evaluator whose compiler leaves the step as the parser wrote it.
import type { Value } from "@oatf/model";
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { createEvaluator } from "../src/evaluator.js";

type Create = typeof createEvaluator;
let withAppend: Create;
let withoutAppend: Create;

beforeAll(async () => {
  withAppend = (await import("../src/evaluator.js")).createEvaluator;
  vi.resetModules();
  vi.doMock("../src/append.js", async (original) => ({
    ...(await original<typeof import("../src/append.js")>()),
    rewriteAppends: () => {},
  }));
  withoutAppend = (await import("../src/evaluator.js")).createEvaluator;
  vi.doUnmock("../src/append.js");
});

/** The value or error message under `maxCost` (no clock backstop). */
function run(create: Create, e: string, context: Record<string, Value>, options: object) {
  const cel = create({ ...options, timeoutMs: Number.POSITIVE_INFINITY });
  const r = cel.evaluate(e, context);
  return r.ok ? r.value : r.error.message;
}

/** The smallest budget under which the expression does not end in the budget error. */
function costOf(create: Create, e: string, context: Record<string, Value>, options: object) {
  const over = (maxCost: number) =>
    String(run(create, e, context, { ...options, maxCost })).includes("cost budget");
  let lo = 1;
  let hi = 2 ** 24; // the expressions cost well under
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (over(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const expressions = [
  "l.map(x, x * 2)",
  "l.filter(x, x > k)",
  "l.map(x, x > k, x + 1)",
  "l.map(x, [x, k])",
  "l.map(x, string(x) + 'a')",
  "l.filter(x, x / k > 0)",
  "l.map(x, l.filter(y, y < x))",
  "[l.map(x, x)].map(y, y + [1] + y)",
  "l.map(x, m[string(x)])",
  "l.map(x, x).map(y, y).filter(z, z != k)",
];

describe("map and filter steps appended in place", () => {
  it("give the same value or error, at the same exact cost, as `@result + [x]`", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...expressions),
        fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 6 }),
        fc.integer({ min: -1, max: 2 }),
        fc.constantFrom({}, { maxConcatSize: 3 }),
        (e, l, k, options) => {
          const context = { l, k, m: { "0": "zero", "1": 1 } };
          const fast = run(withAppend, e, context, options);
          expect(fast).toEqual(run(withoutAppend, e, context, options));
          expect(costOf(withAppend, e, context, options)).toBe(
            costOf(withoutAppend, e, context, options),
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});
