// `oatf record --run NAME` (issue 32 §4): the run key of a recording. A run is one execution of
// an attack against one agent; verdicts are given per run, and transport keys (`session`,
// `connection`) never split one. The key goes on each line of the JSON-RPC log, and on the
// messages the recorder itself publishes (--redis) and evaluates (--evaluate).
import type { TraceRecord } from "@oatf/trace";

/** `line` with the run key added when it is a line of the JSON-RPC log; others are left as they are. */
export function withRunKey(line: string, run: string | undefined): string {
  // The JSON-RPC log's lines (`logLine` of @oatf/trace) open with their timestamp.
  if (run === undefined || !line.startsWith('{"timestamp":') || !line.endsWith("}")) return line;
  return `${line.slice(0, -1)},"run":${JSON.stringify(run)}}`;
}

/** Gives the messages among `records` that name no run the recording's. */
export function stampRun(records: readonly TraceRecord[], run: string | undefined): void {
  if (run === undefined) return;
  for (const record of records) {
    if (record.kind === "message" && typeof record.message.run !== "string")
      record.message.run = run;
  }
}
