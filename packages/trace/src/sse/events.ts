// Server-sent events (WHATWG HTML §9.2 "event stream interpretation"), as captured from MCP
// Streamable HTTP, A2A `message/stream` (format §7.2.2) and AG-UI (format §7.3) responses:
// `data:` lines are joined with line feeds into one event, ended by a blank line; `event:`,
// `id:`, `retry:` and `:` comment lines carry nothing an indicator reads. The one SSE parser
// of the package: its lines come from the one line splitter (lines.ts: CR, LF and CRLF end a
// line in an SSE body or stream), each line is one field (`sseField`), and an event's data is
// held to a bound (`SseData`), by dropping the event (the readers: it is reported) or by
// keeping its head (the recorder's tap: it is noted as cut).
import { DEFAULT_MAX_LINE_LENGTH, LineSplitter } from "../lines.js";
import { type LineDecoder, type TraceRecord, tooLong } from "../record.js";

/** One field line: its name and value (one space after the colon dropped, as SSE says). */
export interface SseField {
  name: string;
  value: string;
}

/** The field a line holds; undefined for a comment (a line opening with `:`). */
export function sseField(line: string): SseField | undefined {
  const colon = line.indexOf(":");
  if (colon === 0) return undefined;
  if (colon < 0) return { name: line, value: "" };
  const value = line.charCodeAt(colon + 1) === 32 ? line.slice(colon + 2) : line.slice(colon + 1);
  return { name: line.slice(0, colon), value };
}

/**
 * Whether a line of a log belongs to an SSE capture (a field the event stream defines, or a
 * comment): a trace log mixes SSE with JSON lines, so only these are read as SSE there.
 */
export function isSseLine(text: string): boolean {
  // JSON lines open with `{` or `[`: one character rules most lines out before the regex.
  const c = text.charCodeAt(0);
  if (c === 123 || c === 91) return false;
  return /^(data|event|id|retry):|^:/.test(text);
}

/** The payload of a `data:` line, else undefined. */
export function sseData(text: string): string | undefined {
  if (!text.startsWith("data:")) return undefined;
  return sseField(text)!.value;
}

/** What is done with one assembled event: its data text and the line its first `data:` was on. */
export type SseEmit = (data: string, line: number, out: TraceRecord[]) => void;

/**
 * Assembles SSE events from the lines of a log, where they may sit between JSON lines; feed it
 * every line, and it hands back each event's data. An event longer than `maxEventLength` is
 * dropped and reported, and so is the rest of it; a line too long to read ends the event it was
 * in. Whitespace-only lines end an event too (a log's lines may carry trailing spaces).
 */
export class SseAssembler {
  #data: string[] = [];
  #length = 0;
  #start = 0;
  // The event being collected was cut (too long, or a line of it dropped): its lines are skipped.
  #broken = false;
  readonly #max: number;
  readonly #emit: SseEmit;
  // The whole input is one event stream (a body), not a log mixing it with JSON lines: any
  // line but a JSON one is a field, as the standard reads it (`ping`: a field named `ping`).
  readonly #stream: boolean;

  constructor(emit: SseEmit, maxEventLength = DEFAULT_MAX_LINE_LENGTH, stream = false) {
    this.#emit = emit;
    this.#max = maxEventLength;
    this.#stream = stream;
  }

  /**
   * Feeds one line. Returns true when the line was SSE (a field, a comment, or a blank
   * line, which ends the event); false for any other line, which is the caller's to read
   * (the event collected so far is handed back first: such a line ends it too).
   */
  line(text: string, line: number, out: TraceRecord[]): boolean {
    const c = text.charCodeAt(0);
    if (c === 123 || c === 91) {
      // A JSON line (the common case in a log) ends any event before it.
      this.#broken = false;
      if (this.#data.length > 0) this.#dispatch(out);
      return false;
    }
    if (text.trim() === "") {
      this.#broken = false;
      this.#dispatch(out);
      return true;
    }
    // A data line (the common case in SSE) is read without a regex.
    const data = sseData(text) ?? (this.#stream && text === "data" ? "" : undefined);
    if (data === undefined) {
      if (this.#stream || isSseLine(text)) return true;
      this.#broken = false;
      this.#dispatch(out);
      return false;
    }
    if (this.#broken) return true;
    if (this.#data.length === 0) this.#start = line;
    this.#length += data.length + (this.#data.length > 0 ? 1 : 0);
    if (this.#length <= this.#max) this.#data.push(data);
    else {
      this.#data = [];
      this.#length = 0;
      this.#broken = true;
      tooLong(out, this.#start, "an SSE event", this.#max);
    }
    return true;
  }

  /** A line too long to read was dropped: it ends the event it was in, as a blank line would. */
  dropped(out: TraceRecord[]): void {
    this.#broken = false;
    this.#dispatch(out);
  }

  /** The input ended: an event without its closing blank line is still read. */
  end(out: TraceRecord[]): void {
    this.#dispatch(out);
  }

  #dispatch(out: TraceRecord[]): void {
    if (this.#data.length === 0) return;
    const text = this.#data.length === 1 ? this.#data[0]! : this.#data.join("\n");
    this.#data = [];
    this.#length = 0;
    // "If the data buffer is an empty string, ... return": an event of one empty `data:`
    // line (MCP's priming event for resumption) is not dispatched.
    if (text !== "") this.#emit(text, this.#start, out);
  }
}

/**
 * The decoder of a log whose lines are SSE or read by `other` (a JSON line): SSE lines go to
 * the assembler, whose events `emit` reads; any other line ends the event before it.
 */
export function sseLog(
  emit: SseEmit,
  other: (text: string, line: number, out: TraceRecord[]) => void,
  maxEventLength?: number,
  stream = false,
): LineDecoder {
  const sse = new SseAssembler(emit, maxEventLength, stream);
  return {
    // Lines come cut at CR, LF and CRLF (lines.ts), as an event stream ends them.
    line: (text, line, out) => sse.line(text, line, out) || other(text, line, out),
    dropped: (out) => sse.dropped(out),
    end: (out) => sse.end(out),
  };
}

/**
 * Reads a body (a HAR entry's, a captured response) through `reader` when it is SSE (its
 * first line a field or a comment, or `stream`: its content type says so): its lines as the
 * event stream ends them (CR, LF or CRLF), all at `line`. False when it is not SSE (it is
 * JSON, or nothing this reads).
 */
export function readSseBody(
  text: string,
  line: number,
  reader: LineDecoder,
  out: TraceRecord[],
  stream = false,
): boolean {
  if (!stream && !isSseLine(text.trimStart())) return false;
  const lines = new LineSplitter(Number.POSITIVE_INFINITY);
  for (const { text: l } of [...lines.push(text), ...lines.end()]) reader.line(l, line, out);
  reader.end(out);
  return true;
}
