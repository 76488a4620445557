// Document diagnostics for the editor (SDK §3.2 validate, SDK §7 diagnostics), in the shape
// the editor shows: rule, severity, message, path, spec reference and a source range.
//
// ADAPTER: the one place that knows today's diagnostic shapes (ParseError, ValidationError,
// Diagnostic with a start line/column only). When validate reports `range` and `spec_ref`
// itself, this module shrinks to a pass-through.
import {
  type Diagnostic,
  type Document,
  getSourceInfo,
  type ParseError,
  parse,
  positionOrAncestor,
  RULES,
  type SourcePosition,
  type ValidationError,
  validate,
} from "oatf";

export interface SourceRange {
  start: SourcePosition;
  end: SourcePosition;
}

export interface PlaygroundDiagnostic {
  rule: string;
  severity: "error" | "warning";
  message: string;
  path?: string;
  spec_ref?: string;
  /** 1-based lines and columns; `end` is exclusive. */
  range?: SourceRange;
}

export interface Diagnosed {
  diagnostics: PlaygroundDiagnostic[];
  /** The parsed document when it has no errors (warnings allowed). */
  document?: Document;
}

/** Parses and validates `text`; never throws for bad input. */
export function diagnose(text: string): Diagnosed {
  const lines = text.split(/\r?\n/);
  const parsed = parse(text);
  if (!parsed.ok) {
    return { diagnostics: sorted(parsed.error.map((e) => fromParseError(e, lines))) };
  }
  const document = parsed.value;
  const info = getSourceInfo(document);
  const rangeOf = (path: string | undefined, line?: number, column?: number) => {
    const start =
      line !== undefined
        ? { line, column: column ?? 1 }
        : path === undefined
          ? undefined
          : positionOrAncestor(info, path);
    return start ? { range: rangeFrom(start, lines) } : {};
  };
  const { errors, warnings } = validate(document);
  const diagnostics = sorted([
    ...errors.map(
      (e: ValidationError): PlaygroundDiagnostic => ({
        rule: e.rule,
        severity: "error",
        message: e.message,
        path: e.path,
        spec_ref: e.spec_ref,
        ...rangeOf(e.path, e.line, e.column),
      }),
    ),
    ...warnings.map(
      (w: Diagnostic): PlaygroundDiagnostic => ({
        rule: w.code,
        severity: w.severity === "error" ? "error" : "warning",
        message: w.message,
        ...(w.path === undefined ? {} : { path: w.path }),
        spec_ref: specRefOf(w.code),
        ...rangeOf(w.path, w.line, w.column),
      }),
    ),
  ]);
  return errors.length === 0 ? { diagnostics, document } : { diagnostics };
}

function fromParseError(e: ParseError, lines: string[]): PlaygroundDiagnostic {
  return {
    rule: e.rule ?? `parse/${e.kind}`,
    severity: "error",
    message: e.message,
    ...(e.path === undefined ? {} : { path: e.path }),
    ...(e.rule === undefined ? { spec_ref: "SDK §7.1" } : { spec_ref: specRefOf(e.rule) }),
    ...(e.line === undefined
      ? {}
      : { range: rangeFrom({ line: e.line, column: e.column ?? 1 }, lines) }),
  };
}

/** Warnings keep their rule number as code (V-018, V-029); W-codes are SDK §7.0's. */
function specRefOf(code: string): string {
  return (RULES as Record<string, { spec_ref: string }>)[code]?.spec_ref ?? "SDK §7.0";
}

/** Today's diagnostics carry a start only: underline from there to the end of the line's text. */
function rangeFrom(start: SourcePosition, lines: string[]): SourceRange {
  const text = lines[start.line - 1] ?? "";
  const endColumn = Math.max(text.trimEnd().length + 1, start.column + 1);
  return { start, end: { line: start.line, column: endColumn } };
}

function sorted(list: PlaygroundDiagnostic[]): PlaygroundDiagnostic[] {
  const key = (d: PlaygroundDiagnostic) => d.range?.start ?? { line: 0, column: 0 };
  return list.sort((a, b) => key(a).line - key(b).line || key(a).column - key(b).column);
}
