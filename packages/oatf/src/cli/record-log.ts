// The wrapped JSON-RPC log `oatf record` writes (issue 24 §1): one line per message,
// `{timestamp, direction: sent|received, [connection], [session], message}`, the shape the
// JSON-RPC reader of @oatf/evaluate reads (readers/jsonrpc.ts: `sent` is the client's side,
// `received` the server's). A message is copied as the bytes that went over the wire when
// they are one line of JSON, so the log holds what the peers saw, not a re-encoding of it.
// What is not JSON, or was cut at the size cap, is still written (as a string with a `note`):
// the reader reports it as an error, so a recording never hides a message by leaving it out.
import { closeSync, openSync, writeSync } from "node:fs";

/** Characters of a message that is not JSON (or was cut) kept in its line, for a person to read. */
export const PREVIEW_CHARS = 4096;

export type Direction = "sent" | "received";

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
  direction: Direction,
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

/** A JSONL file written line by line, synchronously, so lines keep the order they were made in. */
export class JsonlFile {
  readonly #fd: number;
  lines = 0;

  constructor(path: string) {
    this.#fd = openSync(path, "w");
  }

  write(line: string): void {
    writeSync(this.#fd, `${line}\n`);
    this.lines++;
  }

  close(): void {
    closeSync(this.#fd);
  }
}

/**
 * Cuts a byte stream into lines (`\n`, a `\r` before it dropped) with bounded memory: a line
 * longer than `cap` bytes keeps its first `cap` bytes and says how many more there were.
 */
export class LineCutter {
  #parts: Buffer[] = [];
  #size = 0;
  #dropped = 0;
  readonly #cap: number;
  readonly #emit: (text: string, cut?: string) => void;

  constructor(cap: number, emit: (text: string, cut?: string) => void) {
    this.#cap = cap;
    this.#emit = emit;
  }

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const end = chunk.indexOf(10, start);
      if (end < 0) {
        this.#keep(chunk.subarray(start));
        return;
      }
      this.#keep(chunk.subarray(start, end));
      this.#flush();
      start = end + 1;
    }
  }

  end(): void {
    if (this.#size > 0 || this.#dropped > 0) this.#flush();
  }

  #keep(part: Buffer): void {
    const room = this.#cap - this.#size;
    if (part.length > room) {
      this.#dropped += part.length - Math.max(room, 0);
      part = part.subarray(0, Math.max(room, 0));
    }
    if (part.length === 0) return;
    // Copied: the stream may reuse its buffer.
    this.#parts.push(Buffer.from(part));
    this.#size += part.length;
  }

  #flush(): void {
    let text = Buffer.concat(this.#parts, this.#size).toString("utf8");
    if (text.endsWith("\r")) text = text.slice(0, -1);
    const dropped = this.#dropped;
    this.#parts = [];
    this.#size = 0;
    this.#dropped = 0;
    if (dropped > 0)
      this.#emit(text, `cut: ${dropped} bytes over the ${this.#cap}-byte cap were not recorded`);
    else if (text.trim() !== "") this.#emit(text);
  }
}
