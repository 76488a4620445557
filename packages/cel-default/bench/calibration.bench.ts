// Calibration of the cost budget (issue 32): the wall time of one `evaluate` call on each
// expression of the adversarial set (bench/adversarial.ts) and of the hostile corpus
// (test/hostile-corpus.ts) under the default options, clock backstop off, so that the cost
// budget alone stops each. Goal: about 100 ms per expression; the bench fails when a median
// passes 150 ms.
//
// Each case runs in fresh processes, so that its first call is measured as a user meets it:
// "first" is the process's first `evaluate` (nothing compiled by V8 yet), "cold" a fresh
// evaluator in a process that has run the case before (the call compiles the expression),
// "warm" the same evaluator again (compiled expression from the cache). Each column is a
// median over the processes (first) or over all their calls (cold, warm).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createCelEvaluator, DEFAULT_OPTIONS } from "../src/index.js";
import { hostileCases } from "../test/hostile-corpus.js";
import { adversarialCases } from "./adversarial.js";

const GOAL_MS = 100;
const LIMIT_MS = 150;
const PROCESSES = Number(process.env.CEL_BENCH_PROCESSES ?? 3);
const COLD = 3;
const WARM = 2;

interface Case {
  name: string;
  family: string;
  expression: string;
  readonly context: Record<string, unknown>;
}

const all: Case[] = [
  ...adversarialCases,
  ...hostileCases.map((c) => ({
    name: c.name,
    family: "hostile corpus",
    expression: c.expression,
    get context() {
      return c.context;
    },
  })),
];

/**
 * Milliseconds: wall time, and the CPU time of the thread that evaluates, which is what the
 * wall time would be on an idle machine (V8 compiles and collects garbage partly on other
 * threads, which an idle machine runs alongside). On a machine shared with other work, the
 * CPU time is the figure to read; the limit applies to the wall time.
 */
interface Time {
  wall: number;
  cpu: number;
}

interface Sample {
  first: Time;
  cold: Time[];
  warm: Time[];
  outcome: string;
}

/**
 * CPU time of this thread in ms: Linux's /proc/thread-self/schedstat (nanoseconds on a CPU);
 * elsewhere the process's CPU time, which also counts V8's helper threads.
 */
function threadCpuMs(): number {
  try {
    return Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[0]) / 1e6;
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}

/** In a child process: runs one case, prints its sample as JSON. */
function measure(c: Case): Sample {
  const context = c.context as never;
  const unclocked = () => createCelEvaluator({ timeoutMs: Number.POSITIVE_INFINITY });
  let outcome = "";
  const time = (cel: ReturnType<typeof unclocked>) => {
    const start = performance.now();
    const cpu = threadCpuMs();
    const r = cel.evaluate(c.expression, context);
    const ms = { wall: performance.now() - start, cpu: threadCpuMs() - cpu };
    const o = r.ok ? "completes" : r.error.message.replace(/ \(at \d+:\d+\)$/, "");
    if (outcome !== "" && o !== outcome) throw new Error(`${c.name}: ${o} after ${outcome}`);
    outcome = o;
    return ms;
  };
  const first = time(unclocked());
  const cold: Time[] = [];
  const warm: Time[] = [];
  let cel = unclocked();
  for (let i = 0; i < COLD; i++) {
    cel = unclocked();
    cold.push(time(cel));
  }
  for (let i = 0; i < WARM; i++) warm.push(time(cel));
  return { first, cold, warm, outcome };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Short names for the outcomes, for the table. */
function short(outcome: string): string {
  if (outcome === "completes") return "completes";
  if (outcome.includes("cost budget")) return "cost budget";
  if (outcome.includes("size limit")) return "size limit";
  if (outcome.startsWith("invalid expression")) return "static limit";
  return outcome.slice(0, 40);
}

const childIndex = process.argv.indexOf("--case");
if (childIndex >= 0) {
  const c = all[Number(process.argv[childIndex + 1])] as Case;
  process.stdout.write(JSON.stringify(measure(c)));
} else {
  const self = fileURLToPath(import.meta.url);
  const only = process.argv[2];
  console.log(
    `budget ${DEFAULT_OPTIONS.maxCost} units, no clock backstop; ${PROCESSES} processes per case, ` +
      `each: the process's first call, ${COLD} fresh evaluators, ${WARM} warm calls\n`,
  );
  console.log(
    `${"family".padEnd(22)} ${"case".padEnd(50)}  wall ms: first  cold  warm   thread cpu ms: first  cold  warm  outcome`,
  );
  const slow: string[] = [];
  for (const [index, c] of all.entries()) {
    if (only && !c.name.includes(only) && !c.family.includes(only)) continue;
    const samples: Sample[] = [];
    for (let p = 0; p < PROCESSES; p++) {
      const args = [...process.execArgv, self, "--case", String(index)];
      samples.push(
        JSON.parse(execFileSync(process.execPath, args, { encoding: "utf8" })) as Sample,
      );
    }
    const outcomes = new Set(samples.map((s) => s.outcome));
    if (outcomes.size !== 1)
      throw new Error(`${c.name}: outcomes differ: ${[...outcomes].join(" | ")}`);
    const columns = (clock: keyof Time) => {
      const ms = [
        median(samples.map((s) => s.first[clock])),
        median(samples.flatMap((s) => s.cold.map((t) => t[clock]))),
        median(samples.flatMap((s) => s.warm.map((t) => t[clock]))),
      ];
      return { worst: Math.max(...ms), text: ms.map((m) => m.toFixed(0).padStart(5)).join(" ") };
    };
    const wall = columns("wall");
    const cpu = columns("cpu");
    if (wall.worst > LIMIT_MS) slow.push(`${c.name} (${wall.worst.toFixed(0)} ms)`);
    console.log(
      `${c.family.slice(0, 22).padEnd(22)} ${c.name.slice(0, 50).padEnd(50)}  ${wall.text}                 ${cpu.text}  ${short(samples[0]!.outcome)}${wall.worst > LIMIT_MS ? "  OVER" : ""}`,
    );
  }
  console.log(`\ngoal: about ${GOAL_MS} ms per call; limit ${LIMIT_MS} ms (median)`);
  if (slow.length > 0) {
    console.error(`over ${LIMIT_MS} ms: ${slow.join("; ")}`);
    process.exit(1);
  }
}
