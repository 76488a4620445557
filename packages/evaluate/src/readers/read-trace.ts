// Reading a trace of any supported format (issue 14 §1): lines are decoded as they arrive,
// the format is told from the first lines unless given, and every message keeps its
// 1-based source line. Nothing here throws on input: bad lines are diagnostics.
import type { Document } from "@oatf/model";
import { isObject } from "../base/json.js";
import { agUiDecoder, looksLikeAgUi } from "./ag-ui.js";
import { jsonRpcDecoder } from "./jsonrpc.js";
import {
  DEFAULT_MAX_LINE_LENGTH,
  LineSplitter,
  piecesOf,
  type SourceLine,
  sourceLineBatches,
  type TraceSource,
} from "./lines.js";
import { oatfDecoder } from "./oatf-jsonl.js";
import {
  type LineDecoder,
  problem,
  TRACE_FORMATS,
  type TraceFormat,
  type TraceRecord,
  traceDiagnostic,
} from "./record.js";
import { isSseLine, sseData } from "./sse.js";
import { actorModes, looksLikeThoughtJack, thoughtJackDecoder } from "./thoughtjack.js";

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
  /** Longest line read, in UTF-16 code units (default 16 MiB); longer ones are `T-LINE-TOO-LONG`. */
  maxLineLength?: number;
}

/**
 * How many non-blank lines detection looks at before giving up. Lines too long to read
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

function decoderFor(format: TraceFormat, options: ReadTraceOptions): LineDecoder {
  switch (format) {
    case "oatf":
      return oatfDecoder();
    case "jsonrpc":
      return jsonRpcDecoder({
        ...(options.protocol === undefined ? {} : { protocol: options.protocol }),
        ...(options.maxLineLength === undefined ? {} : { maxEventLength: options.maxLineLength }),
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
  "oatf ({protocol, direction, operation, content} per line), jsonrpc (JSON-RPC 2.0, bare or " +
  "{direction, message}), ag_ui (SSE 'data:' lines or JSON events with a 'type'), thoughtjack " +
  "({seq, actor, direction: Incoming|Outgoing, method, content})";

/**
 * The incremental core shared by the async and sync readers: feed it lines, get records.
 * Until the format is known, up to DETECTION_LINES non-blank lines are held back.
 */
export class TraceDecoder {
  #decoder: LineDecoder | undefined;
  #held: SourceLine[] = [];
  #heldNonBlank = 0;
  #sawOatf = false;
  #sawSse = false;
  // The data of the SSE event being held while the format is unknown (bounded: held lines).
  #sseData: string[] = [];
  #stopped = false;
  readonly #options: ReadTraceOptions;
  /** The format in use, once known. */
  format: TraceFormat | undefined;

  constructor(options: ReadTraceOptions = {}) {
    this.#options = options;
    if (options.format !== undefined) this.#use(options.format);
  }

  /** True after a diagnostic that stops reading (T-FORMAT): nothing more is read. */
  get stopped(): boolean {
    return this.#stopped;
  }

  line(source: SourceLine, out: TraceRecord[]) {
    if (this.#stopped) return;
    if (this.#decoder === undefined) return this.#detect(source, out);
    this.#feed(source, out);
  }

  end(out: TraceRecord[]) {
    if (this.#stopped) return;
    if (this.#decoder === undefined) {
      // An empty trace is a valid, empty format-less trace; lines dropped are still said.
      if (this.#heldNonBlank === 0) return this.#reportDropped(out);
      const format = this.#sseEventFormat() ?? this.#fallback();
      if (format === undefined) return this.#fail(out);
      this.#decide(format, out);
    }
    this.#decoder!.end(out);
  }

  #use(format: TraceFormat): void {
    this.format = format;
    this.#decoder = decoderFor(format, this.#options);
  }

  #feed(source: SourceLine, out: TraceRecord[]) {
    if (source.tooLong) {
      this.#decoder!.dropped?.(out);
      return this.#tooLong(source.line, out);
    }
    // Blank lines separate SSE events (AG-UI, JSON-RPC); elsewhere they are skipped.
    if (this.format !== "ag_ui" && this.format !== "jsonrpc" && source.text.trim() === "") return;
    this.#decoder!.line(source.text, source.line, out);
  }

  #tooLong(line: number, out: TraceRecord[]): void {
    const limit = this.#options.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH;
    problem(out, line, "T-LINE-TOO-LONG", `line longer than ${limit} characters: not read`);
  }

  #detect(source: SourceLine, out: TraceRecord[]) {
    const blank = !source.tooLong && source.text.trim() === "";
    if (blank) {
      // A run of blank lines means what one does (the end of an SSE event): held once.
      const last = this.#held[this.#held.length - 1];
      if (last === undefined || last.tooLong || last.text.trim() !== "") this.#held.push(source);
      const format = this.#sseEventFormat();
      if (format !== undefined) this.#decide(format, out);
      return;
    }
    this.#held.push(source);
    this.#heldNonBlank++;
    let format: TraceFormat | undefined;
    if (source.tooLong)
      this.#sseData = []; // it ends the SSE event it was in
    else if (isSseLine(source.text)) {
      // SSE shows its format by what an event's data carries, not by being SSE.
      this.#sawSse = true;
      const data = sseData(source.text);
      if (data !== undefined) {
        if (this.#sseData.length === 0) format = formatOfSseData(data);
        if (format === undefined) this.#sseData.push(data);
      }
    } else format = this.#sseEventFormat() ?? formatOfLine(source.text);
    // A line in the SDK's own shape is also a valid synthetic line of a JSON-RPC log (A2A
    // `agent_card/get`): it decides only when no other format shows in the first lines.
    if (format === "oatf") this.#sawOatf = true;
    else if (format !== undefined) return this.#decide(format, out);
    if (this.#heldNonBlank < DETECTION_LINES) return;
    format = this.#sseEventFormat() ?? this.#fallback();
    if (format === undefined) this.#fail(out);
    else this.#decide(format, out);
  }

  /** The format the held SSE event's data shows, if any; the event is let go. */
  #sseEventFormat(): TraceFormat | undefined {
    if (this.#sseData.length === 0) return undefined;
    const data = this.#sseData.join("\n");
    this.#sseData = [];
    return formatOfSseData(data);
  }

  /**
   * The format when no line showed one: SSE whose data shows nothing is read as AG-UI (its
   * diagnostics say what is wrong with each event); else OATF if a line had its shape.
   */
  #fallback(): TraceFormat | undefined {
    return this.#sawSse ? "ag_ui" : this.#sawOatf ? "oatf" : undefined;
  }

  #decide(format: TraceFormat, out: TraceRecord[]): void {
    this.#use(format);
    const held = this.#held;
    this.#held = [];
    for (const line of held) this.#feed(line, out);
  }

  /** The lines dropped for length while the format was unknown, when no format is used. */
  #reportDropped(out: TraceRecord[]): void {
    for (const held of this.#held) if (held.tooLong) this.#tooLong(held.line, out);
    this.#held = [];
  }

  #fail(out: TraceRecord[]): void {
    this.#stopped = true;
    const readable = this.#held.find((l) => !l.tooLong && l.text.trim() !== "");
    this.#reportDropped(out);
    const message = `cannot tell the trace format from its first lines; it is none of: ${CANDIDATES}. Name it with the format option (--trace-format ${TRACE_FORMATS.join("|")})`;
    // T-FORMAT stops reading (its table entry says so): nothing after it is read.
    out.push({
      kind: "diagnostic",
      diagnostic: traceDiagnostic("T-FORMAT", message, readable?.line),
    });
  }
}

/** Records decoded before `readTrace` hands them on. */
const YIELD_BATCH = 256;

/**
 * `readTrace`'s iterator, written by hand: an async generator costs a suspension per record,
 * which made reading ~1.6x a bare split + `JSON.parse` before any decoding; here a record
 * already decoded is handed on at the cost of one resolved promise. The source is read a
 * chunk at a time (an async step per chunk), its lines decoded YIELD_BATCH records at a
 * time, so memory stays bounded by the chunk. Calls to `next` are served in order.
 */
class TraceReader implements AsyncGenerator<TraceRecord, undefined> {
  readonly #decoder: TraceDecoder;
  readonly #chunks: AsyncGenerator<SourceLine[]>;
  #records: TraceRecord[] = [];
  #at = 0;
  #lines: SourceLine[] = [];
  #line = 0;
  #finished = false;
  // The refill in progress: a `next` called before it settles waits for it.
  #busy: Promise<unknown> | undefined;

  constructor(source: TraceSource, options: ReadTraceOptions) {
    this.#decoder = new TraceDecoder(options);
    this.#chunks = sourceLineBatches(source, options.maxLineLength);
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

  /** Decodes lines until a batch of records is ready or the source ends. */
  async #decode(): Promise<void> {
    const out = this.#records;
    const decoder = this.#decoder;
    for (;;) {
      while (this.#line < this.#lines.length) {
        decoder.line(this.#lines[this.#line++]!, out);
        if (decoder.stopped) {
          // The rest of the source is not read.
          this.#finished = true;
          await this.#chunks.return(undefined);
          return;
        }
        if (out.length >= YIELD_BATCH) return;
      }
      // What the chunk gave is handed on before waiting for the next one.
      if (out.length > 0) return;
      const chunk = await this.#chunks.next();
      if (chunk.done) {
        decoder.end(out);
        this.#finished = true;
        return;
      }
      this.#lines = chunk.value;
      this.#line = 0;
    }
  }

  async return(): Promise<IteratorResult<TraceRecord, undefined>> {
    this.#finished = true;
    this.#records = [];
    this.#at = 0;
    this.#lines = [];
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
  const decoder = new TraceDecoder(options);
  const splitter = new LineSplitter(options.maxLineLength);
  const out: TraceRecord[] = [];
  for (const piece of piecesOf(String(text)))
    for (const line of splitter.push(piece)) decoder.line(line, out);
  for (const line of splitter.end()) decoder.line(line, out);
  decoder.end(out);
  return out;
}
