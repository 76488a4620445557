// `matches` on pathological patterns (catastrophic backtracking in a backtracking engine) is
// linear in its input (RE2): the unit test checks the charge by construction, this bench the
// time, as ratios measured in one run. Goals: each pathological pattern within 4x of a plain
// one (`^a+$`) on the same 50k characters, and doubling their input at most 3x their time (linear,
// with room for a loaded machine's noise); the plain pattern is the baseline, not a goal.
import { Bench } from "tinybench";
import { createCelEvaluator } from "../src/index.js";

const PLAIN = "^a+$";
const PATHOLOGICAL = ["^(a+)+$", "(a|aa)*b", "^(a*)*$", "^(a|a?)+$"];
const RATIO_GOAL = 4;
const DOUBLING_GOAL = 3;

const cel = createCelEvaluator({ timeoutMs: Number.POSITIVE_INFINITY });
const input = (n: number) => ({ x: `${"a".repeat(n)}!` });
const bench = new Bench({ time: 500, warmup: true });

for (const pattern of [PLAIN, ...PATHOLOGICAL])
  for (const n of [50_000, 100_000]) {
    const context = input(n);
    const expression = `x.matches('${pattern}')`;
    const r = cel.evaluate(expression, context);
    if (!r.ok || r.value !== false) throw new Error(`${pattern}: ${JSON.stringify(r)}`);
    bench.add(`${pattern} | ${n}`, () => {
      cel.evaluate(expression, context);
    });
  }

await bench.run();

/** Median latency in µs. */
const median = (name: string) => {
  const ms = (bench.getTask(name)?.result as { latency?: { p50?: number } })?.latency?.p50;
  if (ms === undefined) throw new Error(`no result for ${name}`);
  return ms * 1000;
};

const plain = median(`${PLAIN} | 50000`);
let failed = false;
console.log("pattern        50k µs   vs plain   100k/50k");
for (const pattern of [PLAIN, ...PATHOLOGICAL]) {
  const t = median(`${pattern} | 50000`);
  const doubling = median(`${pattern} | 100000`) / t;
  const ratio = t / plain;
  if (pattern !== PLAIN) failed ||= ratio > RATIO_GOAL || doubling > DOUBLING_GOAL;
  console.log(
    `${pattern.padEnd(12)} ${t.toFixed(0).padStart(8)} ${ratio.toFixed(2).padStart(9)}x ${doubling.toFixed(2).padStart(9)}x`,
  );
}
console.log(
  `\ngoals: <= ${RATIO_GOAL}x a plain pattern, <= ${DOUBLING_GOAL}x per doubled input (pathological patterns)`,
);
if (failed) process.exitCode = 1;
