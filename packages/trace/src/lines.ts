// Trace input as lines (issue 14 §1; format §12.1: traces are untrusted). Chunks of text or
// UTF-8 bytes from any source are cut at line feeds with constant memory: a line longer
// than the limit is dropped as it arrives and reported, never accumulated.

/** Anything a trace can be read from: text, or chunks of text or UTF-8 bytes. */
export type TraceSource =
  | string
  | Iterable<string | Uint8Array>
  | AsyncIterable<string | Uint8Array>
  | ReadableStream<string | Uint8Array>;

/** One line of input: its text, or `tooLong` when it exceeded the limit (text dropped). */
export interface SourceLine {
  /** 1-based, as editors count. */
  line: number;
  text: string;
  tooLong?: boolean;
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

/** Splits a stream of chunks into lines; `\r\n` and `\n` both end a line. */
export class LineSplitter {
  #parts: string[] = [];
  #length = 0;
  #tooLong = false;
  #line = 0;
  #started = false;
  readonly #max: number;

  constructor(maxLineLength = DEFAULT_MAX_LINE_LENGTH) {
    this.#max = maxLineLength;
  }

  /** Feeds text; returns the lines it completes. */
  push(chunk: string): SourceLine[] {
    if (!this.#started && chunk.length > 0) {
      this.#started = true;
      if (chunk.startsWith(BOM)) chunk = chunk.slice(1); // a byte-order mark may open the file
    }
    const out: SourceLine[] = [];
    let start = 0;
    for (;;) {
      const end = chunk.indexOf("\n", start);
      if (end < 0) break;
      if (this.#length === 0 && !this.#tooLong && end - start <= this.#max) {
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

  /** The last line, when the input does not end with a line feed. */
  end(): SourceLine[] {
    return this.#length > 0 || this.#tooLong ? [this.#finish()] : [];
  }

  #append(chunk: string, start: number, end: number): void {
    if (this.#tooLong || end <= start) return;
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
    let text = tooLong ? "" : this.#parts.join("");
    if (text.endsWith("\r")) text = text.slice(0, -1);
    if (text.length > this.#max) {
      tooLong = true;
      text = "";
    }
    this.#parts = [];
    this.#length = 0;
    this.#tooLong = false;
    return tooLong ? { line, text, tooLong } : { line, text };
  }
}

/**
 * The text of a trace source as it arrives (UTF-8 for bytes), chunk by chunk (text given
 * whole in 64 Ki pieces); readTrace cuts it into lines, or a HAR into entries.
 */
export async function* sourceText(source: TraceSource): AsyncGenerator<string> {
  // The byte-order mark is left in the text: the line splitter (and the HAR reader) strip
  // exactly one, as they do for text given directly, so every entry point reads the same.
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  for await (const chunk of chunksOf(source))
    yield typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
  const rest = decoder.decode();
  if (rest !== "") yield rest;
}
