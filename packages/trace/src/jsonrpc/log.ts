// The wrapped JSON-RPC log `oatf record` writes (issue 24 §1): one line per message,
// `{timestamp, direction: sent|received, [connection], [session], message}`, the shape the
// JSON-RPC reader beside it reads (read.ts: `sent` is the client's side, `received` the
// server's). A message is copied as the bytes that went over the wire when
// they are one line of JSON, so the log holds what the peers saw, not a re-encoding of it.
// What is not JSON, or was cut at the size cap, is still written (as a string with a `note`):
// the reader reports it as an error, so a recording never hides a message by leaving it out.

/** Characters of a message that is not JSON (or was cut) kept in its line, for a person to read. */
export const PREVIEW_CHARS = 4096;

/** Which side sent a logged message: `sent` (the client's), `received` (the server's). */
export type LogDirection = "sent" | "received";

/** Where a message was seen: the proxy's connection and the protocol's session (MCP `Mcp-Session-Id`). */
export interface Origin {
  connection?: string;
  session?: string;
}

/** Receives each log line as it is made (the file, the live evaluation, or both). */
export type LineSink = (line: string) => void;

/** The JSON text of a message as one line: its own bytes when they are, else re-encoded. */
export function messageJson(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  // Whitespace between tokens may hold line breaks (SSE `data:` lines are joined with `\n`).
  return /[\r\n\u2028\u2029]/.test(text) ? JSON.stringify(value) : text.trim();
}

/** One log line for a message seen as `text` (a JSON value, or anything else with a note). */
export function logLine(
  direction: LogDirection,
  text: string,
  origin: Origin = {},
  cut?: string,
  timestamp = new Date().toISOString(),
): string {
  const head =
    `{"timestamp":${JSON.stringify(timestamp)},"direction":"${direction}"` +
    (origin.connection === undefined ? "" : `,"connection":${JSON.stringify(origin.connection)}`) +
    (origin.session === undefined ? "" : `,"session":${JSON.stringify(origin.session)}`);
  const json = cut === undefined ? messageJson(text) : undefined;
  if (json !== undefined) return `${head},"message":${json}}`;
  const note = cut ?? "not JSON: recorded as text";
  return `${head},"note":${JSON.stringify(note)},"message":${JSON.stringify(text.slice(0, PREVIEW_CHARS))}}`;
}
