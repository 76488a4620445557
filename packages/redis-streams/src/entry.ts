// One stream entry: fields `session` (the partition key) and `message` (the trace message as
// JSON, with its `line`). Entries are untrusted: whatever an entry holds becomes a message or
// a problem, never an exception.
import { type StreamEntry, type TraceMessage, traceMessageProblem } from "@oatf/evaluate";

/** The fields of an entry for `message`, published under `session`. */
export function encodeEntry(session: string, message: TraceMessage): string[] {
  return ["session", session, "message", JSON.stringify(message)];
}

/**
 * A position from an entry id (`ms-seq`) for a message without a `line`: ms × 1024 + seq,
 * increasing in the stream's order while seq < 1024; 0 when it is not a safe integer.
 */
export function positionOfId(id: string): number {
  const [ms, seq] = id.split("-").map(Number);
  const position = (ms ?? Number.NaN) * 1024 + Math.min(seq ?? 0, 1023);
  return Number.isSafeInteger(position) && position > 0 ? position : 0;
}

/** Decodes an XREADGROUP / XAUTOCLAIM entry (`[id, [field, value, …]]`). */
export function decodeEntry(id: string, fields: unknown): StreamEntry {
  const values = new Map<string, string>();
  if (Array.isArray(fields))
    for (let i = 0; i + 1 < fields.length; i += 2)
      values.set(String(fields[i]), String(fields[i + 1]));
  const session = values.get("session") ?? "";
  const text = values.get("message");
  if (text === undefined)
    return { id, session, position: positionOfId(id), problem: "the entry has no 'message' field" };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {
      id,
      session,
      position: positionOfId(id),
      problem: "the entry's 'message' is not JSON",
    };
  }
  const problem = traceMessageProblem(value);
  const message = value as TraceMessage;
  const position =
    problem === undefined && message.line !== undefined ? message.line : positionOfId(id);
  if (problem !== undefined) return { id, session, position, problem };
  return { id, session, position, message, bytes: text.length };
}
