// Server-sent events (WHATWG HTML §9.2 "event stream interpretation"), as captured from MCP
// Streamable HTTP, A2A `message/stream` (format §7.2.2) and AG-UI (format §7.3) responses:
// `data:` lines are joined with line feeds into one event, ended by a blank line; `event:`,
// `id:`, `retry:` and `:` comment lines carry nothing an indicator reads. The one SSE parser
// of the package: its lines come from the one line splitter (lines.ts: CR, LF and CRLF end a
// line in an SSE body or stream), each line is one field (`sseField`), and an event's data is
// held to a bound (`SseData`), by dropping the event (the readers: it is reported) or by
// keeping its head (the recorder's tap: it is noted as cut).
import { DEFAULT_MAX_LINE_LENGTH, linesOf } from "../lines.js";
import { problem, type TraceRecord } from "../record.js";

/** One field line: its name and value (one space after the colon dropped, as SSE says). */
export interface SseField {
  name: string;
  value: string;
}

/** The field a line holds; undefined for a comment (a line opening with `:`). */
export function sseField(line: string): SseField | undefined {
  if (line.charCodeAt(0) === 58) return undefined;
  const colon = line.indexOf(":");
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

/**
 * The data of one event being collected: its `data` values joined by line feeds, at most `max`
 * code units. Past it, `drop` lets the whole data go (`add` says so), `cut` keeps its head and
 * counts what was left out (`dropped`).
 */
export class SseData {
  #values: string[] = [];
  #length = 0;
  /** `cut`: code units of data values left out since the last `take`. */
  dropped = 0;
  readonly #max: number;
  readonly #cut: boolean;

  constructor(max: number, overLong: "drop" | "cut") {
    this.#max = max;
    this.#cut = overLong === "cut";
  }

  /** Values collected. */
  get size(): number {
    return this.#values.length;
  }

  /** Adds a value; false when it made the data longer than `max` (`drop`: all of it is let go). */
  add(value: string): boolean {
    const separator = this.#values.length > 0 ? 1 : 0;
    const room = this.#max - this.#length - separator;
    if (value.length > room) {
      if (!this.#cut) {
        this.#values = [];
        this.#length = 0;
        return false;
      }
      this.dropped += value.length - Math.max(room, 0);
      value = value.slice(0, Math.max(room, 0));
    }
    this.#values.push(value);
    this.#length += separator + value.length;
    return true;
  }

  /** The data collected (undefined: none), and a fresh start. */
  take(): string | undefined {
    const values = this.#values;
    this.#values = [];
    this.#length = 0;
    this.dropped = 0;
    if (values.length === 0) return undefined;
    return values.length === 1 ? values[0]! : values.join("\n");
  }
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
  readonly #data: SseData;
  #start = 0;
  // The event being collected was cut (too long, or a line of it dropped): its lines are skipped.
  #broken = false;
  readonly #max: number;
  readonly #emit: SseEmit;

  constructor(emit: SseEmit, maxEventLength = DEFAULT_MAX_LINE_LENGTH) {
    this.#emit = emit;
    this.#max = maxEventLength;
    this.#data = new SseData(maxEventLength, "drop");
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
      if (this.#data.size > 0) this.#dispatch(out);
      return false;
    }
    if (text.trim() === "") {
      this.#broken = false;
      this.#dispatch(out);
      return true;
    }
    if (!isSseLine(text)) {
      this.#broken = false;
      this.#dispatch(out);
      return false;
    }
    const field = sseField(text);
    if (field?.name !== "data" || this.#broken) return true;
    if (this.#data.size === 0) this.#start = line;
    if (!this.#data.add(field.value)) {
      this.#broken = true;
      problem(
        out,
        this.#start,
        "T-LINE-TOO-LONG",
        `an SSE event longer than ${this.#max} characters: not read`,
      );
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
    const data = this.#data.take();
    if (data !== undefined) this.#emit(data, this.#start, out);
  }
}

/** Whether an HTTP body is SSE (its first line is a field or a comment), not JSON. */
export function isSseBody(text: string): boolean {
  return isSseLine(text.trimStart());
}

/**
 * Reads an SSE body (a HAR entry's, a captured response) into `events`: its lines as the
 * event stream ends them (CR, LF or CRLF), each given to the assembler; a line that is not SSE
 * goes to `other` (read as a JSON line, as in a log).
 */
export function readSseBody(
  text: string,
  line: number,
  events: SseAssembler,
  other: (text: string) => void,
  out: TraceRecord[],
): void {
  for (const { text: l } of linesOf(text, { ends: "any" }))
    if (!events.line(l, line, out)) other(l);
  events.end(out);
}
