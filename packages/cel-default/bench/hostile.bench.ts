// Wall time of one `evaluate` call on each hostile expression of test/hostile-corpus.ts, with
// the default 100 ms limit (issue 12 §1). Goal: at most 150 ms on an idle machine. "cold" is
// a fresh evaluator (the call compiles the expression, inside the limit); "warm" reuses the
// compiled expression. Each is the median of several runs, and the worst run is shown too.
import { createCelEvaluator } from "../src/index.js";
import { hostileCases } from "../test/hostile-corpus.js";

const RUNS = 7;
const GOAL_MS = 150;

const wall = (f: () => unknown) => {
  const start = performance.now();
  f();
  return performance.now() - start;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

console.log(
  "case                                                       cold ms  warm ms  worst ms",
);
let worstMedian = 0;
for (const c of hostileCases) {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const cel = createCelEvaluator();
    cold.push(wall(() => cel.evaluate(c.expression, c.context)));
    warm.push(wall(() => cel.evaluate(c.expression, c.context)));
  }
  worstMedian = Math.max(worstMedian, median(cold), median(warm));
  const worst = Math.max(...cold, ...warm);
  console.log(
    `${c.name.slice(0, 58).padEnd(58)} ${median(cold).toFixed(1).padStart(7)} ${median(warm).toFixed(1).padStart(8)} ${worst.toFixed(1).padStart(9)}`,
  );
}
console.log(`\nworst median ${worstMedian.toFixed(1)} ms; goal <= ${GOAL_MS} ms (limit 100 ms)`);
