// Shared by the JSON-RPC log tests: lines read as a log, and what the records say.
import { createTraceEvaluator } from "@oatf/evaluate";
import type { Document } from "@oatf/model";
import { readTraceText, type TraceRecord } from "../src/index.js";

export type Line = Record<string, unknown>;

/** `lines` (wrapped or bare JSON-RPC) read as a JSON-RPC log against `documents`. */
export const readLog = (lines: Line[], documents: Document[]) =>
  readTraceText(lines.map((l) => JSON.stringify(l)).join("\n"), { format: "jsonrpc", documents });

export const messages = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "message" ? [r.message] : []));

export const rules = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "diagnostic" ? [r.diagnostic.rule] : []));

/** `document`'s verdict over the records' messages. */
export function verdictOf(document: Document, records: TraceRecord[]) {
  const evaluator = createTraceEvaluator([document]);
  for (const r of records) if (r.kind === "message") evaluator.push(r.message);
  return evaluator.verdicts()[0]!;
}
