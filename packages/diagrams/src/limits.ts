// The bounds every picture keeps, whatever the input: a caller may lower or raise each within
// its ceiling, so that the markup stays a bounded size (format §12.1: documents and traces are
// untrusted, and so are the numbers a page passes through from them).

/** A whole number in [1, ceiling] from `value`, else `fallback`. */
export function bound(value: unknown, fallback: number, ceiling: number): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 1) return fallback;
  return Math.min(Math.floor(value), ceiling);
}

/** Longest label of any kind, in characters, before `…`. */
export const MAX_LABEL = 200;
/** Matches read from a caller's list (one per matched indicator is the usual). */
export const MAX_MATCHES = 10_000;
