// Messages between the page and the evaluation worker.
import type { AttackVerdict, Diagnostic, Document, IndicatorCoverage } from "oatf";
import type { Exchange } from "./exchange.js";

export interface AnalyseRequest {
  id: number;
  document: string;
  trace: string;
}

/** First reply: what the document alone tells (fast, shown while the trace is evaluated). */
export interface DocumentReport {
  id: number;
  kind: "document";
  diagnostics: Diagnostic[];
  /** The normalized document as YAML, when the document is valid. */
  normalized?: string;
  /** The document as parsed, when it is valid: the timeline draws it. */
  document?: Document;
}

/** Second reply: the trace's verdict, or why there is none. */
export interface TraceReport {
  id: number;
  kind: "trace";
  /** Absent when there is nothing to evaluate (invalid document, empty trace) or on `problem`. */
  /** `coverage`: per indicator, messages evaluated and target resolutions (issue 22 §5). */
  verdict?: AttackVerdict & { diagnostics?: Diagnostic[]; coverage?: IndicatorCoverage[] };
  format?: string;
  messageCount?: number;
  /** The trace reader's diagnostics: lines that are not (entirely) messages. */
  traceDiagnostics?: Diagnostic[];
  /** The rules among `traceDiagnostics` that stopped reading (shown as fatal). */
  stoppingRules?: string[];
  /** The paste was read as one JSON value: its diagnostics' line 1 is the whole text. */
  singleValue?: boolean;
  problem?: string;
  /** What the sequence diagram draws, with the verdict. */
  exchange?: Exchange;
}

export type WorkerReply = DocumentReport | TraceReport;
