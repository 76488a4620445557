// Issue 7's benchmark: evaluateIndicator on a CEL indicator (the `oatf` entry point, wired
// with the default evaluator) against @bufbuild/cel evaluating the same expression, parsed
// and planned once beforehand, on the same message, in one run. Goal: at most 1.2x.
//
// Each ratio is the median over rounds that run both tasks back to back, so a burst of load
// on a shared machine skews a few rounds rather than one whole task.
import { celEnv, parse, plan } from "@bufbuild/cel";
import { Bench } from "tinybench";
import { cases, message } from "../../cel-default/bench/cases.js";
import { evaluateIndicator, type Indicator } from "../src/index.js";

const GOAL = 1.2;
const ROUNDS = 31;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

console.log("SDK:    oatf evaluateIndicator(indicator, message), default CEL evaluator");
console.log("direct: @bufbuild/cel plan(celEnv(), parse(expr)), planned once, same message\n");
console.log("case                   sdk µs  direct µs   ratio");
let worst = 0;
for (const c of cases) {
  const indicator: Indicator = { id: "B-01", target: "", expression: { cel: c.cel } };
  const direct = plan(celEnv(), parse(c.cel));
  const context = { message };
  // Both sides must agree before their speed is compared.
  const verdict = evaluateIndicator(indicator, message);
  const expected = direct(context) === true ? "matched" : "not_matched";
  if (verdict.result !== expected) {
    throw new Error(`${c.name}: sdk ${JSON.stringify(verdict)} vs direct ${expected}`);
  }
  const ratios: number[] = [];
  const sdkTimes: number[] = [];
  const directTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bench = new Bench({ time: 40, warmupTime: round === 0 ? 200 : 10 });
    const sdkTask = () => {
      evaluateIndicator(indicator, message);
    };
    const directTask = () => {
      direct(context);
    };
    // Alternate the order so neither side always runs on a warmer machine.
    if (round % 2 === 0) bench.add("sdk", sdkTask).add("direct", directTask);
    else bench.add("direct", directTask).add("sdk", sdkTask);
    await bench.run();
    const p50 = (name: string) => bench.getTask(name)?.result?.latency?.p50 ?? Number.NaN;
    sdkTimes.push(p50("sdk") * 1000);
    directTimes.push(p50("direct") * 1000);
    ratios.push(p50("sdk") / p50("direct"));
  }
  const ratio = median(ratios);
  worst = Math.max(worst, ratio);
  console.log(
    `${c.name.padEnd(20)} ${median(sdkTimes).toFixed(2).padStart(8)} ${median(directTimes).toFixed(2).padStart(10)} ${ratio.toFixed(2).padStart(7)}x`,
  );
}
console.log(
  `\nevaluateIndicator (CEL) vs direct @bufbuild/cel: worst ${worst.toFixed(2)}x (goal <= ${GOAL}x)`,
);
