// Building ParseErrors (SDK §7.1) in the one diagnostic shape: every parse problem names a
// rule (its V-rule when it is the same problem, else a `parse/…` id), and when its place in
// the source is known, its range and the spec's `line`/`column` (the range's start).
import type { LineCounter } from "yaml";
import {
  documentDiagnostic,
  type ParseError,
  type SourcePoint,
  type SourcePosition,
  type SourceRange,
  type ValidationError,
} from "../diagnostics.js";
import type { ParseRuleId, ValidationRuleId } from "../rule-ids.js";
import type { ParseErrorKind } from "../types.js";

const KIND: Record<ParseRuleId, ParseErrorKind> = {
  "parse/syntax": "syntax",
  "parse/duplicate-key": "syntax",
  "parse/too-large": "syntax",
  "parse/type-mismatch": "type_mismatch",
  "parse/missing-field": "type_mismatch",
  "parse/unknown-field": "type_mismatch",
  "parse/unknown-variant": "unknown_variant",
};

export interface ParseProblem {
  rule: ParseRuleId | ValidationRuleId;
  message: string;
  path?: string;
  range?: SourceRange;
  /** The position when it is known without a range (the spec's `line`/`column`); else `range.start`. */
  at?: SourcePosition;
  /** The SDK §7.1 kind; for a V-rule, what the parse problem is (parse ids imply it). */
  kind?: ParseErrorKind;
}

/** The ParseError of `problem`, with its rule's severity and spec reference (the rule table's). */
export function parseError(problem: ParseProblem): ParseError {
  const { rule, message, path = "", range, kind, at = range?.start } = problem;
  return {
    kind: kind ?? (Object.hasOwn(KIND, rule) ? KIND[rule as ParseRuleId] : "type_mismatch"),
    // A parse problem's rule is an error's: a parse id, or a V-rule (never V-018 or V-029).
    ...(documentDiagnostic(rule, message, { path }) as ValidationError),
    ...(at && { line: at.line, column: at.column }),
    ...(range && { range }),
  };
}

/** 1-based line and column of a source offset. */
export function position(lineCounter: LineCounter, offset: number): SourcePoint {
  const { line, col } = lineCounter.linePos(offset);
  return line === 0 ? { line: 1, column: offset + 1, offset } : { line, column: col, offset };
}

/** The range from `start` to `end` (exclusive); an empty or inverted span covers one character. */
export function span(lineCounter: LineCounter, start: number, end = start): SourceRange {
  return {
    start: position(lineCounter, start),
    end: position(lineCounter, Math.max(end, start + 1)),
  };
}
