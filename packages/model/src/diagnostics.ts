// Diagnostics and error types (SDK §7). Every error that can point into the
// source carries a dot-path and, where the source is known, line and column (1-based).
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

/** SDK §7.0. Warnings (W-xxx) and other non-fatal findings. */
export interface Diagnostic {
  severity: DiagnosticSeverity;
  code: string;
  path?: string;
  message: string;
  line?: number;
  column?: number;
}

/**
 * SDK §7.1. When the problem is the same as a validation rule (V-001, V-003,
 * V-004, V-005, V-020), `rule` names it and `path` is the path validate would report.
 */
export interface ParseError {
  kind: ParseErrorKind;
  message: string;
  path?: string;
  line?: number;
  column?: number;
  rule?: string;
}

/** SDK §7.2. */
export interface ValidationError {
  rule: string;
  spec_ref: string;
  message: string;
  path: string;
  line?: number;
  column?: number;
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
  return "rule" in error && "spec_ref" in error;
}

/** SDK §3.2. A document is valid iff `errors` is empty. */
export interface ValidationResult {
  errors: ValidationError[];
  warnings: Diagnostic[];
}
