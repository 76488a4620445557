// `oatf record --run NAME` (issue 32 §4): the run key of a recording. A run is one execution of
// an attack against one agent; verdicts are given per run, and transport keys (`session`,
// `connection`) never split one. The key goes on each line of the JSON-RPC log or the OTLP
// lines, on each entry of a HAR (`_run`), and on the messages the recorder itself publishes
// (--redis) and evaluates (--evaluate).
import type { TraceRecord } from "@oatf/trace";

/**
 * `line` with the run key added when it is a line whose reader takes a run from it: a line of
 * the JSON-RPC log, an A2A `agent_card/get` line (a trace message: without the key the card
 * was a run of its own, apart from the task it led to), or (`otlp`) an OTLP request, beside its
 * `resourceSpans`; AG-UI events are left as they are (the event is the message's content).
 */
export function withRunKey(line: string, run: string | undefined, otlp = false): string {
  if (run === undefined || !line.endsWith("}")) return line;
  // The JSON-RPC log's lines (`logLine` of @oatf/trace) open with their timestamp, the card's
  // (http.ts `cardLine`) with its protocol; an OTLP line is the request re-encoded by
  // `JSON.stringify`, never an empty object.
  const ours = otlp
    ? line.startsWith("{") && line !== "{}"
    : line.startsWith('{"timestamp":') || line.startsWith('{"protocol":"a2a"');
  return ours ? `${line.slice(0, -1)},"run":${JSON.stringify(run)}}` : line;
}

/** Gives the messages among `records` that name no run the recording's. */
export function stampRun(records: readonly TraceRecord[], run: string | undefined): void {
  if (run === undefined) return;
  for (const record of records) {
    if (record.kind === "message" && typeof record.message.run !== "string")
      record.message.run = run;
  }
}
