// Trace input as lines (issue 14 §1; format §12.1: traces are untrusted). Chunks of text or
// UTF-8 bytes from any source are cut at line ends with constant memory: a line longer
// than the limit is dropped as it arrives and reported (or its head kept, for a recorder),
// never accumulated. The one line splitter of the package: JSON Lines and SSE alike.

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

async function* chunksOf(source: TraceSource): AsyncGenerator<string | Uint8Array> {
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
   * What ends a line: `lf` (JSON Lines: `\n`, and `\r\n` with the `\r` dropped; a lone `\r`
   * is text), or `any` (server-sent events, WHATWG HTML §9.2: `\r\n`, `\n` or `\r`, a
   * `\r\n` split across chunks still one line end).
   */
  ends?: "lf" | "any";
  /**
   * A line longer than the limit: `drop` its text as it arrives (`tooLong`), or `cut` it,
   * keeping its first `maxLineLength` code units (a `\r` before `\n` counted) and saying how
   * many more there were (`cut`).
   */
  overLong?: "drop" | "cut";
  /** Drop one byte-order mark opening the input (default true). */
  bom?: boolean;
}

const LINE_END = /[\r\n]/g;

/**
 * Splits a stream of text chunks into lines with constant memory, however the chunks cut
 * them: the one line splitter of the trace readers, `oatf evaluate --jobs`' router, the
 * recorder's stdio log (bytes read as Latin-1, one unit a byte) and server-sent events.
 */
export class LineSplitter {
  #parts: string[] = [];
  #length = 0;
  #tooLong = false;
  #dropped = 0;
  #line = 0;
  #started = false;
  /** `ends: "any"`: the last chunk ended in `\r`, so a `\n` opening the next one ends nothing. */
  #afterCr = false;
  readonly #max: number;
  readonly #any: boolean;
  readonly #cut: boolean;
  readonly #bom: boolean;

  constructor(maxLineLength = DEFAULT_MAX_LINE_LENGTH, options: LineSplitterOptions = {}) {
    this.#max = maxLineLength;
    this.#any = options.ends === "any";
    this.#cut = options.overLong === "cut";
    this.#bom = options.bom ?? true;
  }

  /** Feeds text; returns the lines it completes. */
  push(chunk: string): SourceLine[] {
    if (!this.#started && chunk.length > 0) {
      this.#started = true;
      // A byte-order mark may open the file.
      if (this.#bom && chunk.startsWith(BOM)) chunk = chunk.slice(1);
    }
    const out: SourceLine[] = [];
    if (this.#any) return this.#pushAny(chunk, out);
    let start = 0;
    for (;;) {
      const end = chunk.indexOf("\n", start);
      if (end < 0) break;
      if (this.#length === 0 && !this.#tooLong && this.#dropped === 0 && end - start <= this.#max) {
        // The whole line is in this chunk (the common case): no parts to gather.
        const cr = end > start && chunk.charCodeAt(end - 1) === 13 ? 1 : 0;
        out.push({ line: ++this.#line, text: chunk.slice(start, end - cr) });
      } else {
        this.#append(chunk, start, end);
        out.push(this.#finish());
      }
      start = end + 1;
    }
    this.#append(chunk, start, chunk.length);
    return out;
  }

  /** The last line, when the input does not end with a line end. */
  end(): SourceLine[] {
    return this.#length > 0 || this.#tooLong || this.#dropped > 0 ? [this.#finish()] : [];
  }

  /** `push` for `ends: "any"`. */
  #pushAny(chunk: string, out: SourceLine[]): SourceLine[] {
    let start = 0;
    if (this.#afterCr && chunk.length > 0) {
      this.#afterCr = false;
      if (chunk.charCodeAt(0) === 10) start = 1;
    }
    for (;;) {
      LINE_END.lastIndex = start;
      const found = LINE_END.exec(chunk);
      if (found === null) break;
      const end = found.index;
      this.#append(chunk, start, end);
      out.push(this.#finish());
      start = end + 1;
      if (chunk.charCodeAt(end) === 13) {
        if (start === chunk.length) this.#afterCr = true;
        else if (chunk.charCodeAt(start) === 10) start++;
      }
    }
    this.#append(chunk, start, chunk.length);
    return out;
  }

  #append(chunk: string, start: number, end: number): void {
    if (this.#tooLong || end <= start) return;
    if (this.#cut) {
      const room = this.#max - this.#length;
      if (end - start > room) {
        this.#dropped += end - start - Math.max(room, 0);
        end = start + Math.max(room, 0);
        if (end <= start) return;
      }
      this.#length += end - start;
      this.#parts.push(start === 0 && end === chunk.length ? chunk : chunk.slice(start, end));
      return;
    }
    this.#length += end - start;
    // One more unit is held for the `\r` of a CRLF ending, which is not part of the line.
    if (this.#length > this.#max + 1) {
      this.#tooLong = true;
      this.#parts = [];
      return;
    }
    this.#parts.push(start === 0 && end === chunk.length ? chunk : chunk.slice(start, end));
  }

  #finish(): SourceLine {
    const line = ++this.#line;
    let tooLong = this.#tooLong;
    const dropped = this.#dropped;
    let text = tooLong ? "" : this.#parts.join("");
    if (!this.#any && text.endsWith("\r")) text = text.slice(0, -1);
    if (text.length > this.#max) {
      tooLong = true;
      text = "";
    }
    this.#parts = [];
    this.#length = 0;
    this.#tooLong = false;
    this.#dropped = 0;
    if (dropped > 0) return { line, text, cut: dropped };
    return tooLong ? { line, text, tooLong } : { line, text };
  }
}

/** The lines of a text in memory (`ends: "any"` for server-sent events), none dropped. */
export function linesOf(text: string, options: LineSplitterOptions = {}): SourceLine[] {
  const splitter = new LineSplitter(Number.POSITIVE_INFINITY, { bom: false, ...options });
  const lines = splitter.push(text);
  for (const last of splitter.end()) lines.push(last);
  return lines;
}

/**
 * Chunks of text or UTF-8 bytes as text, chunk by chunk (a character split across chunks comes
 * whole with the later one). The byte-order mark is left in the text: the line splitter (and
 * the HAR reader) strip exactly one, as they do for text given directly, so every entry point
 * reads the same.
 */
export class ChunkDecoder {
  readonly #decoder = new TextDecoder("utf-8", { ignoreBOM: true });

  push(chunk: string | Uint8Array): string {
    return typeof chunk === "string" ? chunk : this.#decoder.decode(chunk, { stream: true });
  }

  /** What is left of a character cut short at the end ("" or a replacement character). */
  end(): string {
    return this.#decoder.decode();
  }
}

/**
 * The text of a trace source as it arrives (UTF-8 for bytes), chunk by chunk (text given
 * whole in 64 Ki pieces); readTrace cuts it into lines, or a HAR into entries.
 */
export async function* sourceText(source: TraceSource): AsyncGenerator<string> {
  const decoder = new ChunkDecoder();
  for await (const chunk of chunksOf(source)) yield decoder.push(chunk);
  const rest = decoder.end();
  if (rest !== "") yield rest;
}
