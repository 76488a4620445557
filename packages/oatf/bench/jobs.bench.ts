// `oatf evaluate --jobs 2` against `--jobs 1` (issue 24 §3), in one run, end to end with the
// built CLI (`pnpm bench` builds first; the workers load dist/evaluate-worker.js): the
// evaluate package's bench library (the examples and 60 generated documents) over a
// 200,000-message trace of 500 sessions in JSON Lines. Goal: >= 1.6x on 2 cores, with the
// verdicts (`--format json`, timestamps aside) identical.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { stringify } from "yaml";
import { monitorLibrary, sessionTrace } from "../../evaluate/bench/monitor.js";

const GOAL = 1.6;
const ROUNDS = 3;
const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
if (!existsSync(cli)) {
  console.error("build the CLI first (pnpm bench does)");
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), "oatf-jobs-bench-"));
const trace = join(dir, "trace.jsonl");
const messages = sessionTrace().map(({ line: _, ...m }) => m);
writeFileSync(trace, `${messages.map((m) => JSON.stringify(m)).join("\n")}\n`);
const documents = monitorLibrary().map((d, i) => {
  const file = join(dir, `doc-${String(i).padStart(2, "0")}.yaml`);
  writeFileSync(file, stringify(d));
  return file;
});

// The verdicts without their wall-clock timestamps.
function run(jobs: number): { ms: number; verdicts: string } {
  const start = performance.now();
  let out: string;
  try {
    const args = [cli, "evaluate", ...documents, "--trace", trace, "--format", "json"];
    out = execFileSync(process.execPath, [...args, "--jobs", String(jobs)], {
      encoding: "utf8",
      maxBuffer: 1 << 28,
    });
  } catch (error) {
    out = (error as { stdout: string }).stdout; // exit code 1: something matched
  }
  const ms = performance.now() - start;
  const verdicts = JSON.stringify(JSON.parse(out), (k, v) => (k === "timestamp" ? undefined : v));
  return { ms, verdicts };
}

const best: Record<number, number> = {};
const seen: Record<number, string> = {};
try {
  for (let round = 0; round < ROUNDS; round++)
    for (const jobs of [1, 2]) {
      const { ms, verdicts } = run(jobs);
      best[jobs] = Math.min(best[jobs] ?? Number.POSITIVE_INFINITY, ms);
      seen[jobs] = verdicts;
    }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
// Coverage `eligible` of a matched indicator may differ (each shard counts to its own first
// match); every other field must not.
const withoutCounts = (s: string) =>
  JSON.stringify(JSON.parse(s), (k, v) => (k === "eligible" || k === "resolved" ? undefined : v));
const identical = withoutCounts(seen[1]!) === withoutCounts(seen[2]!);
console.log(
  `baseline: oatf evaluate --jobs 1, ${documents.length} documents, ${messages.length} messages, 500 sessions, ${best[1]!.toFixed(0)} ms`,
);
console.log(
  `evaluate --jobs 2 speed-up vs --jobs 1: ${(best[1]! / best[2]!).toFixed(2)}x (goal >= ${GOAL}x), ${best[2]!.toFixed(0)} ms; verdicts ${identical ? "identical" : "DIFFER"}`,
);
