// Reading a pasted trace (format §6): the messages `evaluateTrace` takes.
//
// ADAPTER: until @oatf/evaluate has trace readers with format detection, this accepts the two
// shapes the SDK defines today: OATF JSON Lines (one TraceMessage per line) and a single
// TraceMessage written as one JSON value (possibly over several lines). Swap the body of
// `readTrace` for the SDK reader when it lands; callers only see `TraceRead`.
import { type TraceMessage, traceMessageProblem } from "oatf";

export type TraceRead =
  | { ok: true; format: string; messages: TraceMessage[] }
  | { ok: false; line?: number; reason: string };

export function readTrace(text: string): TraceRead {
  const single = parseJson(text.trim());
  if (single.ok && !traceMessageProblem(single.value)) {
    return { ok: true, format: "OATF message", messages: [single.value as TraceMessage] };
  }
  const messages: TraceMessage[] = [];
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === "") continue;
    const parsed = parseJson(line);
    if (!parsed.ok) return { ok: false, line: i + 1, reason: `not JSON (${parsed.reason})` };
    const problem = traceMessageProblem(parsed.value);
    if (problem) return { ok: false, line: i + 1, reason: problem };
    messages.push(parsed.value as TraceMessage);
  }
  return { ok: true, format: "OATF JSON Lines", messages };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
}
