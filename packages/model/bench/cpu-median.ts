// The measure of the scaling benchmarks (model's hostile documents, validate's templates): the
// median of RUNS runs of a call's CPU time, after one untimed call.

const RUNS = 5;

function cpuMs(f: () => unknown): number {
  const before = process.cpuUsage();
  f();
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1000;
}

/** The median CPU ms of `f`, called once untimed first. */
export function medianCpuMs(f: () => unknown): number {
  // The first call pays for the heap pages it is the first to touch (on some machines ~17 us
  // each), which would bias whichever side of a ratio runs first.
  f();
  const runs = Array.from({ length: RUNS }, () => cpuMs(f)).sort((a, b) => a - b);
  return runs[Math.floor(RUNS / 2)]!;
}
