// Reading a trace: JSON Lines, one TraceMessage (the shape `evaluateTrace` takes) per line.
// Blank lines are skipped; anything else that is not a message is reported by line number.
import { type TraceMessage, traceMessageProblem } from "@oatf/evaluate";

export type TraceRead =
  | { ok: true; messages: TraceMessage[] }
  | { ok: false; line: number; reason: string };

export function parseTrace(text: string): TraceRead {
  const messages: TraceMessage[] = [];
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      return { ok: false, line: i + 1, reason: `not JSON (${(error as Error).message})` };
    }
    const problem = traceMessageProblem(value);
    if (problem) return { ok: false, line: i + 1, reason: problem };
    messages.push(value as TraceMessage);
  }
  return { ok: true, messages };
}
