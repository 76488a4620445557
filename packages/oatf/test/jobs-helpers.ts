// Shared by the `--jobs` tests: a trace held in memory, and what must not depend on --jobs.
import {
  type EvaluateReport,
  evaluateExitCode,
  renderEvaluate,
  type TraceInput,
} from "../src/cli/evaluate/report.js";

/** The lines as a trace of unknown size, seven lines a chunk. */
export function memoryTrace(lines: string[]): TraceInput {
  async function* source() {
    for (let i = 0; i < lines.length; i += 7) yield `${lines.slice(i, i + 7).join("\n")}\n`;
  }
  return { file: "trace.jsonl", open: () => ({ ok: true, source: source(), close: () => {} }) };
}

// What must not depend on --jobs: the JSON output byte for byte (coverage counts included)
// but its wall-clock timestamps, the text output, the trace problems and the exit code.
export function decided(report: EvaluateReport) {
  const untimed = (s: string) => s.replace(/"timestamp": "[^"]*"/g, '"timestamp": "-"');
  return {
    json: untimed(renderEvaluate(report, "json").stdout),
    text: renderEvaluate(report, "text").stdout,
    messages: report.messages,
    problems: report.problems,
    exit: evaluateExitCode(report),
  };
}
