// Diagnostics and error types (SDK §7). Every error and warning has one shape
// (`Diagnostic`): severity, rule, message, dot-path, spec reference where the rule has
// one, and the source range when the source is known (lines and columns 1-based,
// offsets 0-based UTF-16 code units into the text given to `parse`).
import type { DiagnosticRule } from "./rule-ids.js";
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

/** A position with its offset into the source text (0-based, UTF-16 code units). */
export interface SourcePoint extends SourcePosition {
  offset: number;
}

/** The span of source a diagnostic is about; `end` is exclusive. */
export interface SourceRange {
  start: SourcePoint;
  end: SourcePoint;
}

/** SDK §7.0: the one shape of every error and warning. */
export interface Diagnostic {
  severity: DiagnosticSeverity;
  /** V-NNN, W-NNN, a `parse/…` id or an evaluation id: see `DiagnosticRule`. */
  rule: DiagnosticRule;
  message: string;
  /** Dot-path in the spec's format (`attack.indicators[0].pattern`); `""` is the document. */
  path?: string;
  /** The spec section that defines the rule, when one does: `SDK ...` for the SDK specification, otherwise a section of the format specification. */
  spec_ref?: string;
  /** Where in the source, when the document was parsed from text. */
  range?: SourceRange;
  /** `range.start.line`, kept for readers written before `range`. */
  line?: number;
  /** `range.start.column`, kept for readers written before `range`. */
  column?: number;
  /** @deprecated Use `rule`; kept (same value) for one minor release. */
  code?: string;
}

/**
 * SDK §7.1. `rule` names the V-rule when the problem is the same as one (V-001, V-003,
 * V-004, V-005, V-020, …) and `path` is the path validate would report; otherwise a
 * `parse/…` id (`parse/syntax`, `parse/unknown-field`, …).
 */
export interface ParseError extends Diagnostic {
  kind: ParseErrorKind;
  severity: "error";
  spec_ref: string;
  path: string;
}

/** SDK §7.2. */
export interface ValidationError extends Diagnostic {
  severity: "error";
  spec_ref: string;
  path: string;
}

/** SDK §7.3. */
export interface EvaluationError {
  kind: EvaluationErrorKind;
  message: string;
  indicator_id?: string;
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
