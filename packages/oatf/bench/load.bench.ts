// `load` (parse + validate + normalize) against a bare YAML parse of the same text,
// in one run. Goal: load takes at most 1.5x the bare parse.
//
// The two tasks run in many short alternating rounds and each round compares median
// latencies, so a burst of load on the machine or a GC pause skews a round, not the
// result; the reported ratio is the median over rounds.
import { readFileSync } from "node:fs";
import { Bench } from "tinybench";
import { parseDocument } from "yaml";
import { load } from "../src/index.js";

const GOAL = 1.5;
const ROUNDS = 25;
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

const tasks = {
  "yaml parseDocument + toJS": () => {
    parseDocument(text).toJS();
  },
  "oatf load": () => {
    load(text);
  },
};

const ratios: number[] = [];
const medians: Record<string, number[]> = { "yaml parseDocument + toJS": [], "oatf load": [] };
for (let round = 0; round < ROUNDS; round++) {
  const bench = new Bench({ time: 150, warmupTime: round === 0 ? 500 : 20 });
  // Alternate which task runs first, so neither always gets the warmer machine.
  const names = Object.keys(tasks) as (keyof typeof tasks)[];
  for (const name of round % 2 === 0 ? names : names.reverse()) bench.add(name, tasks[name]);
  await bench.run();
  const p50 = (name: string) => {
    const result = bench.getTask(name)?.result;
    if (!result || !("latency" in result)) throw new Error(`no result for ${name}`);
    return result.latency.p50 ?? result.latency.mean;
  };
  for (const name of names) medians[name]!.push(p50(name));
  ratios.push(p50("oatf load") / p50("yaml parseDocument + toJS"));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [name, values] of Object.entries(medians)) {
  console.log(`${name.padEnd(26)} median ${(median(values) * 1000).toFixed(0)} µs`);
}
console.log(`ratio per round: ${ratios.map((r) => r.toFixed(2)).join(" ")}`);
const ratio = median(ratios);
console.log(
  `load / bare parse = ${ratio.toFixed(2)}x (goal <= ${GOAL}x: ${ratio <= GOAL ? "meets" : "MISSES"})`,
);
