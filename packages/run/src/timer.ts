// setTimeout holds at most 2^31-1 ms (about 24.8 days): Node fires a longer delay after 1 ms
// (TimeoutOverflowWarning). Delays from a document (`grace_period: 30d`, `after`) or an option
// (`--timeout`) are valid past it, so each is clamped: it waits as long as a timer can.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** `ms` as a setTimeout delay that waits at least as long as a timer can. */
export function timerDelay(ms: number): number {
  return Math.min(ms, MAX_TIMER_MS);
}
