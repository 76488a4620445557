// Server-sent events (WHATWG HTML §9.2 "event stream interpretation"), as captured from MCP
// Streamable HTTP, A2A `message/stream` (format §7.2.2) and AG-UI (format §7.3) responses:
// `data:` lines are joined with line feeds into one event, ended by a blank line; `event:`,
// `id:`, `retry:` and `:` comment lines carry nothing an indicator reads. One assembler
// serves every reader, so an event is bounded the same way everywhere: its data is held to
// `maxEventLength`, and a line too long to read ends the event it was in.
import { DEFAULT_MAX_LINE_LENGTH } from "../lines.js";
import { problem, type TraceRecord } from "../record.js";

/** Whether a text line belongs to an SSE capture (a field line or a comment). */
export function isSseLine(text: string): boolean {
  // JSON lines open with `{` or `[`: one character rules most lines out before the regex.
  const c = text.charCodeAt(0);
  if (c === 123 || c === 91) return false;
  return /^(data|event|id|retry):|^:/.test(text);
}

/** The payload of a `data:` line (one leading space dropped, as SSE says), else undefined. */
export function sseData(text: string): string | undefined {
  if (!text.startsWith("data:")) return undefined;
  return text.slice(text.startsWith("data: ") ? 6 : 5);
}

/** What is done with one assembled event: its data text and the line its first `data:` was on. */
export type SseEmit = (data: string, line: number, out: TraceRecord[]) => void;

/** Assembles SSE events from lines; feed it every line, and it hands back each event's data. */
export class SseAssembler {
  #data: string[] = [];
  #length = 0;
  #start = 0;
  // The event being collected was cut (too long, or a line of it dropped): its lines are skipped.
  #broken = false;
  readonly #max: number;
  readonly #emit: SseEmit;

  constructor(emit: SseEmit, maxEventLength = DEFAULT_MAX_LINE_LENGTH) {
    this.#emit = emit;
    this.#max = maxEventLength;
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
    const payload = sseData(text);
    if (payload !== undefined) {
      if (this.#broken) return true;
      if (this.#data.length === 0) this.#start = line;
      this.#length += payload.length + (this.#data.length > 0 ? 1 : 0);
      if (this.#length > this.#max) {
        this.#data = [];
        this.#length = 0;
        this.#broken = true;
        problem(
          out,
          this.#start,
          "T-LINE-TOO-LONG",
          `an SSE event longer than ${this.#max} characters: not read`,
        );
        return true;
      }
      this.#data.push(payload);
      return true;
    }
    if (isSseLine(text)) return true;
    this.#broken = false;
    this.#dispatch(out);
    return false;
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
    this.#emit(text, this.#start, out);
  }
}
