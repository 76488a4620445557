// What trace readers produce (issue 14 §1): messages in the shape `evaluateTrace` takes,
// each with its 1-based source line, and diagnostics for the lines that are not messages.
import { boundedJson } from "../base/json.js";
import type { TraceMessage } from "../base/message.js";

/** The trace formats the readers understand. */
export const TRACE_FORMATS = ["oatf", "jsonrpc", "ag_ui", "thoughtjack", "har"] as const;
export type TraceFormat = (typeof TRACE_FORMATS)[number];

/** A line that is not (entirely) a message, or a trace that cannot be read at all. */
export interface TraceDiagnostic {
  /** `error`: the line was not read; `warning`: read, with a caveat; `fatal`: reading stopped. */
  severity: "fatal" | "error" | "warning";
  /** `T-FORMAT`, `T-JSON`, `T-SHAPE`, `T-LINE-TOO-LONG`, `T-UNCORRELATED`, `T-DUPLICATE-ID`, ... */
  code: string;
  /** 1-based source line (absent for a fatal problem found after reading). */
  line?: number;
  message: string;
  /**
   * Set when a message was read but could not be correlated or attributed with certainty
   * (its request forgotten or ambiguous, its protocol contradicted): it was evaluated
   * against every indicator it could belong to, and a run gate should fail unless the user
   * accepts this (`oatf evaluate --allow-uncorrelated`).
   */
  unattributed?: true;
}

export type TraceRecord =
  | { kind: "message"; message: TraceMessage & { line: number } }
  | { kind: "diagnostic"; diagnostic: TraceDiagnostic };

/** Turns the lines of one format into records; `end` flushes what a format holds back. */
export interface LineDecoder {
  line(text: string, line: number, out: TraceRecord[]): void;
  /** A line too long to read was dropped here (an SSE event it was part of ends). */
  dropped?(out: TraceRecord[]): void;
  end(out: TraceRecord[]): void;
}

export function problem(
  out: TraceRecord[],
  line: number,
  code: string,
  message: string,
  severity: TraceDiagnostic["severity"] = "error",
): void {
  out.push({ kind: "diagnostic", diagnostic: { severity, code, line, message } });
}

/** A warning about a message read without certain correlation: it makes a run gate fail. */
export function unattributed(out: TraceRecord[], line: number, code: string, message: string) {
  out.push({
    kind: "diagnostic",
    diagnostic: { severity: "warning", code, line, message, unattributed: true },
  });
}

const PREVIEW = 60;

/**
 * A short description of a value for a diagnostic: never recursive (a value read from a
 * line may nest thousands deep) and never longer than about PREVIEW characters.
 */
export function preview(value: unknown): string {
  if (value === undefined) return "undefined";
  // Iterative, and it stops writing past PREVIEW characters however deep or long the value.
  const { text, complete } = boundedJson(value, { maxLength: PREVIEW });
  return complete ? text : `${text}…`;
}

/** Parses one line as JSON, reporting it when it is not. */
export function parseLine(text: string, line: number, out: TraceRecord[]): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    problem(out, line, "T-JSON", `not JSON (${(error as Error).message})`);
    return undefined;
  }
}

/** An ISO 8601 timestamp from a string, or from epoch milliseconds (AG-UI events). */
export function timestampOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number") {
    const date = new Date(value); // invalid for NaN, ±Infinity and out-of-range numbers
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  }
  return undefined;
}
