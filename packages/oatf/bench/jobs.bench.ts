// `oatf evaluate --jobs 2` against `--jobs 1` (issue 24 §3), in one run: the evaluate
// package's generated library (the examples and 60 generated documents) over a
// 200,000-message trace of 500 sessions (JSON Lines on disk, read as a stream as the CLI
// does). Goal: >= 1.6x on 2 cores, the verdicts identical (compared here too).
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stringify } from "yaml";
import { monitorLibrary, sessionTrace } from "../../evaluate/bench/monitor.js";
import { type EvaluateReport, runEvaluate } from "../src/cli/evaluate-report.js";

const GOAL = 1.6;
const ROUNDS = 3;

const dir = mkdtempSync(join(tmpdir(), "oatf-jobs-bench-"));
const file = join(dir, "trace.jsonl");
const messages = sessionTrace().map(({ line: _, ...m }) => m);
writeFileSync(file, `${messages.map((m) => JSON.stringify(m)).join("\n")}\n`);
const documents = monitorLibrary().map((d, i) => ({
  file: `doc-${i}.yaml`,
  read: () => ({ ok: true as const, text: stringify(d) }),
}));
const trace = {
  file,
  open: () => {
    const stream = createReadStream(file, { highWaterMark: 1 << 16 });
    return { ok: true as const, source: stream, close: () => stream.destroy() };
  },
};

const verdicts = (r: EvaluateReport) =>
  JSON.stringify(
    r.documents.map((d) => [
      d.invalid === undefined,
      d.verdict?.result,
      d.verdict?.indicator_verdicts.map((v) => [v.result, v.evidence]),
    ]),
  );

const best: Record<number, number> = {};
const seen: Record<number, string> = {};
try {
  for (let round = 0; round < ROUNDS; round++)
    for (const jobs of [1, 2]) {
      const start = performance.now();
      const report = await runEvaluate(documents, trace, { jobs });
      const ms = performance.now() - start;
      best[jobs] = Math.min(best[jobs] ?? Number.POSITIVE_INFINITY, ms);
      seen[jobs] = verdicts(report);
      if (round === 0 && jobs === 1) {
        const valid = report.documents.filter((d) => d.verdict !== undefined).length;
        console.log(
          `${valid} of ${documents.length} documents valid, ${report.messages} messages, ${report.problems.total} trace problems`,
        );
      }
    }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const ratio = best[1]! / best[2]!;
console.log(
  `baseline: oatf evaluate --jobs 1, ${messages.length} messages, 500 sessions, ${best[1]!.toFixed(0)} ms`,
);
console.log(
  `evaluate --jobs 2 speed-up vs --jobs 1: ${ratio.toFixed(2)}x (goal >= ${GOAL}x), ${best[2]!.toFixed(0)} ms; verdicts ${seen[1] === seen[2] ? "identical" : "DIFFER"}`,
);
