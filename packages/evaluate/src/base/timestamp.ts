// Verdict timestamps (SDK §4.4 step 4: "from the current time", at millisecond resolution).
// Formatting a Date costs more than evaluating a simple pattern, so the ISO string is reused
// within the same millisecond. Reading the clock costs about as much again on some machines
// (40–90 ns here, a third of evaluating a small pattern indicator), so once two readings in
// a row fell in the same millisecond (verdicts are coming faster than one per millisecond),
// the next REUSE verdicts of the same synchronous job share the reading without reading the
// clock. Any later job (a new message from a stream, a timer) reads the clock again: a
// queued microtask ends the reuse as soon as the job does.
const REUSE = 15;

let lastMs = Number.NaN;
let lastIso = "";
/** Verdicts left that may share the last reading without reading the clock. */
let reuse = 0;
let expiring = false;

function expire(): void {
  reuse = 0;
  expiring = false;
}

/** The current time as an ISO 8601 string. */
export function nowIso(): string {
  if (reuse > 0) {
    reuse--;
    return lastIso;
  }
  const ms = Date.now();
  if (ms === lastMs) {
    reuse = REUSE;
    if (!expiring) {
      expiring = true;
      queueMicrotask(expire);
    }
  } else {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}
