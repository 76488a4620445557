// Document diagnostics for the editor (SDK §3.2 validate, SDK §7 diagnostics), in the shape
// the editor shows: rule, severity, message, path, spec reference and a source range. Since
// validate reports `range` and `spec_ref` itself (the one diagnostic shape of @oatf/model),
// and reports parse problems and rules in one pass over text, this is a pass-through.
import { type Diagnostic, type Document, parseRecovering, validate } from "oatf";

export interface Diagnosed {
  /** validate's diagnostics as they are, in source order. */
  diagnostics: Diagnostic[];
  /** The parsed document when it has no errors (warnings allowed). */
  document?: Document;
}

/** Parses and validates `text`, every problem in one pass; never throws for bad input. */
export function diagnose(text: string): Diagnosed {
  const parsed = parseRecovering(text);
  const document = parsed.errors.length === 0 ? parsed.document : undefined;
  const { errors, warnings } = document ? validate(document) : validate(text);
  const diagnostics = [...errors, ...warnings];
  const key = (d: Diagnostic) => d.range?.start ?? { line: 0, column: 0 };
  diagnostics.sort((a, b) => key(a).line - key(b).line || key(a).column - key(b).column);
  return document && errors.length === 0 ? { diagnostics, document } : { diagnostics };
}
