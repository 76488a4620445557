// Helpers shared by the tests of this package.
import { type CelEvaluatorOptions, createCelEvaluator } from "@oatf/cel-default";
import type { Value } from "@oatf/model";
import { vi } from "vitest";

/** A CEL list literal of the integers 0..n-1. */
export const list = (n: number) => `[${Array.from({ length: n }, (_, i) => i).join(", ")}]`;

/** Runs `f` and measures its wall-clock time. */
export function timed<T>(f: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = f();
  return { result, ms: performance.now() - start };
}

/**
 * A new evaluator, made by the calling test (so the code that builds it runs inside the test),
 * with a time limit of a second unless told otherwise: the limit has its own tests, and the
 * expressions of the others take well under a millisecond even on a loaded machine.
 */
export function evaluator(options: CelEvaluatorOptions = {}) {
  return createCelEvaluator({ timeoutMs: 1000, ...options });
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

/**
 * Runs `f` with the clock (`performance.now`) stopped, so that only the cost budget can end an
 * evaluation: twice the time limit in units of about a nanosecond (2,000,000 per ms), and a
 * single call whose cost alone exceeds the time limit is refused. Costs are then compared
 * exactly, whatever the speed of the machine.
 */
export function withClockStopped<T>(f: () => T): T {
  const now = performance.now();
  const clock = vi.spyOn(performance, "now").mockReturnValue(now);
  try {
    return f();
  } finally {
    clock.mockRestore();
  }
}

/** Evaluates with the clock stopped and the time limit `timeoutMs`: the value or the error message. */
export function withinBudget(
  timeoutMs: number,
  expression: string,
  context: Record<string, unknown> = {},
): Value | string {
  const r = withClockStopped(() =>
    createCelEvaluator({ timeoutMs }).evaluate(expression, context as Record<string, Value>),
  );
  return r.ok ? r.value : r.error.message;
}
