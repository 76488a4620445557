// The OTLP reader (`otlp`): OTLP trace data in its JSON encoding, one ExportTraceServiceRequest
// per line (the collector's file exporter, `oatf record --otlp`) or one written over several
// lines. Each MCP or A2A span becomes its call's messages: the request (at the span's start)
// and, unless it is a notification, the response correlated to it (at its end), both with the
// session the span names. Content a span did not carry is the messages' `uncaptured` and is
// tallied at the end ("12 of 40 tools/call spans carry no arguments").
import type { TraceMessage } from "@oatf/evaluate";
import type { Value } from "@oatf/model";
import { DEFAULT_MAX_LINE_LENGTH } from "../lines.js";
import {
  type LineDecoder,
  parseLine,
  problem,
  type TraceRecord,
  traceDiagnostic,
} from "../record.js";
import { a2aExchange, a2aMethod } from "./a2a.js";
import type { Exchange } from "./exchange.js";
import { JsonBlock } from "./json-block.js";
import { mcpExchange, mcpMethod } from "./mcp.js";
import { isOtlpRequest, type OtlpSpan, type SpanProblem, spansOf } from "./spans.js";
import { UncapturedTally } from "./uncaptured.js";

/** A message with the content its span did not carry (the contract's `uncaptured`). */
export type OtlpMessage = TraceMessage & { line: number; uncaptured?: readonly string[] };

/** Span names kept to say which spans were not read (a few, each short). */
const SKIPPED_NAMES = 5;
const NAME_PREVIEW = 80;

/**
 * The OTLP reader's incremental core: feed it lines (`line`) or requests decoded from
 * protobuf (`request`), then `end`, which says what the spans did not carry.
 */
export class OtlpDecoder implements LineDecoder {
  readonly #block: JsonBlock;
  readonly #uncaptured = new UncapturedTally();
  #skipped = 0;
  #skippedNames = new Set<string>();
  #moreNames = false;

  readonly maxLength: number;

  constructor(maxLength = DEFAULT_MAX_LINE_LENGTH) {
    this.maxLength = maxLength;
    this.#block = new JsonBlock(maxLength);
  }

  /** A line too long to read was dropped (by the line splitter). */
  tooLong(line: number, out: TraceRecord[]): void {
    this.dropped(out);
    problem(
      out,
      line,
      "T-LINE-TOO-LONG",
      `line longer than ${this.maxLength} characters: not read`,
    );
  }

  /** A protobuf request that could not be read: longer than the limit (its length), or cut short. */
  unreadable(index: number, out: TraceRecord[], length?: number): void {
    const why =
      length === undefined
        ? "an OTLP protobuf request cut short: not read"
        : `an OTLP protobuf request of ${length} bytes, longer than ${this.maxLength}: not read`;
    problem(out, index, length === undefined ? "T-SHAPE" : "T-LINE-TOO-LONG", why);
  }

  line(text: string, line: number, out: TraceRecord[]): void {
    if (text.trim() === "") return;
    if (this.#block.open) {
      // A request that starts a line of its own while one is open: the open one was broken.
      if (text.startsWith('{"resourceSpans"')) {
        this.#unclosed(out);
        this.line(text, line, out);
        return;
      }
      const start = this.#block.startLine;
      const whole = this.#block.push(text, line);
      if (whole !== undefined) this.#parsed(whole, start, out);
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      // A value that opens here and goes on over the next lines, or a line that is no JSON.
      const whole = this.#block.push(text, line);
      if (whole === undefined) return;
      problem(out, line, "T-JSON", `not JSON (${(error as Error).message})`);
      return;
    }
    this.request(value, line, out);
  }

  dropped(out: TraceRecord[]): void {
    // A line too long to read ends any value open around it.
    if (this.#block.open) this.#unclosed(out);
  }

  end(out: TraceRecord[]): void {
    if (this.#block.open) this.#unclosed(out);
    this.#uncaptured.report(out);
    if (this.#skipped > 0) {
      const names = [...this.#skippedNames].join(", ");
      const more = this.#moreNames ? ", …" : "";
      const message = `${this.#skipped} spans are no MCP or A2A call (${names}${more}): not read`;
      out.push({ kind: "diagnostic", diagnostic: traceDiagnostic("T-OTLP", message) });
    }
  }

  #unclosed(out: TraceRecord[]): void {
    const start = this.#block.startLine;
    this.#block.reset();
    problem(out, start, "T-JSON", "not JSON (a value opened here is never closed)");
  }

  #parsed(text: string, line: number, out: TraceRecord[]): void {
    if (text === "") {
      problem(out, line, "T-LINE-TOO-LONG", "an OTLP request longer than the line limit: not read");
      return;
    }
    const value = parseLine(text, line, out);
    if (value !== undefined) this.request(value, line, out);
  }

  /** One request already parsed (JSON) or decoded (protobuf), at `line` (its place in the trace). */
  request(value: unknown, line: number, out: TraceRecord[]): void {
    if (!isOtlpRequest(value)) {
      problem(out, line, "T-SHAPE", "not an OTLP traces request (no resourceSpans list)");
      return;
    }
    // What a recorder could not decode or keep (`oatf record --otlp` writes it as a note).
    if (typeof value.note === "string") problem(out, line, "T-SHAPE", value.note);
    // The run `oatf record --otlp --run` writes beside the request's spans.
    const run = typeof value.run === "string" ? value.run : undefined;
    const problems: SpanProblem[] = [];
    const spans = spansOf(value, problems);
    for (const p of problems) problem(out, line, "T-SHAPE", `${p.where}: ${p.why}`);
    // Calls in the order they started (a batch holds spans in the order they ended).
    const ordered = spans
      .map((span, index) => ({ span, index }))
      .sort((a, b) => compare(a.span.start, b.span.start) || a.index - b.index);
    for (const { span } of ordered) this.#span(span, line, run, out);
  }

  #span(span: OtlpSpan, line: number, run: string | undefined, out: TraceRecord[]): void {
    const mcp = mcpMethod(span);
    if (mcp === "session") return; // traceloop's span around a client session: no message
    const a2a = mcp === undefined ? a2aMethod(span) : undefined;
    if (mcp === undefined && a2a === undefined) {
      this.#skipped++;
      const name = JSON.stringify(span.name.slice(0, NAME_PREVIEW));
      if (this.#skippedNames.size < SKIPPED_NAMES) this.#skippedNames.add(name);
      else if (!this.#skippedNames.has(name)) this.#moreNames = true;
      return;
    }
    const problems: string[] = [];
    const exchange = mcp !== undefined ? mcpExchange(span, mcp, problems) : a2aExchange(span, a2a!);
    for (const p of problems)
      problem(out, line, "T-SHAPE", `span ${span.spanId} (${span.name}): ${p}`);
    const partial = exchange.resultMissing.length > 0 && Object.keys(exchange.result).length > 0;
    this.#uncaptured.count(exchange, partial);
    for (const message of messagesOf(exchange, span, line, run))
      out.push({ kind: "message", message });
  }
}

const compare = (a: string | undefined, b: string | undefined) =>
  a === b ? 0 : a === undefined ? 1 : b === undefined ? -1 : a < b ? -1 : 1;

/** Results enriched with their request's params (SDK §4.1), as the JSON-RPC reader does. */
const ENRICHED = new Set(["tools/call", "prompts/get"]);

/** The request and (unless a notification) the response of one exchange, in `run` if given. */
export function messagesOf(
  exchange: Exchange,
  span: OtlpSpan,
  line: number,
  run?: string,
): OtlpMessage[] {
  const base = {
    protocol: exchange.protocol,
    operation: exchange.method,
    line,
    ...(exchange.session === undefined ? {} : { session: exchange.session }),
    ...(run === undefined ? {} : { run }),
  };
  const request: OtlpMessage = {
    ...base,
    direction: "request",
    content: exchange.params,
    ...(span.start === undefined ? {} : { timestamp: span.start }),
    ...(exchange.paramsMissing.length === 0 ? {} : { uncaptured: exchange.paramsMissing }),
  };
  if (exchange.notification) return [request];
  const enriched = ENRICHED.has(exchange.method) && exchange.protocol === "mcp" && !exchange.error;
  const content: Record<string, Value> = enriched
    ? { ...exchange.params, ...exchange.result }
    : exchange.result;
  const uncaptured = enriched
    ? [...exchange.paramsMissing, ...exchange.resultMissing]
    : exchange.resultMissing;
  const response: OtlpMessage = {
    ...base,
    direction: "response",
    content,
    ...(span.end === undefined ? {} : { timestamp: span.end }),
    ...(uncaptured.length === 0 ? {} : { uncaptured }),
  };
  // An A2A card fetch is one message, the card (format §7.2.3: "the full card object"), as the
  // other readers read it; a failed one carries no card.
  if (exchange.protocol === "a2a" && exchange.method === "agent_card/get")
    return exchange.error ? [] : [response];
  return [request, response];
}
