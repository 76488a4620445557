// Reading an OTLP trace from any source: JSON (lines, or one request over several lines) or
// protobuf (framed as the collector's file exporter writes it, or one request), told apart by
// its first bytes. The protobuf decoder is loaded only when the trace is protobuf.
import { chunksOf, LineSplitter, type TraceSource } from "../lines.js";
import type { TraceRecord } from "../record.js";
import { ProtobufFrames } from "./frames.js";
import { OtlpDecoder } from "./read.js";

export interface ReadOtlpOptions {
  /** Longest line, JSON value or protobuf request read (default 16 Mi). */
  maxLineLength?: number;
}

/** How many first bytes tell protobuf from text. */
const HEAD = 64;
const OPENING = /^\uFEFF?\s*\{\s*"resourceSpans"\s*:/;

/**
 * What the head of a trace shows: OTLP JSON (`{"resourceSpans":`, whitespace and a byte-order
 * mark aside), protobuf (a control byte no text trace has), or neither (undefined).
 */
export function otlpFormatOf(head: string | Uint8Array): "json" | "protobuf" | undefined {
  if (typeof head !== "string") {
    if (isBinary(head)) return "protobuf";
    head = new TextDecoder().decode(head.subarray(0, 4096));
  }
  return OPENING.test(head.slice(0, 4096)) ? "json" : undefined;
}

function isBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, HEAD);
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return true;
  }
  return false;
}

/** The protobuf decoder, loaded on first use (a separate chunk: @bufbuild/protobuf and the schema). */
export const loadOtlpProtobuf = () => import("./protobuf.js");

/**
 * Reads an OTLP trace as it arrives into messages and diagnostics, as `readTrace` reads the
 * other formats: text or bytes, JSON or protobuf. A protobuf request's line is its place in
 * the file (1-based).
 */
export async function* readOtlp(
  source: TraceSource,
  options: ReadOtlpOptions = {},
): AsyncGenerator<TraceRecord> {
  const decoder = new OtlpDecoder(options.maxLineLength);
  const chunks = chunksOf(source);
  const head: Uint8Array[] = [];
  let headLength = 0;
  let first: IteratorResult<string | Uint8Array> = await chunks.next();
  // Bytes are gathered until they tell protobuf from text.
  while (!first.done && typeof first.value !== "string" && headLength + first.value.length < HEAD) {
    head.push(first.value);
    headLength += first.value.length;
    first = await chunks.next();
  }
  if (!first.done && typeof first.value !== "string") head.push(first.value);
  const bytes = head.length > 0 && isBinary(concat(head));
  async function* rest(): AsyncGenerator<string | Uint8Array> {
    yield* head;
    if (!first.done && typeof first.value === "string") yield first.value;
    if (!first.done) yield* chunks;
  }
  const out: TraceRecord[] = [];
  if (bytes) {
    const { otlpJsonOfProtobuf } = await loadOtlpProtobuf();
    const frames = new ProtobufFrames(options.maxLineLength ?? decoder.maxLength);
    let index = 0;
    const take = (list: ReturnType<ProtobufFrames["push"]>) => {
      for (const frame of list) {
        index++;
        if ("bytes" in frame) decoder.request(otlpJsonOfProtobuf(frame.bytes), index, out);
        else decoder.unreadable(index, out, "tooLong" in frame ? frame.tooLong : undefined);
      }
    };
    for await (const chunk of rest())
      if (typeof chunk !== "string") {
        take(frames.push(chunk));
        yield* out.splice(0);
      }
    take(frames.end());
  } else {
    const splitter = new LineSplitter(options.maxLineLength);
    const text = new TextDecoder("utf-8", { ignoreBOM: true });
    const feed = (lines: ReturnType<LineSplitter["push"]>) => {
      for (const line of lines)
        if (line.tooLong) decoder.tooLong(line.line, out);
        else decoder.line(line.text, line.line, out);
    };
    for await (const chunk of rest()) {
      feed(splitter.push(typeof chunk === "string" ? chunk : text.decode(chunk, { stream: true })));
      yield* out.splice(0);
    }
    feed(splitter.push(text.decode()));
    feed(splitter.end());
  }
  decoder.end(out);
  yield* out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}
