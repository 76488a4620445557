// What the worker computes for a document and a trace: diagnostics and the normalized form
// (SDK §3.2, §3.3), then the trace's verdict (format §6, §9).
import { type Diagnostic, normalize, ruleInfo, serialize } from "oatf";
import { diagnose } from "./diagnostics.js";
import { evaluateExchange } from "./exchange.js";
import type { AnalyseRequest, DocumentReport, TraceReport } from "./protocol.js";
import type { readTrace } from "./trace-input.js";

/** Trace reading (@oatf/trace's decoders), loaded by the caller the first time a trace is read. */
export type TraceReaderLoader = () => Promise<typeof readTrace>;

/**
 * Reports the document first, then the trace. Trace reading is asked for only when there is a
 * trace to read, so a visitor who only edits a document never loads the wire-format readers.
 */
export async function analyse(
  request: AnalyseRequest,
  report: (reply: DocumentReport | TraceReport) => void,
  loadTraceReader: TraceReaderLoader,
): Promise<void> {
  const { id } = request;
  const { diagnostics, document } = diagnose(request.document);
  const normalized = document ? normalize(document) : undefined;
  report({
    id,
    kind: "document",
    diagnostics,
    ...(normalized ? { normalized: serialize(normalized), document } : {}),
  });
  if (!normalized) {
    report({ id, kind: "trace", problem: "fix the document's errors to evaluate the trace" });
    return;
  }
  if (request.trace.trim() === "") {
    report({ id, kind: "trace", problem: "paste a trace to evaluate the indicators" });
    return;
  }
  const readTrace = await loadTraceReader();
  const trace = readTrace(request.trace, [normalized]);
  // Problems that stopped reading (T-FORMAT: its table entry says `stops`), told to the page
  // so that it needs no rule table of its own.
  const stops = (d: Diagnostic) => ruleInfo(d.rule)?.stops === true;
  const stoppingRules = [...new Set(trace.diagnostics.filter(stops).map((d) => d.rule))];
  const fatal = trace.diagnostics.find(stops);
  if (fatal) {
    const where = fatal.range === undefined ? "" : `line ${fatal.range.start.line}: `;
    report({
      id,
      kind: "trace",
      problem: `trace ${where}${fatal.message}`,
      traceDiagnostics: trace.diagnostics,
      stoppingRules,
      singleValue: trace.singleValue,
    });
    return;
  }
  const { verdict, exchange } = evaluateExchange(normalized, trace.messages);
  report({
    id,
    kind: "trace",
    verdict,
    exchange,
    format: trace.singleValue ? `${trace.format} (one JSON value)` : trace.format,
    messageCount: trace.messages.length,
    traceDiagnostics: trace.diagnostics,
    stoppingRules,
    singleValue: trace.singleValue,
  });
}
