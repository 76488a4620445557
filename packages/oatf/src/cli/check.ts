// Parse and validate one document into positioned diagnostics (shared by every command), in
// one pass: parse problems together with every rule still checkable (see `validate` over text).
import {
  DEFAULT_LIMITS,
  type Diagnostic,
  type Document,
  parseRecovering,
  type SourceRange,
} from "@oatf/model";
import { validateRecovered } from "@oatf/validate";
import { celFor } from "./cel.js";

/** A diagnostic as the CLI reports it (JSON and SARIF): the one shape of @oatf/model. */
export interface FileDiagnostic extends Diagnostic {
  severity: "error" | "warning";
}

/** A valid document comes with its parsed (not normalized) form. */
export type Checked =
  | { valid: true; document: Document; diagnostics: FileDiagnostic[] }
  | { valid: false; diagnostics: FileDiagnostic[] };

export async function checkDocument(text: string): Promise<Checked> {
  const parsed = parseRecovering(text, DEFAULT_LIMITS);
  const readable = parsed.errors.length === 0 && parsed.document !== undefined;
  // What could be read decides whether CEL is needed (V-014 on expression indicators).
  const cel = await celFor(parsed.document);
  // Parse problems and every rule still checkable, in one pass.
  const result = validateRecovered(parsed, { cel });
  const diagnostics = [...result.errors, ...result.warnings].map(toFileDiagnostic);
  const line = (d: FileDiagnostic) => d.line ?? 0;
  diagnostics.sort((a, b) => line(a) - line(b) || (a.column ?? 0) - (b.column ?? 0));
  return readable && result.errors.length === 0
    ? { valid: true, document: parsed.document!, diagnostics }
    : { valid: false, diagnostics };
}

/** The diagnostic of a file over the size limit, which is never read in full. */
export function tooLargeDiagnostic(limit: number): FileDiagnostic {
  return {
    severity: "error",
    rule: "parse/too-large",
    message: `the file is larger than ${limit} bytes (the input size limit)`,
    path: "",
    spec_ref: "format §12.1",
  };
}

/** The fields of the one diagnostic shape, in a fixed order (`kind` and `code` are left out). */
function toFileDiagnostic(d: Diagnostic): FileDiagnostic {
  const range: SourceRange | undefined = d.range;
  return {
    severity: d.severity,
    rule: d.rule,
    message: d.message,
    ...(d.path !== undefined && { path: d.path }),
    ...(d.spec_ref !== undefined && { spec_ref: d.spec_ref }),
    ...(range && { range }),
    ...(d.line !== undefined && { line: d.line, column: d.column ?? 1 }),
  };
}
