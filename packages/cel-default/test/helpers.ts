// Helpers shared by the limit tests (limits.test.ts, isolated.test.ts).

/** A CEL list literal of the integers 0..n-1. */
export const list = (n: number) => `[${Array.from({ length: n }, (_, i) => i).join(", ")}]`;

/** Runs `f` and measures its wall-clock time. */
export function timed<T>(f: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = f();
  return { result, ms: performance.now() - start };
}
