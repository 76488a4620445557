// Building ParseErrors (SDK §7.1) in the one diagnostic shape: every parse problem names a
// rule (its V-rule when it is the same problem, else a `parse/…` id), and when its place in
// the source is known, its range and the spec's `line`/`column` (the range's start).
import type { LineCounter } from "yaml";
import type { ParseError, SourcePoint, SourcePosition, SourceRange } from "../diagnostics.js";
import {
  PARSE_RULES,
  type ParseRuleId,
  VALIDATION_RULES,
  type ValidationRuleId,
} from "../rule-ids.js";
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

export function parseError(problem: ParseProblem): ParseError {
  const { rule, message, path = "", range, kind, at = range?.start } = problem;
  const isParseRule = Object.hasOwn(PARSE_RULES, rule);
  const spec_ref = isParseRule
    ? PARSE_RULES[rule as ParseRuleId].spec_ref
    : VALIDATION_RULES[rule as ValidationRuleId].spec_ref;
  return {
    kind: kind ?? (isParseRule ? KIND[rule as ParseRuleId] : "type_mismatch"),
    severity: "error",
    rule,
    code: rule,
    message,
    path,
    spec_ref,
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
