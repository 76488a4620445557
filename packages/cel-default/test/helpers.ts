// Helpers shared by the tests of this package.
import { type CelEvaluatorOptions, createCelEvaluator } from "@oatf/cel-default";
import type { Value } from "@oatf/model";

/** A CEL list literal of the integers 0..n-1. */
export const list = (n: number) => `[${Array.from({ length: n }, (_, i) => i).join(", ")}]`;

/**
 * A new evaluator, made by the calling test (so the code that builds it runs inside the test),
 * with the default options unless told otherwise: the bounds have their own tests, and the
 * expressions of the others cost a few thousand units and take well under a millisecond.
 */
export function evaluator(options: CelEvaluatorOptions = {}) {
  return createCelEvaluator(options);
}

/** The value of `expression`, or its error (`{ kind, message }`), from a new evaluator. */
export function outcome(
  expression: string,
  context: Record<string, unknown> = {},
  options?: CelEvaluatorOptions,
): Value | { kind: string; message: string } {
  const r = evaluator(options).evaluate(expression, context as Record<string, Value>);
  return r.ok ? r.value : r.error;
}

/** The error of a CEL runtime error at `line:column` of the expression. */
export const celError = (message: string, line: number, column: number) => ({
  kind: "cel_error",
  message: `${message} (at ${line}:${column})`,
});

/** The budget error of `maxCost`. */
export const overBudget = (maxCost: number) =>
  `evaluation exceeded the cost budget of ${maxCost} units`;

/**
 * Evaluates under a cost budget of `maxCost` units and no clock backstop, so the result is the
 * same on any machine: the value, or the error message.
 */
export function withinBudget(
  maxCost: number,
  expression: string,
  context: Record<string, unknown> = {},
): Value | string {
  const cel = createCelEvaluator({ maxCost, timeoutMs: Number.POSITIVE_INFINITY });
  const r = cel.evaluate(expression, context as Record<string, Value>);
  return r.ok ? r.value : r.error.message;
}

/**
 * The exact cost of an evaluation in units: the smallest budget under which it does not end
 * in the budget error (found by bisection; the budget is deterministic, so it is exact).
 */
export function costOf(expression: string, context: Record<string, unknown> = {}): number {
  let lo = 1;
  let hi = 2 ** 40;
  if (withinBudget(hi, expression, context) === overBudget(hi)) throw new Error("too costly");
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (withinBudget(mid, expression, context) === overBudget(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
