// One document checked for the CLI (shared by every command): the check pipeline of
// pipeline.ts, its problems as positioned diagnostics sorted by position.
import { DEFAULT_LIMITS, type Diagnostic, type Document, type SourceRange } from "@oatf/model";
import { checkTextLoadingCel } from "../pipeline.js";

/** A diagnostic as the CLI reports it (JSON and SARIF): the one shape of @oatf/model. */
export interface FileDiagnostic extends Diagnostic {
  severity: "error" | "warning";
}

/** A valid document comes with its parsed (not normalized) form. */
export type Checked =
  | { valid: true; document: Document; diagnostics: FileDiagnostic[] }
  | { valid: false; diagnostics: FileDiagnostic[] };

export async function checkDocument(text: string): Promise<Checked> {
  const { document, errors, warnings } = await checkTextLoadingCel(text, DEFAULT_LIMITS);
  const diagnostics = [...errors, ...warnings].map(toFileDiagnostic);
  const line = (d: FileDiagnostic) => d.line ?? 0;
  diagnostics.sort((a, b) => line(a) - line(b) || (a.column ?? 0) - (b.column ?? 0));
  return document !== undefined
    ? { valid: true, document, diagnostics }
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
