// Reading a pasted trace (format §6, SDK trace readers): the messages `evaluateTrace` takes,
// the format the SDK reader detected, and the reader's line diagnostics.
//
// The SDK reader is line-based, so one message pasted pretty-printed (one JSON value over
// several lines) would be read as broken lines. When the whole paste is one JSON value it is
// read as that one line instead, in whatever format the value shows.
import { TraceDecoder, type TraceFormat, type TraceRecord } from "@oatf/trace";
import type { Diagnostic, Document, TraceMessage } from "oatf";

export interface TraceRead {
  /** The detected format; absent when the trace is empty or its format cannot be told. */
  format?: TraceFormat;
  /** True when the paste was one JSON value over several lines, read as one line. */
  singleValue: boolean;
  messages: TraceMessage[];
  diagnostics: Diagnostic[];
}

/** `documents` are what the trace is evaluated against (ThoughtJack exports need them). */
export function readTrace(text: string, documents: readonly Document[] = []): TraceRead {
  const single = asOneLine(text);
  const decoder = new TraceDecoder({ documents });
  const records: TraceRecord[] = [];
  const lines = single === undefined ? text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/) : [single];
  for (const [i, line] of lines.entries()) {
    decoder.line({ line: i + 1, text: line }, records);
    if (decoder.stopped) break;
  }
  decoder.end(records);
  const read: TraceRead = {
    singleValue: single !== undefined,
    messages: [],
    diagnostics: [],
  };
  if (decoder.format !== undefined) read.format = decoder.format;
  for (const record of records) {
    if (record.kind === "message") read.messages.push(record.message);
    else read.diagnostics.push(record.diagnostic);
  }
  return read;
}

/** The paste as one compact JSON line, when it is one JSON value written over several lines. */
function asOneLine(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/[\r\n]/.test(trimmed)) return undefined;
  try {
    return JSON.stringify(JSON.parse(trimmed));
  } catch {
    return undefined;
  }
}
