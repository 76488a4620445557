// `oatf record --evaluate`: the documents evaluated over the log lines as they are made, with
// each indicator's first match printed the moment its message is recorded (issue 24 §1). The
// lines go through the same reader (`TraceDecoder`, format detected) and streaming evaluator
// (`createTraceEvaluator`) as `oatf evaluate` uses on the file, so evaluating the recorded file
// afterwards gives the same verdicts.
import { createTraceEvaluator } from "@oatf/evaluate";
import { TraceDecoder, type TraceRecord } from "@oatf/trace";
import { evaluateExitCode } from "../evaluate/report.js";
import { type CliContext, EXIT } from "../shared/context.js";
import { expandInputs } from "../shared/files.js";
import { loadLiveDocuments } from "../shared/live-documents.js";
import { safe } from "../shared/terminal.js";
import { countProblem, emptyProblems, MAX_REPORTED } from "../shared/trace-problems.js";
import { stampRun } from "./run-key.js";

/** What reads the log's lines: `TraceDecoder` (any format it tells), or another format's reader. */
export type LogReader = Pick<TraceDecoder, "line" | "end">;

export interface LiveEvaluation {
  /** Evaluates one log line (1-based `line`, as in the file when the log is JSONL). */
  line(text: string): void;
  /**
   * Ends the trace, prints each document's verdict and returns the exit code `oatf evaluate`
   * gives the recorded file (`evaluateExitCode`: 1 exploited or partial; 3 an error verdict,
   * unreadable or uncorrelated lines, or nothing recorded; else 0).
   */
  finish(): number;
}

/** Reads and checks the documents; on failure the message is printed and the exit code returned. */
export async function startLiveEvaluation(
  inputs: string[],
  ctx: CliContext,
  where: string,
  reader?: LogReader,
  run?: string,
): Promise<LiveEvaluation | number> {
  const { files, unmatched } = await expandInputs(inputs, ctx.cwd);
  if (unmatched.length > 0) {
    for (const arg of unmatched) ctx.stderr.write(safe`oatf record: no document matches ${arg}\n`);
    return EXIT.usage;
  }
  const loaded = await loadLiveDocuments("record", files, ctx);
  if (typeof loaded === "number") return loaded;
  const { documents, cel } = loaded;
  const names = files;
  let current = 0;
  const evaluator = createTraceEvaluator(documents, {
    source: "oatf-record",
    cel,
    onMatch({ documentIndex, verdict }) {
      if (verdict.result !== "matched") return;
      // The evidence names the message's line in the recorded file (JSONL or HAR).
      const evidence = verdict.evidence ?? `${where} ${current}`;
      ctx.stderr.write(
        safe`oatf record: match: ${names[documentIndex]} indicator ${verdict.indicator_id}: ${evidence}\n`,
      );
    },
  });
  const decoder = reader ?? new TraceDecoder({ documents });
  let messages = 0;
  const tally = emptyProblems();
  const take = (records: TraceRecord[]) => {
    stampRun(records, run);
    for (const record of records) {
      if (record.kind === "message") {
        messages++;
        evaluator.push(record.message);
        continue;
      }
      const d = record.diagnostic;
      // Tallied as `oatf evaluate` does, for the same exit code; the first ones printed.
      if (countProblem(tally, d))
        ctx.stderr.write(
          safe`oatf record: ${where} ${d.range?.start.line ?? "-"}: ${d.severity} ${d.rule}: ${d.message}\n`,
        );
    }
  };
  return {
    line(text) {
      current++;
      const out: TraceRecord[] = [];
      decoder.line({ line: current, text }, out);
      take(out);
    },
    finish() {
      const out: TraceRecord[] = [];
      decoder.end(out);
      take(out);
      if (tally.total > MAX_REPORTED)
        ctx.stderr.write(`oatf record: ${tally.total - MAX_REPORTED} more trace problems\n`);
      const verdicts = evaluator.verdicts();
      verdicts.forEach((verdict, i) => {
        const tier = verdict.max_tier === undefined ? "" : ` (max_tier ${verdict.max_tier})`;
        ctx.stderr.write(safe`oatf record: ${names[i]}: ${verdict.result}${tier}\n`);
      });
      return evaluateExitCode({
        unmatched: [],
        documents: verdicts.map((verdict, i) => ({ file: names[i]!, verdict })),
        trace: "",
        problems: tally,
        messages,
        options: {},
      });
    },
  };
}
