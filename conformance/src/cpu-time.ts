// How long a call works, for the time bounds of hostile inputs (format §12.1). The bound is
// about the work hostile input can cause, so it counts the CPU time the process spends, not
// wall time: CPU time does not stretch when other processes share the machine (on a busy
// 2-core runner, wall time of the same call grew 5–10×). Node only, like the runner.

/** Runs `f` and returns its value with the milliseconds of CPU time (user + system) it used. */
export function cpuTimed<T>(f: () => T): { value: T; ms: number } {
  const before = process.cpuUsage();
  const value = f();
  const { user, system } = process.cpuUsage(before);
  return { value, ms: (user + system) / 1000 };
}
