// `load` (parse + validate + normalize) against a bare YAML parse of the same text,
// in one run. Goal: load takes at most 1.5x the bare parse.
//
// The ratio comes from many short rounds that run both tasks back to back, in
// alternating order, and compare their median latencies; the result is the median
// over rounds. On a busy machine a burst of load or a GC pause then skews a few
// rounds rather than one whole task.
import { readFileSync } from "node:fs";
import { Bench } from "tinybench";
import { parseDocument } from "yaml";
import { load } from "../src/index.js";

const GOAL = 1.5;
const ROUNDS = 101;
const BARE = "yaml parseDocument + toJS";
const LOAD = "oatf load";

const text = readFileSync(new URL("./multi-actor.yaml", import.meta.url), "utf8");
const loaded = load(text);
if (!loaded.ok) {
  console.error("the benchmark document does not load:", loaded.error);
  process.exit(1);
}
const { attack } = loaded.value.document;
console.log(
  `document: ${text.length} bytes, ${attack.execution.actors?.length} actors, ${attack.indicators?.length} indicators`,
);

const tasks: Record<string, () => void> = {
  [BARE]: () => {
    parseDocument(text).toJS();
  },
  [LOAD]: () => {
    load(text);
  },
};

function bench(names: string[], options: ConstructorParameters<typeof Bench>[0]): Bench {
  const b = new Bench(options);
  for (const name of names) b.add(name, tasks[name]!);
  b.runSync();
  return b;
}

function p50(b: Bench, name: string): number {
  const result = b.getTask(name)?.result;
  if (!result || !("latency" in result)) throw new Error(`no result for ${name}`);
  return result.latency.p50 ?? result.latency.mean;
}

// Warm-up and the per-task table.
const overview = bench([BARE, LOAD], { time: 1000, warmupTime: 300 });
console.table(overview.table());

const ratios: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const names = round % 2 === 0 ? [BARE, LOAD] : [LOAD, BARE];
  const b = bench(names, { time: 0, iterations: 10, warmup: false });
  ratios.push(p50(b, LOAD) / p50(b, BARE));
}
ratios.sort((a, b) => a - b);

// The same comparison in process CPU time over whole batches: other processes on a shared
// machine do not count, and garbage collection does (the median latency above leaves out the
// iterations a collection lands in, and `load` allocates more than the bare parse).
const cpuRatios: number[] = [];
const cpu = (task: () => void) => {
  const start = process.cpuUsage();
  for (let i = 0; i < 10; i++) task();
  const { user, system } = process.cpuUsage(start);
  return user + system;
};
for (let round = 0; round < ROUNDS; round++) {
  const bare = tasks[BARE]!;
  const loadTask = tasks[LOAD]!;
  let a: number;
  let b: number;
  if (round % 2 === 0) {
    a = cpu(bare);
    b = cpu(loadTask);
  } else {
    b = cpu(loadTask);
    a = cpu(bare);
  }
  cpuRatios.push(b / a);
}
cpuRatios.sort((a, b) => a - b);
const cpuMedian = cpuRatios[Math.round(0.5 * (cpuRatios.length - 1))]!;
const quantile = (q: number) => ratios[Math.round(q * (ratios.length - 1))]!;
const ratio = quantile(0.5);
console.log(
  `load / bare parse = ${ratio.toFixed(2)}x (goal <= ${GOAL}x: ${ratio <= GOAL ? "meets" : "MISSES"}; ` +
    `middle half of ${ROUNDS} rounds: ${quantile(0.25).toFixed(2)}x..${quantile(0.75).toFixed(2)}x)`,
);
console.log(
  `load / bare parse in CPU time, collections included = ${cpuMedian.toFixed(2)}x (median of ${ROUNDS} rounds of 10 each)`,
);
