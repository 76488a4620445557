// How every benchmark of the SDK measures (this package's and @oatf/trace's): ratios against
// a baseline measured in the same run, each printed beside its goal.
import { Bench } from "tinybench";

export type Measure = (
  tasks: Record<string, () => unknown>,
  time?: number,
  rounds?: number,
) => Promise<Record<string, number>>;
export type Report = (name: string, ratio: number, goal: string, detail?: string) => void;

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

export function report(name: string, ratio: number, goal: string, detail = ""): void {
  const verdict = goal === "" ? "" : ` (goal ${goal})`;
  console.log(
    `${name.padEnd(58)} ${ratio.toFixed(2).padStart(7)}x${verdict}${detail ? `  ${detail}` : ""}`,
  );
}

/** The heap in use (MB) after two full collections (needs --expose-gc). */
export function heapMb(): number {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

/**
 * Runs the sections named on the command line (`pnpm bench -- library monitor`), or all of
 * them; an unknown name is a usage error (exit 2).
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
}
