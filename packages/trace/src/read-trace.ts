// Reading a trace of any supported format (issue 14 §1): lines are decoded as they arrive,
// the format is told from the first lines unless given, and every message keeps its
// 1-based source line. Nothing here throws on input: bad lines are diagnostics.
import type { Document } from "@oatf/model";
import { isObject } from "@oatf/model/rules";
import { agUiDecoder, looksLikeAgUi } from "./ag-ui.js";
import { chosenFormat, dissents } from "./format-votes.js";
import { type HarDecoder, harDecoder } from "./har/read.js";
import { jsonRpcDecoder } from "./jsonrpc/read.js";
import {
  DEFAULT_MAX_LINE_LENGTH,
  LineSplitter,
  piecesOf,
  type SourceLine,
  sourceText,
  type TraceSource,
} from "./lines.js";
import { oatfDecoder } from "./oatf-jsonl.js";
import {
  type LineDecoder,
  problem,
  TRACE_FORMATS,
  type TraceFormat,
  type TraceRecord,
  tooLong,
} from "./record.js";
import { isSseLine, SseAssembler, sseData } from "./sse/events.js";
import {
  actorModes,
  looksLikeThoughtJack,
  THOUGHTJACK_LINE,
  thoughtJackDecoder,
} from "./thoughtjack.js";

export interface ReadTraceOptions {
  /** The format; detected from the first lines when absent. */
  format?: TraceFormat;
  /** The documents the trace is evaluated against: ThoughtJack exports need their actor modes. */
  documents?: readonly Document[];
  /**
   * JSON-RPC: the protocol of every connection. Without it a connection's protocol comes
   * from its actor's mode in `documents`, else from the first method only one binding has
   * (default `mcp`); it is never changed by later content (a contradiction is reported).
   */
  protocol?: string;
  /**
   * Longest line read, in UTF-16 code units (default 16 MiB); longer ones are `T-LINE-TOO-LONG`.
   * In a HAR, the longest entry (a HAR is read entry by entry, whatever its lines).
   */
  maxLineLength?: number;
}

/**
 * How many non-blank lines detection looks at: the format most of them show is the trace's
 * (format-votes.ts), decided as soon as more than half of them show one (after 5 lines of
 * one format), else after these lines or at the end of the input. Lines too long to read
 * count too, and a run of blank lines is held as one, so detection holds at most
 * 2 × DETECTION_LINES + 1 small records besides the (bounded) lines' text.
 */
export const DETECTION_LINES = 8;

/**
 * The format one line shows, if it shows one. An SSE `data:` line shows what its data
 * carries (JSON-RPC in MCP Streamable HTTP and A2A streams, AG-UI events); other SSE lines
 * show nothing by themselves.
 */
export function formatOfLine(text: string): TraceFormat | undefined {
  if (isSseLine(text)) {
    const data = sseData(text);
    return data === undefined ? undefined : formatOfSseData(data);
  }
  return formatOfJson(text);
}

/** The format an SSE event's data shows: only JSON-RPC and AG-UI travel as SSE. */
function formatOfSseData(data: string): TraceFormat | undefined {
  const format = formatOfJson(data);
  return format === "jsonrpc" || format === "ag_ui" ? format : undefined;
}

function formatOfJson(text: string): TraceFormat | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (Array.isArray(value))
    return value.some((v) => isObject(v) && v.jsonrpc === "2.0") ? "jsonrpc" : undefined;
  if (!isObject(value)) return undefined;
  if (value.jsonrpc === "2.0" || (isObject(value.message) && value.message.jsonrpc === "2.0"))
    return "jsonrpc";
  if (Array.isArray(value.message)) return "jsonrpc";
  if (
    typeof value.protocol === "string" &&
    typeof value.operation === "string" &&
    (value.direction === "request" || value.direction === "response")
  )
    return "oatf";
  if (looksLikeThoughtJack(value)) return "thoughtjack";
  if (looksLikeAgUi(value)) return "ag_ui";
  return undefined;
}

/**
 * Whether text opens a HAR (`{"log":`, whitespace and a byte-order mark aside): undefined
 * while too little of it has come to tell.
 */
export function opensHar(text: string): boolean | undefined {
  let matched = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if ((i === 0 && c === BOM) || c === " " || c === "\t" || c === "\n" || c === "\r") continue;
    if (c !== HAR_OPENING[matched]) return false;
    if (++matched === HAR_OPENING.length) return true;
  }
  return undefined;
}

/** Whether a line is blank; a JSON line (the common case) is told by its first character. */
const isBlank = (text: string) => text.charCodeAt(0) !== 123 && text.trim() === "";

const BOM = "\uFEFF";
const HAR_OPENING = '{"log":';
/** Leading whitespace read while telling whether the trace is a HAR (then it is not). */
const MAX_SNIFF = 64 * 1024;

/** A HAR fed line by line (TraceDecoder): the lines are put back together. */
function harLines(options: ReadTraceOptions): LineDecoder & { har: HarDecoder } {
  const har = harOptions(options);
  return {
    har,
    line: (text, _line, out) => har.push(`${text}\n`, out),
    end: (out) => har.end(out),
  };
}

const harOptions = (options: ReadTraceOptions) =>
  harDecoder({
    protocol: options.protocol,
    maxEntryLength: options.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH,
  });

function decoderFor(format: TraceFormat, options: ReadTraceOptions): LineDecoder {
  switch (format) {
    case "har":
      return harLines(options);
    case "oatf":
      return oatfDecoder();
    case "jsonrpc":
      return jsonRpcDecoder({
        protocol: options.protocol,
        maxEventLength: options.maxLineLength,
        modes: perDocumentModes(options.documents),
      });
    case "ag_ui":
      return agUiDecoder(options.maxLineLength);
    case "thoughtjack":
      return thoughtJackDecoder(perDocumentModes(options.documents));
  }
}

const perDocumentModes = (documents: readonly Document[] | undefined) =>
  Array.from(documents ?? [], (document) => actorModes([document]));

const CANDIDATES =
  "oatf ({protocol, direction, operation, content}), jsonrpc (JSON-RPC 2.0, bare or " +
  `wrapped), ag_ui (events with a 'type', SSE or JSON), thoughtjack (${THOUGHTJACK_LINE}), ` +
  'har ({"log": {"entries": [...]}})';

/**
 * The incremental core shared by the async and sync readers: feed it lines (as LineSplitter
 * cuts them: no CR or LF in them), get records. Until the format is known, up to
 * DETECTION_LINES non-blank lines are held back (see there). A HAR fed
 * as lines is put back together (the readers give it its text whole instead, so that only
 * an entry, not a line, is held to the length limit).
 */
export class TraceDecoder {
  #decoder: LineDecoder | undefined;
  #held: SourceLine[] = [];
  #heldNonBlank = 0;
  /** The formats the held lines show (format-votes.ts), and the lines that showed them. */
  readonly #votes: TraceFormat[] = [];
  readonly #voteLines: number[] = [];
  /** Whether the held lines open a HAR (undefined: cannot tell yet), and their text so far. */
  #har: boolean | undefined;
  #harText = "";
  #sawSse = false;
  /** The SSE events of the held lines, each voting for the format its data shows. */
  readonly #sse: SseAssembler;
  #stopped = false;
  #unknownFormat: string | undefined;
  /**
   * Whether blank lines are the decoder's: they separate SSE events (AG-UI, JSON-RPC) and
   * count in a HAR; elsewhere they are skipped.
   */
  #keepsBlank = false;
  readonly #options: ReadTraceOptions;
  /** The format in use, once known. */
  format: TraceFormat | undefined;

  constructor(options: ReadTraceOptions = {}) {
    this.#options = options;
    this.#sse = new SseAssembler((data, line) => {
      this.#vote(formatOfSseData(data), line);
    }, options.maxLineLength);
    const format = options.format;
    if (format === undefined) return;
    if ((TRACE_FORMATS as readonly unknown[]).includes(format)) this.#use(format);
    // Named but not one of ours (`otlp` has its own reader): said at the first line, not
    // mistaken for a format that could not be told from the lines.
    else this.#unknownFormat = JSON.stringify(String(format)).slice(0, 80);
  }

  /** True after a diagnostic that stops reading (T-FORMAT): nothing more is read. */
  get stopped(): boolean {
    if (this.#stopped || this.format !== "har") return this.#stopped;
    return (this.#decoder as ReturnType<typeof harLines>).har.stopped;
  }

  line(source: SourceLine, out: TraceRecord[]) {
    if (this.#stopped) return;
    if (this.#decoder === undefined) return this.#detect(source, out);
    this.#feed(source, out);
  }

  end(out: TraceRecord[]) {
    if (this.#stopped) return;
    if (this.#decoder === undefined) {
      if (this.#unknownFormat !== undefined) return this.#refuse(undefined, out);
      // An empty trace is a valid, empty format-less trace; lines dropped are still said.
      if (this.#heldNonBlank === 0) return this.#reportDropped(out);
      this.#decideHeld(out);
      if (this.#stopped) return;
    }
    this.#decoder!.end(out);
  }

  #use(format: TraceFormat): void {
    this.format = format;
    this.#decoder = decoderFor(format, this.#options);
    this.#keepsBlank = format === "ag_ui" || format === "jsonrpc" || format === "har";
  }

  #feed(source: SourceLine, out: TraceRecord[]) {
    if (source.tooLong) {
      this.#decoder!.dropped?.(out);
      this.#tooLong(source.line, out);
      // A HAR counts its own lines: the dropped one still counts (its text is lost).
      if (this.format === "har") this.#decoder!.line("", source.line, out);
      return;
    }
    if (!this.#keepsBlank && isBlank(source.text)) return;
    this.#decoder!.line(source.text, source.line, out);
  }

  #tooLong(line: number, out: TraceRecord[]): void {
    const limit = this.#options.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH;
    tooLong(out, line, "line", limit);
  }

  #detect(source: SourceLine, out: TraceRecord[]) {
    if (this.#unknownFormat !== undefined) return this.#refuse(source.line, out);
    const blank = !source.tooLong && source.text.trim() === "";
    // A HAR's opening spans lines when pretty-printed ("{", then "  \"log\": {").
    if (this.#har !== false && !source.tooLong) {
      this.#har = opensHar(`${this.#harText}${source.text}\n`);
      this.#harText = `${this.#harText}${source.text.trim()}`.slice(0, 64);
      if (this.#har === true) {
        this.#held.push(source);
        return this.#decide("har", out);
      }
    }
    if (blank) {
      // A run of blank lines means what one does (the end of an SSE event): held once.
      const last = this.#held[this.#held.length - 1];
      if (last === undefined || last.tooLong || last.text.trim() !== "") this.#held.push(source);
      this.#sse.line("", source.line, []);
    } else {
      this.#held.push(source);
      this.#heldNonBlank++;
      this.#read(source);
      if (this.#heldNonBlank >= DETECTION_LINES) return this.#decideHeld(out);
    }
    // A format most of the first lines show already is the format, whatever the rest show.
    const format = chosenFormat(this.#votes, DETECTION_LINES);
    if (format !== undefined) this.#decide(format, out);
  }

  #vote(format: TraceFormat | undefined, line: number): void {
    if (format === undefined) return;
    this.#votes.push(format);
    this.#voteLines.push(line);
  }

  /**
   * Reads the format a non-blank line shows. SSE shows the format its events' data carries
   * (one vote an event, when it ends), not by being SSE; the problems of an event are said
   * when the held lines are read.
   */
  #read(source: SourceLine): void {
    if (source.tooLong) this.#sse.dropped([]);
    else if (this.#sse.line(source.text, source.line, [])) this.#sawSse = true;
    else this.#vote(formatOfJson(source.text), source.line);
  }

  /**
   * The first lines held, or the input ended: the format their votes choose, else AG-UI for
   * SSE whose data showed nothing (its reader says what is wrong with each event), else none.
   */
  #decideHeld(out: TraceRecord[]): void {
    this.#sse.end([]);
    const format = chosenFormat(this.#votes) ?? (this.#sawSse ? "ag_ui" : undefined);
    if (format === undefined) this.#fail(out);
    else this.#decide(format, out);
  }

  #decide(format: TraceFormat, out: TraceRecord[]): void {
    this.#use(format);
    const held = this.#held;
    this.#held = [];
    for (const line of held) {
      // A line that showed another format is said where it is; its reader then says what it
      // makes of it.
      const shown = this.#votes[this.#voteLines.indexOf(line.line)];
      if (dissents(shown, format))
        problem(
          out,
          line.line,
          "T-FORMAT-MIXED",
          `a line of format ${shown} in a trace read as ${format}`,
        );
      this.#feed(line, out);
    }
  }

  /** The lines dropped for length while the format was unknown, when no format is used. */
  #reportDropped(out: TraceRecord[]): void {
    for (const held of this.#held) if (held.tooLong) this.#tooLong(held.line, out);
    this.#held = [];
  }

  #refuse(line: number | undefined, out: TraceRecord[]): void {
    this.#stopped = true;
    const message = `the format option names no trace format (${this.#unknownFormat}); readTrace reads ${TRACE_FORMATS.join(", ")} (OTLP: readOtlp, @oatf/trace/otlp)`;
    problem(out, line, "T-FORMAT", message);
  }

  #fail(out: TraceRecord[]): void {
    this.#stopped = true;
    const readable = this.#held.find((l) => !l.tooLong && l.text.trim() !== "");
    this.#reportDropped(out);
    const message = `cannot tell the trace format from its first lines; it is none of: ${CANDIDATES}. Name it with the format option (--trace-format)`;
    // T-FORMAT stops reading (its table entry says so): nothing after it is read.
    problem(out, readable?.line, "T-FORMAT", message);
  }
}

/**
 * Text in, records out: a HAR (told from its opening, or named) is read entry by entry
 * whatever its lines; anything else is cut into lines for TraceDecoder.
 */
class TraceText {
  #har: HarDecoder | undefined;
  #lines: TraceDecoder | undefined;
  #splitter: LineSplitter | undefined;
  #sniffed = "";
  readonly #options: ReadTraceOptions;

  constructor(options: ReadTraceOptions) {
    this.#options = options;
    if (options.format === "har") this.#har = harOptions(options);
    else if (options.format !== undefined) this.#useLines();
  }

  get stopped(): boolean {
    return this.#har?.stopped === true || this.#lines?.stopped === true;
  }

  /** Feeds text; `ended`: the input ended, so what was held to tell a HAR is read as it is. */
  push(text: string, out: TraceRecord[], ended = false) {
    if (this.#har === undefined && this.#lines === undefined) {
      this.#sniffed += text;
      const har = opensHar(this.#sniffed);
      if (har === undefined && this.#sniffed.length < MAX_SNIFF && !ended) return;
      text = this.#sniffed;
      this.#sniffed = "";
      if (har === true) this.#har = harOptions(this.#options);
      else this.#useLines();
    }
    // A byte-order mark opening a HAR is whitespace to its scanner (`\s`), as JSON's is.
    if (this.#har !== undefined) return this.#har.push(text, out);
    for (const line of this.#splitter!.push(text)) {
      this.#lines!.line(line, out);
      if (this.#lines!.stopped) return;
    }
  }

  end(out: TraceRecord[]) {
    if (this.#har === undefined && this.#lines === undefined) this.push("", out, true);
    if (this.stopped) return;
    if (this.#har !== undefined) return this.#har.end(out);
    for (const line of this.#splitter!.end()) this.#lines!.line(line, out);
    this.#lines!.end(out);
  }

  #useLines(): void {
    this.#lines = new TraceDecoder(this.#options);
    this.#splitter = new LineSplitter(this.#options.maxLineLength);
  }
}

/**
 * The text of a source in pieces of at most 64 Ki (so a piece's records are few); a string's
 * without a step through async generators for each.
 */
function sourcePieces(source: TraceSource): Generator<string> | AsyncGenerator<string> {
  if (typeof source === "string") return piecesOf(source);
  return (async function* () {
    for await (const text of sourceText(source)) yield* piecesOf(text);
  })();
}

/**
 * `readTrace`'s iterator, written by hand: an async generator costs a suspension per record,
 * which made reading ~1.6x a bare split + `JSON.parse` before any decoding; here a record
 * already decoded is handed on at the cost of one resolved promise. The source is read a
 * piece of text at a time (an async step per piece, at most 64 Ki: a HAR's entries or the
 * lines of everything else decoded from it), so memory stays bounded by the piece. Calls to
 * `next` are served in order.
 */
class TraceReader implements AsyncGenerator<TraceRecord, undefined> {
  readonly #text: TraceText;
  readonly #chunks: Generator<string> | AsyncGenerator<string>;
  #records: TraceRecord[] = [];
  #at = 0;
  #finished = false;
  // The refill in progress: a `next` called before it settles waits for it.
  #busy: Promise<unknown> | undefined;

  constructor(source: TraceSource, options: ReadTraceOptions) {
    this.#text = new TraceText(options);
    this.#chunks = sourcePieces(source);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<TraceRecord, undefined>> {
    if (this.#busy === undefined && this.#at < this.#records.length)
      return Promise.resolve({ value: this.#records[this.#at++]!, done: false });
    const result = (this.#busy ?? Promise.resolve()).then(() => this.#refill());
    const busy: Promise<void> = result.then(
      () => this.#idle(busy),
      () => this.#idle(busy),
    );
    this.#busy = busy;
    return result;
  }

  #idle(busy: Promise<unknown>): void {
    if (this.#busy === busy) this.#busy = undefined;
  }

  async #refill(): Promise<IteratorResult<TraceRecord, undefined>> {
    while (this.#at >= this.#records.length) {
      if (this.#finished) return { value: undefined, done: true };
      this.#records = [];
      this.#at = 0;
      await this.#decode();
    }
    return { value: this.#records[this.#at++]!, done: false };
  }

  /** Decodes pieces of text until some records are ready or the source ends. */
  async #decode(): Promise<void> {
    const out = this.#records;
    while (out.length === 0) {
      const chunk = await this.#chunks.next();
      if (chunk.done) {
        this.#text.end(out);
        this.#finished = true;
        return;
      }
      this.#text.push(chunk.value, out);
      if (this.#text.stopped) {
        // The rest of the source is not read.
        this.#finished = true;
        await this.#chunks.return(undefined);
        return;
      }
    }
  }

  async return(): Promise<IteratorResult<TraceRecord, undefined>> {
    this.#finished = true;
    this.#records = [];
    this.#at = 0;
    await this.#chunks.return(undefined); // releases a ReadableStream's lock
    return { value: undefined, done: true };
  }

  async throw(error: unknown): Promise<IteratorResult<TraceRecord, undefined>> {
    await this.return();
    throw error;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.return();
  }
}

/**
 * Reads a trace as it arrives (a string, a Node stream, a web ReadableStream or any
 * iterable of text or UTF-8 chunks) into messages and diagnostics, in source order.
 */
export function readTrace(
  source: TraceSource,
  options: ReadTraceOptions = {},
): AsyncGenerator<TraceRecord> {
  return new TraceReader(source, options);
}

/** `readTrace` for text already in memory, synchronously. */
export function readTraceText(text: string, options: ReadTraceOptions = {}): TraceRecord[] {
  const reader = new TraceText(options);
  const out: TraceRecord[] = [];
  for (const piece of piecesOf(String(text))) reader.push(piece, out);
  reader.end(out);
  return out;
}
