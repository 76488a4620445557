// Document diagnostics for the editor (SDK §3.2 validate, SDK §7 diagnostics), in the shape
// the editor shows: rule, severity, message, path, spec reference and a source range. The
// SDK's one check of a text (`checkText`: parse problems and rules in one pass, each with its
// `range` and `spec_ref`) does the work; this only puts them in source order.
import { checkText, type Diagnostic, type Document } from "oatf";

export interface Diagnosed {
  /** validate's diagnostics as they are, in source order. */
  diagnostics: Diagnostic[];
  /** The parsed document when it has no errors (warnings allowed). */
  document?: Document;
}

/** Parses and validates `text`, every problem in one pass; never throws for bad input. */
export function diagnose(text: string): Diagnosed {
  const { errors, warnings, document } = checkText(text);
  const diagnostics = [...errors, ...warnings];
  const key = (d: Diagnostic) => d.range?.start ?? { line: 0, column: 0 };
  diagnostics.sort((a, b) => key(a).line - key(b).line || key(a).column - key(b).column);
  return document ? { diagnostics, document } : { diagnostics };
}
