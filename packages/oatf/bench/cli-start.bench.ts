// `oatf validate` on one small pattern-only document against `node -e 0`, spawned side by
// side in the same run. Goal: the CLI takes at most 2.5x the bare Node start (issue 13).
//
// Each round spawns both, in alternating order, and the result is the median of the
// per-round ratios, so a burst of load on a busy machine skews a few rounds, not the result.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const GOAL = 2.5;
const ROUNDS = 31;
const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const document = fileURLToPath(new URL("../../../examples/mcp-rug-pull.yaml", import.meta.url));
if (!existsSync(cli)) {
  console.error("build the CLI first: npx -y pnpm@10.34.8 run build");
  process.exit(1);
}

// Variables that change what every Node process does at start, whatever it runs: with
// NODE_EXTRA_CA_CERTS set to the system bundle (as in some shells here) `node -e 0` takes
// 50 ms instead of 20, which hid a third of the CLI's own start from the ratio. turbo's
// `pnpm bench` does not pass them on; a run by hand now measures the same thing.
const env = { ...process.env };
for (const name of ["NODE_OPTIONS", "NODE_EXTRA_CA_CERTS"]) delete env[name];

function wallMs(args: string[]): number {
  const start = process.hrtime.bigint();
  execFileSync(process.execPath, args, { stdio: "ignore", env });
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const tasks = { bare: ["-e", "0"], cli: [cli, "validate", document] };
wallMs(tasks.bare); // warm the file cache for both
wallMs(tasks.cli);
const ratios: number[] = [];
const times = { bare: [] as number[], cli: [] as number[] };
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? (["bare", "cli"] as const) : (["cli", "bare"] as const);
  const ms = { bare: 0, cli: 0 };
  for (const name of order) ms[name] = wallMs(tasks[name]);
  times.bare.push(ms.bare);
  times.cli.push(ms.cli);
  ratios.push(ms.cli / ms.bare);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ratio = median(ratios);
console.log(
  `oatf validate ${median(times.cli).toFixed(0)} ms, node -e 0 ${median(times.bare).toFixed(0)} ms: ` +
    `${ratio.toFixed(2)}x (goal <= ${GOAL}x: ${ratio <= GOAL ? "meets" : "MISSES"}; median of ${ROUNDS} rounds)`,
);
