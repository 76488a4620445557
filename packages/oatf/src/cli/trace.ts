// Reading a trace: JSON Lines, one TraceMessage (the shape `evaluateTrace` takes) per line.
// Blank lines are skipped; anything else that is not a message is reported by line number.
import { DIRECTIONS, type Direction, type TraceMessage } from "../index.js";

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
    const problem = messageProblem(value);
    if (problem) return { ok: false, line: i + 1, reason: problem };
    messages.push(value as TraceMessage);
  }
  return { ok: true, messages };
}

function messageProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return "a trace message must be a JSON object";
  const m = value as Record<string, unknown>;
  if (typeof m.protocol !== "string") return "missing string field 'protocol'";
  if (typeof m.operation !== "string") return "missing string field 'operation'";
  if (typeof m.direction !== "string" || !DIRECTIONS.includes(m.direction as Direction))
    return '\'direction\' must be "request" or "response"';
  if (!("content" in m)) return "missing field 'content'";
  if (m.actor !== undefined && typeof m.actor !== "string") return "'actor' must be a string";
  if (m.timestamp !== undefined && typeof m.timestamp !== "string")
    return "'timestamp' must be a string";
  return undefined;
}
