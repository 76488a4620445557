// What trace readers produce (issue 14 §1): messages in the shape `evaluateTrace` takes,
// each with its 1-based source line, and diagnostics for the lines that are not messages.
import type { TraceMessage } from "@oatf/evaluate";
import { boundedJson } from "@oatf/evaluate/internal";
import type { Diagnostic, TraceRuleId } from "@oatf/model";
import { diagnosticOf, lineRange, TRACE_RULES } from "@oatf/model/internal";

/** The trace formats the readers understand. */
export const TRACE_FORMATS = ["oatf", "jsonrpc", "ag_ui", "thoughtjack", "har"] as const;
export type TraceFormat = (typeof TRACE_FORMATS)[number];

/**
 * A message with its 1-based source line, or what the reader says about a line that is not
 * (entirely) a message, or a trace that cannot be read at all: a `Diagnostic` with a `T-…`
 * rule, whose table entry (`TRACE_RULES`) gives its severity, whether reading stopped there
 * (`stops`) and whether a message was read without certain correlation (`unattributed`); the
 * line is its `range` (`lineRange(line)`).
 */
export type TraceRecord =
  | { kind: "message"; message: TraceMessage & { line: number } }
  | { kind: "diagnostic"; diagnostic: Diagnostic };

/** Turns the lines of one format into records; `end` flushes what a format holds back. */
export interface LineDecoder {
  line(text: string, line: number, out: TraceRecord[]): void;
  /** A line too long to read was dropped here (an SSE event it was part of ends). */
  dropped?(out: TraceRecord[]): void;
  end(out: TraceRecord[]): void;
}

/**
 * Reports `rule` at `line` (none: the whole trace); its severity (and whether it is
 * unattributed) is the table's.
 */
export function problem(
  out: TraceRecord[],
  line: number | undefined,
  rule: TraceRuleId,
  message: string,
) {
  out.push({ kind: "diagnostic", diagnostic: traceDiagnostic(rule, message, line) });
}

/** `what` (a line, an SSE event) was longer than `limit` characters: it is not read. */
export const tooLong = (out: TraceRecord[], line: number, what: string, limit: number) =>
  problem(out, line, "T-LINE-TOO-LONG", `${what} longer than ${limit} characters: not read`);

/**
 * A warning about a message read without certain correlation: it makes a run gate fail. The
 * same as `problem`, for the rules whose table entry says `unattributed`.
 */
export const unattributed: (
  out: TraceRecord[],
  line: number,
  rule: UnattributedRuleId,
  message: string,
) => void = problem;

/** A bounded table of the reader forgot its oldest entry to stay within bounds: said. */
export const forgotten = (out: TraceRecord[], line: number, what: string) =>
  unattributed(out, line, "T-PENDING-LIMIT", `${what}: the oldest is forgotten`);

/** The trace rules a message read without certain correlation is reported under. */
export type UnattributedRuleId = {
  [K in TraceRuleId]: (typeof TRACE_RULES)[K] extends { unattributed: true } ? K : never;
}[TraceRuleId];

/**
 * The diagnostic of `rule` at `line` (1-based; none for a problem of the whole trace), its
 * severity and spec reference from the rule table (`TRACE_RULES` only: a bundle of the
 * readers need not carry the V-rule texts).
 */
export function traceDiagnostic(rule: TraceRuleId, message: string, line?: number): Diagnostic {
  const where = line === undefined ? {} : { range: lineRange(line) };
  return diagnosticOf(rule, TRACE_RULES[rule], message, where);
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

/**
 * Parses one line (or a value read whole, named by `where`) as JSON; undefined, reported, when
 * it is not.
 */
export function parseLine(text: string, line: number, out: TraceRecord[], where?: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const what = `not JSON (${(error as Error).message})`;
    problem(out, line, "T-JSON", where === undefined ? what : `${where}: ${what}`);
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
