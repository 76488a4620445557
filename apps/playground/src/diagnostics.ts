// Document diagnostics for the editor (SDK §3.2 validate, SDK §7 diagnostics), in the shape
// the editor shows: rule, severity, message, path, spec reference and a source range. Since
// validate reports `range` and `spec_ref` itself (the one diagnostic shape of @oatf/model),
// and reports parse problems and rules in one pass over text, this is a pass-through.
import {
  type Diagnostic,
  type Document,
  parseRecovering,
  type SourcePosition,
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

/** Parses and validates `text`, every problem in one pass; never throws for bad input. */
export function diagnose(text: string): Diagnosed {
  const parsed = parseRecovering(text);
  const document = parsed.errors.length === 0 ? parsed.document : undefined;
  const { errors, warnings } = document ? validate(document) : validate(text);
  const diagnostics = [...errors, ...warnings].map(toPlayground);
  const key = (d: PlaygroundDiagnostic) => d.range?.start ?? { line: 0, column: 0 };
  diagnostics.sort((a, b) => key(a).line - key(b).line || key(a).column - key(b).column);
  return document && errors.length === 0 ? { diagnostics, document } : { diagnostics };
}

function toPlayground(d: Diagnostic): PlaygroundDiagnostic {
  return {
    rule: d.rule,
    severity: d.severity,
    message: d.message,
    ...(d.path === undefined ? {} : { path: d.path }),
    ...(d.spec_ref === undefined ? {} : { spec_ref: d.spec_ref }),
    ...(d.range ? { range: { start: d.range.start, end: d.range.end } } : {}),
  };
}
