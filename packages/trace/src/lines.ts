// Trace input as lines (issue 14 §1; format §12.1: traces are untrusted). Chunks of text or
// UTF-8 bytes from any source are cut at line ends with constant memory: a line longer
// than the limit is dropped as it arrives and reported (or its head kept, for a recorder),
// never accumulated. The one line splitter of the package: JSON Lines and SSE alike.

import { Utf8Decoder } from "./utf8.js";

/** Anything a trace can be read from: text, or chunks of text or UTF-8 bytes. */
export type TraceSource =
  | string
  | Iterable<string | Uint8Array>
  | AsyncIterable<string | Uint8Array>
  | ReadableStream<string | Uint8Array>;

/**
 * One line of input: its text, or `tooLong` when it exceeded the limit (text dropped); or, for
 * a splitter that keeps the head of a long line (`overLong: "cut"`), `cut`: how many code
 * units past the limit were dropped.
 */
export interface SourceLine {
  /** 1-based, as editors count. */
  line: number;
  text: string;
  tooLong?: boolean;
  cut?: number;
}

/** The default longest line, in UTF-16 code units: 16 MiB of text per message. */
export const DEFAULT_MAX_LINE_LENGTH = 16 * 1024 * 1024;

const BOM = "\uFEFF";

/** Text is split in pieces this long, so its lines are never all held at once. */
const TEXT_PIECE = 64 * 1024;

/** `text` in pieces (substrings share the text's memory). */
export function* piecesOf(text: string): Generator<string> {
  for (let i = 0; i < text.length; i += TEXT_PIECE) yield text.slice(i, i + TEXT_PIECE);
}

/** The chunks of a source as they come (text or bytes), a ReadableStream read by hand. */
export async function* chunksOf(source: TraceSource): AsyncGenerator<string | Uint8Array> {
  if (typeof source === "string") {
    yield* piecesOf(source);
    return;
  }
  if (typeof (source as ReadableStream).getReader === "function") {
    // Not every browser makes ReadableStream async-iterable: read it by hand.
    const reader = (source as ReadableStream<string | Uint8Array>).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      reader.releaseLock();
    }
  }
  yield* source as AsyncIterable<string | Uint8Array>;
}

export interface LineSplitterOptions {
  /**
   * What ends a line: `any` (the default: `\r\n`, `\n` or a lone `\r`, as server-sent
   * events end them, WHATWG HTML §9.2; a `\r\n` split across chunks is one line end), or
   * `lf` (a wire framed by `\n` alone, as MCP stdio is: `\r\n` with the `\r` dropped, a
   * lone `\r` is text).
   */
  ends?: "lf" | "any";
  /**
   * A line longer than the limit: `drop` its text as it arrives (`tooLong`), or `cut` it,
   * keeping its first `maxLineLength` code units (`lf`: a `\r` before `\n` counted) and
   * saying how many more there were (`cut`).
   */
  overLong?: "drop" | "cut";
}

/**
 * Splits a stream of text chunks into lines with constant memory, however the chunks cut
 * them: the one line splitter of the trace readers, `oatf evaluate --jobs`' router, the
 * recorder's stdio log (bytes read as Latin-1, one unit a byte) and server-sent events.
 * A trace written with old Mac line ends (a lone `\r`) is lines, not one line over the limit.
 */
export class LineSplitter {
  #parts: string[] = [];
  #length = 0;
  /** Code units of the line past what is kept (its head), dropped as they came. */
  #dropped = 0;
  #line = 0;
  #started = false;
  /** `any`: the last chunk ended in `\r`, so a `\n` opening the next one ends nothing. */
  #afterCr = false;
  readonly #max: number;
  /**
   * How much of a line is held: dropping, one more unit than the limit, for the `\r` of a
   * CRLF ending (`lf`: not part of the line); cutting, the limit, `\r` included (a
   * recorder's cap is on the bytes as they came).
   */
  readonly #keep: number;
  readonly #any: boolean;
  readonly #cut: boolean;

  constructor(maxLineLength = DEFAULT_MAX_LINE_LENGTH, options: LineSplitterOptions = {}) {
    this.#max = maxLineLength;
    this.#any = options.ends !== "lf";
    this.#cut = options.overLong === "cut";
    this.#keep = this.#cut ? maxLineLength : maxLineLength + 1;
  }

  /** Feeds text; returns the lines it completes. */
  push(chunk: string): SourceLine[] {
    const out: SourceLine[] = [];
    if (chunk.length === 0) return out;
    if (!this.#started) {
      this.#started = true;
      // A byte-order mark may open the input (WHATWG HTML §9.2: an event stream's too).
      if (chunk.startsWith(BOM)) chunk = chunk.slice(1);
    }
    let start = 0;
    if (this.#afterCr) {
      this.#afterCr = false;
      if (chunk.charCodeAt(0) === 10) start = 1;
    }
    // The next `\r` (`any`), looked for again only once passed: one scan of a chunk that
    // has none, the usual case.
    let cr = this.#any ? chunk.indexOf("\r", start) : -1;
    for (;;) {
      let end = chunk.indexOf("\n", start);
      let next = end + 1;
      if (cr >= 0 && cr < start) cr = chunk.indexOf("\r", start);
      if (cr >= 0 && (end < 0 || cr < end)) {
        end = cr;
        next = cr + 1;
        if (next === chunk.length) this.#afterCr = true;
        else if (chunk.charCodeAt(next) === 10) next++;
      } else if (end < 0) break;
      if (this.#length === 0 && this.#dropped === 0 && end - start <= this.#max) {
        // The whole line is in this chunk (the common case): no parts to gather.
        // `lf`: a CR before the LF is dropped (`any` ended the line at that CR already).
        const cr = end > start && chunk.charCodeAt(end - 1) === 13 ? 1 : 0;
        out.push({ line: ++this.#line, text: chunk.slice(start, end - cr) });
      } else {
        this.#append(chunk, start, end);
        out.push(this.#finish());
      }
      start = next;
    }
    this.#append(chunk, start, chunk.length);
    return out;
  }

  /** The last line, when the input does not end with a line end. */
  end(): SourceLine[] {
    return this.#length > 0 || this.#dropped > 0 ? [this.#finish()] : [];
  }

  #append(chunk: string, start: number, end: number): void {
    const room = this.#keep - this.#length;
    if (end - start > room) {
      this.#dropped += end - start - Math.max(room, 0);
      end = start + Math.max(room, 0);
      // Dropping, nothing of an over-long line is held.
      if (!this.#cut) this.#parts = [];
    }
    if (end <= start || (this.#dropped > 0 && !this.#cut)) return;
    this.#length += end - start;
    this.#parts.push(start === 0 && end === chunk.length ? chunk : chunk.slice(start, end));
  }

  #finish(): SourceLine {
    const line = ++this.#line;
    const dropped = this.#dropped;
    let text = this.#parts.join("");
    if (text.endsWith("\r")) text = text.slice(0, -1); // `lf` only: `any` keeps no CR
    this.#parts = [];
    this.#length = 0;
    this.#dropped = 0;
    if (this.#cut) return dropped > 0 ? { line, text, cut: dropped } : { line, text };
    return dropped > 0 || text.length > this.#max
      ? { line, text: "", tooLong: true }
      : { line, text };
  }
}

/**
 * The text of a trace source as it arrives (UTF-8 for bytes), chunk by chunk (text given
 * whole in 64 Ki pieces); readTrace cuts it into lines, or a HAR into entries.
 */
export async function* sourceText(source: TraceSource): AsyncGenerator<string> {
  // The byte-order mark is left in the text: the line splitter (and the HAR reader) strip
  // exactly one, as they do for text given directly, so every entry point reads the same.
  const decoder = new Utf8Decoder();
  for await (const chunk of chunksOf(source))
    yield typeof chunk === "string" ? chunk : decoder.decode(chunk);
  const rest = decoder.end();
  if (rest !== "") yield rest;
}
