// How every benchmark of the SDK measures (this package's and @oatf/trace's): ratios against
// a baseline measured in the same run, each printed beside its goal and checked: a missed
// goal fails the run (exit 1), so `pnpm bench` cannot pass with a budget broken.
import { Bench } from "tinybench";

export type Measure = (
  tasks: Record<string, () => unknown>,
  time?: number,
  rounds?: number,
) => Promise<Record<string, number>>;
/**
 * Prints one measurement beside its goal and checks it: `goal` is `<= N` with a unit, `x` (the
 * value is a ratio against a baseline of the same run) or `KB`/`MB` (the value is in that
 * unit); "" reports without a goal. A missed goal makes the run exit non-zero (runSections).
 */
export type Report = (name: string, value: number, goal: string, detail?: string) => void;

// The machine may be shared: each task is measured in several short rounds, interleaved
// with the others, and its fastest round median is kept, so ratios compare like with like.
export async function measure(
  tasks: Record<string, () => unknown>,
  time = 150,
  rounds = 7,
): Promise<Record<string, number>> {
  const best: Record<string, number> = {};
  for (let round = 0; round < rounds; round++) {
    const bench = new Bench({ time, warmupTime: round === 0 ? 200 : 20 });
    for (const [name, fn] of Object.entries(tasks)) bench.add(name, fn);
    await bench.run();
    for (const task of bench.tasks) {
      const median = task.result?.latency?.p50 ?? Number.NaN;
      best[task.name] = Math.min(best[task.name] ?? Number.POSITIVE_INFINITY, median);
    }
  }
  return best;
}

/** `<= N` and the unit of the value: `x` (a ratio), `KB` or `MB`. */
const GOAL = /^<= (\d+(?:\.\d+)?) ?(x|KB|MB)$/;

/** The goals missed so far in this run, one line each. */
const missed: string[] = [];

export function report(name: string, value: number, goal: string, detail = ""): void {
  const suffix = detail ? `  ${detail}` : "";
  if (goal === "") {
    console.log(`${name.padEnd(58)} ${value.toFixed(2).padStart(7)}x${suffix}`);
    return;
  }
  const parsed = GOAL.exec(goal);
  // A goal the bench cannot check is a bug of the bench, not a pass.
  if (parsed === null) throw new Error(`${name}: goal "${goal}" is not "<= N x|KB|MB"`);
  const [, limit, unit] = parsed as unknown as [string, string, string];
  const pass = value <= Number(limit); // NaN (nothing measured) fails
  const line = `${value.toFixed(2)}${unit}, limit ${limit}${unit}`;
  console.log(`${name.padEnd(58)} ${line.padStart(22)}  ${pass ? "pass" : "FAIL"}${suffix}`);
  if (!pass) missed.push(`${name}: ${line}`);
}

/** The heap in use (MB) after two full collections (needs --expose-gc). */
export function heapMb(): number {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

/**
 * Runs the sections named on the command line (`pnpm bench -- library monitor`), or all of
 * them; an unknown name is a usage error (exit 2), a missed goal (report) a failure (exit 1).
 */
export async function runSections(
  title: string,
  sections: Record<string, () => unknown>,
): Promise<void> {
  const chosen = process.argv.slice(2).filter((a) => a !== "--");
  const unknown = chosen.filter((name) => !Object.hasOwn(sections, name));
  if (unknown.length > 0) {
    console.error(
      `unknown section(s): ${unknown.join(", ")}; known: ${Object.keys(sections).join(", ")}`,
    );
    process.exit(2);
  }
  console.log(`${title} benchmarks (node ${process.version})`);
  for (const [name, run] of Object.entries(sections)) {
    if (chosen.length === 0 || chosen.includes(name)) await run();
  }
  if (missed.length === 0) return;
  console.error(`\n${missed.length} goal(s) missed:\n  ${missed.join("\n  ")}`);
  process.exit(1);
}
