// Calibration of the cost budget (issue 12 §1, issue 23 §12): the wall time of one `evaluate`
// call on each expression of test/hostile-corpus.ts at the default budget, with the clock
// backstop off, so that the budget alone stops each. Goal: about 100 ms per case on the
// 2-core machine the default was calibrated on. "cold" is a fresh evaluator (the call also
// compiles the expression, which the budget does not count; see the README), "warm" reuses
// the compiled expression. Each is the median of several runs.
//
// Times depend on the machine and its load, so each case is also shown as a ratio: its time per
// unit against the median time per unit of all the cases stopped by the budget, measured in
// the same run. A ratio well above 1 means the cost model undercharges that work (and the
// budget's time is set by the slowest such case); well below 1, that it overcharges it. The
// last line derives the budget that would put the slowest case at 100 ms on this machine.
import { createCelEvaluator, DEFAULT_OPTIONS } from "../src/index.js";
import { hostileCases } from "../test/hostile-corpus.js";

const RUNS = 7;
const GOAL_MS = 100;
const BUDGET = DEFAULT_OPTIONS.maxCost;

const wall = (f: () => unknown) => {
  const start = performance.now();
  f();
  return performance.now() - start;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const unclocked = () => createCelEvaluator({ timeoutMs: Number.POSITIVE_INFINITY });

console.log(`budget ${BUDGET} units, no clock backstop, median of ${RUNS} runs\n`);
console.log(
  "case                                                     stop     cold ms  warm ms  ns/unit  x median",
);
const rows: { name: string; stop: string; cold: number; warm: number; nsPerUnit: number }[] = [];
for (const c of hostileCases) {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const cel = unclocked();
    let stop = "";
    cold.push(
      wall(() => {
        const r = cel.evaluate(c.expression, c.context);
        stop = r.ok ? "ok" : r.error.message;
      }),
    );
    warm.push(wall(() => cel.evaluate(c.expression, c.context)));
    if (!stop.includes(c.stop === "cost" ? "cost budget" : "invalid expression"))
      throw new Error(`${c.name}: expected a ${c.stop} stop, got ${stop}`);
  }
  // Static stops spend no units: they are bounded by the expression's size, not the budget.
  const nsPerUnit = c.stop === "cost" ? (median(warm) * 1e6) / BUDGET : Number.NaN;
  rows.push({ name: c.name, stop: c.stop, cold: median(cold), warm: median(warm), nsPerUnit });
}
const typical = median(rows.filter((r) => r.stop === "cost").map((r) => r.nsPerUnit));
const cell = (n: number, digits: number, width: number) =>
  (Number.isNaN(n) ? "-" : n.toFixed(digits)).padStart(width);
for (const r of rows) {
  console.log(
    `${r.name.slice(0, 56).padEnd(56)} ${r.stop.padEnd(6)} ${cell(r.cold, 1, 8)} ${cell(r.warm, 1, 8)} ${cell(r.nsPerUnit, 3, 8)} ${cell(r.nsPerUnit / typical, 2, 9)}`,
  );
}
const worst = rows.reduce((a, b) => (Math.max(b.cold, b.warm) > Math.max(a.cold, a.warm) ? b : a));
const worstMs = Math.max(worst.cold, worst.warm);
console.log(
  `\nslowest: ${worst.name}, median ${worstMs.toFixed(1)} ms (goal about ${GOAL_MS} ms: ` +
    `${(worstMs / GOAL_MS).toFixed(2)}x); median ${typical.toFixed(3)} ns a unit; ` +
    `the budget that would put the slowest case at ${GOAL_MS} ms here: ` +
    `${Math.round((BUDGET * GOAL_MS) / worstMs / 1e6)} million units`,
);
