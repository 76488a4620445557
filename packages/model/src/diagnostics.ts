// Diagnostics and error types (SDK §7). Every error and warning, of parse, validate, the
// trace readers, evaluation and the CLI, has one shape (`Diagnostic`): severity, the rule id
// (as `rule` and as the spec's `code`), message, dot-path, spec reference where the rule has
// one, the source range when the source is known (lines and columns 1-based, offsets 0-based
// UTF-16 code units into the text given to `parse`) and the source's name when there is one
// to say. The spec's own fields (SDK §7.0-§7.2) are all there under the spec's names; `rule`,
// `range` and `source` are extras every diagnostic carries the same way.
import {
  type DiagnosticRule,
  type DocumentRuleId,
  documentRuleInfo,
  type RuleInfo,
  ruleInfo,
} from "./rule-ids.js";
import type {
  DiagnosticSeverity,
  EvaluationErrorKind,
  GenerationErrorKind,
  ParseErrorKind,
} from "./types.js";

/** A position in the YAML source, 1-based. */
export interface SourcePosition {
  line: number;
  column: number;
}

/**
 * A position and its offset into the source text (0-based, UTF-16 code units). The offset is
 * known for documents (`parse` has the whole text); a trace read as a stream has lines only.
 */
export interface SourcePoint extends SourcePosition {
  offset?: number;
}

/**
 * The span of source a diagnostic is about; `end` is exclusive. A whole line `n` (a trace
 * line) is `{ start: { line: n, column: 1 }, end: { line: n + 1, column: 1 } }`.
 */
export interface SourceRange {
  start: SourcePoint;
  end: SourcePoint;
}

/**
 * SDK §7.0: the one shape of every error and warning (`severity`, `code`, `path`, `message`).
 * `rule` is the same identifier as `code` (SDK §7.2's name for it, which the conformance
 * fixtures read on warnings too).
 */
export interface Diagnostic {
  /** Always the severity of `rule` in the rule table (`ruleInfo(rule).severity`). */
  severity: DiagnosticSeverity;
  /** V-NNN, W-NNN, a `parse/…`, `T-…` or evaluation id: see `DiagnosticRule`. */
  rule: DiagnosticRule;
  /** SDK §7.0: the machine-readable identifier; always the same as `rule`. */
  code: DiagnosticRule;
  message: string;
  /** Dot-path in the spec's format (`attack.indicators[0].pattern`); `""` is the document. */
  path?: string;
  /**
   * The spec section that defines the rule, when one does: a V-rule's as the SDK entry-points
   * table writes it (a bare section number, of the format specification or, for nine rules, of
   * the SDK's); others `SDK ...` for the SDK specification, else a format section.
   */
  spec_ref?: string;
  /** Where in the source, when the source is known (a document parsed from text, a trace line). */
  range?: SourceRange;
  /** The name of the source (a file, a trace) when the one reporting knows it: the CLI does. */
  source?: string;
}

/**
 * A diagnostic of `rule`, its severity and spec reference taken from the rule table, its
 * fields in one order (severity, rule, code, message, path, spec_ref, range, source).
 */
export function diagnostic(
  rule: DiagnosticRule,
  message: string,
  where: Pick<Diagnostic, "path" | "range" | "source"> = {},
): Diagnostic {
  return diagnosticOf(rule, ruleInfo(rule)!, message, where);
}

/**
 * `diagnostic` of a rule of a document (what `parse` and `validate` report), looked up in
 * those rules' tables only, so a bundle that checks documents need not hold every rule's text.
 */
export function documentDiagnostic(
  rule: DocumentRuleId,
  message: string,
  where: Pick<Diagnostic, "path" | "range" | "source"> = {},
): Diagnostic {
  return diagnosticOf(rule, documentRuleInfo(rule)!, message, where);
}

/**
 * `diagnostic`, given the rule's table entry: for code that carries only its own table (the
 * trace readers, templates, verdicts), so a bundle of it need not hold every rule's text.
 */
export function diagnosticOf(
  rule: DiagnosticRule,
  info: Pick<RuleInfo, "severity" | "spec_ref">,
  message: string,
  where: Pick<Diagnostic, "path" | "range" | "source"> = {},
): Diagnostic {
  return {
    severity: info.severity,
    rule,
    code: rule,
    message,
    ...(where.path !== undefined && { path: where.path }),
    ...(info.spec_ref !== undefined && { spec_ref: info.spec_ref }),
    ...(where.range !== undefined && { range: where.range }),
    ...(where.source !== undefined && { source: where.source }),
  };
}

/** The range of a whole source line (1-based): how a trace diagnostic says where it is. */
export function lineRange(line: number): SourceRange {
  return { start: { line, column: 1 }, end: { line: line + 1, column: 1 } };
}

/**
 * SDK §7.1. `rule` (and `code`) names the V-rule when the problem is the same as one (V-001,
 * V-003, V-004, V-005, V-020, …) and `path` is the path validate would report; otherwise a
 * `parse/…` id (`parse/syntax`, `parse/unknown-field`, …). `line` and `column` are
 * `range.start`'s, present exactly when the position is known.
 */
export interface ParseError extends Diagnostic {
  kind: ParseErrorKind;
  severity: "error";
  spec_ref: string;
  path: string;
  /** 1-based line in the source YAML, when known. */
  line?: number;
  /** 1-based column in the source YAML, when known. */
  column?: number;
}

/** SDK §7.2 (`rule`, `spec_ref`, `message`, `path`), in the one shape. */
export interface ValidationError extends Diagnostic {
  severity: "error";
  spec_ref: string;
  path: string;
}

/** SDK §7.3. Its kinds, with their spec sections, are in `EVALUATION_ERROR_KINDS_TABLE`. */
export interface EvaluationError {
  kind: EvaluationErrorKind;
  message: string;
  indicator_id?: string;
}

/** The one way the SDK builds an `EvaluationError` (SDK §7.3). */
export function evaluationError(
  kind: EvaluationErrorKind,
  message: string,
  indicator_id?: string,
): EvaluationError {
  return indicator_id === undefined ? { kind, message } : { kind, message, indicator_id };
}

/** SDK §7.3a. */
export interface GenerationError {
  kind: GenerationErrorKind;
  message: string;
  phase_name?: string;
  prompt_preview?: string;
}

/** SDK §7.5: what `load` can fail with. Tell them apart with `isParseError`. */
export type OATFError = ParseError | ValidationError;

export function isParseError(error: OATFError): error is ParseError {
  return "kind" in error;
}

export function isValidationError(error: OATFError): error is ValidationError {
  return !("kind" in error) && "rule" in error && "spec_ref" in error;
}

/**
 * SDK §3.2. A document is valid iff `errors` is empty. Validating text puts the parse
 * problems (`ParseError`s, told apart with `isParseError`) in `errors` too.
 */
export interface ValidationResult {
  errors: ValidationError[];
  warnings: Diagnostic[];
}
