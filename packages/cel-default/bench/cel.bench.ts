// SDK overhead of the default CelEvaluator: createCelEvaluator().evaluate(expression, context)
// against @bufbuild/cel running the same expression, parsed and planned once beforehand, on
// the same message, in one run. Goal (issue 7): at most 1.2x.
//
// The SDK side is the call evaluateIndicator makes for an expression indicator (SDK §4.3).
// This package must not depend on @oatf/evaluate, so evaluateIndicator itself is measured by
// the `oatf` package's bench/cel-indicator.bench.ts, on the same cases.
import { celEnv, parse, plan } from "@bufbuild/cel";
import { Bench } from "tinybench";
import { createCelEvaluator } from "../src/index.js";
import { cases, message } from "./cases.js";

const sdk = createCelEvaluator({ requireBoolean: true });
const env = celEnv();
const bench = new Bench({ time: 1000, warmup: true });

for (const c of cases) {
  const direct = plan(env, parse(c.cel));
  const context = { message };
  // Both sides must agree before their speed is compared.
  const a = sdk.evaluate(c.cel, context);
  const b = direct(context);
  if (!a.ok || a.value !== b)
    throw new Error(`${c.name}: sdk ${JSON.stringify(a)} vs direct ${String(b)}`);
  bench.add(`${c.name} | direct`, () => {
    direct(context);
  });
  bench.add(`${c.name} | sdk`, () => {
    sdk.evaluate(c.cel, context);
  });
}

await bench.run();

/** Latency statistic in µs. */
const latency = (name: string, stat: "mean" | "p50") => {
  const ms = (bench.getTask(name)?.result as { latency?: { mean?: number; p50?: number } })
    ?.latency?.[stat];
  if (ms === undefined) throw new Error(`no result for ${name}`);
  return ms * 1000;
};

console.log(
  "SDK path: createCelEvaluator().evaluate, the call evaluateIndicator makes (@oatf/evaluate itself not measured)",
);
console.log(
  "direct:   @bufbuild/cel plan(celEnv(), parse(expr)), planned once, on the same message\n",
);
console.log(
  "case                    median: sdk µs  direct µs  ratio   mean: sdk µs  direct µs  ratio",
);
let worst = 0;
for (const c of cases) {
  const cols = (["p50", "mean"] as const).map((stat) => {
    const s = latency(`${c.name} | sdk`, stat);
    const d = latency(`${c.name} | direct`, stat);
    worst = Math.max(worst, s / d);
    return `${s.toFixed(2).padStart(14)} ${d.toFixed(2).padStart(10)} ${(s / d).toFixed(2).padStart(6)}x`;
  });
  console.log(`${c.name.padEnd(22)} ${cols.join("   ")}`);
}
console.log(`\nworst ratio (median or mean) ${worst.toFixed(2)}x; goal <= 1.20x`);
