// Verdict timestamps (SDK §4.4 step 4). Formatting a Date costs more than evaluating
// a simple pattern, so the ISO string is reused within the same millisecond.
let lastMs = Number.NaN;
let lastIso = "";

/** The current time as an ISO 8601 string. */
export function nowIso(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}
