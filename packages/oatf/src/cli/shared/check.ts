// One document checked for the CLI (shared by every command): the check pipeline of
// pipeline.ts, its problems as positioned diagnostics sorted by position.
import { DEFAULT_LIMITS, type Diagnostic, type Document, type ParseError } from "@oatf/model";
import { diagnostic } from "@oatf/model/internal";
import { checkTextLoadingCel } from "../../pipeline.js";

/** A valid document comes with its parsed (not normalized) form. */
export type Checked =
  | { valid: true; document: Document; diagnostics: Diagnostic[] }
  | { valid: false; diagnostics: Diagnostic[] };

export async function checkDocument(text: string): Promise<Checked> {
  const { document, errors, warnings } = await checkTextLoadingCel(text, DEFAULT_LIMITS);
  const diagnostics = [...errors, ...warnings].map(plain);
  const line = (d: Diagnostic) => d.range?.start.line ?? 0;
  const column = (d: Diagnostic) => d.range?.start.column ?? 0;
  diagnostics.sort((a, b) => line(a) - line(b) || column(a) - column(b));
  return document !== undefined
    ? { valid: true, document, diagnostics }
    : { valid: false, diagnostics };
}

/** The diagnostic of a file over the size limit, which is never read in full. */
export function tooLargeDiagnostic(limit: number): Diagnostic {
  const message = `the file is larger than ${limit} bytes (the input size limit)`;
  return plain({ ...diagnostic("parse/too-large", message, { path: "" }), kind: "syntax" });
}

/** The diagnostic of a file that is not UTF-8, at its first bad byte. */
export function notUtf8Diagnostic(reason: string, line: number, column: number): Diagnostic {
  const range = { start: { line, column }, end: { line, column: column + 1 } };
  const message = `the file ${reason}`;
  return plain({
    ...diagnostic("parse/syntax", message, { path: "", range }),
    kind: "syntax",
    line,
    column,
  });
}

/**
 * The fields of the one diagnostic shape, in a fixed order; a ParseError keeps SDK §7.1's `kind`,
 * `line` and `column` (`oatf validate --format json` prints them: a reader of the spec's table
 * looks there, not in `range`).
 */
function plain(d: Diagnostic & Partial<Pick<ParseError, "kind" | "line" | "column">>): Diagnostic {
  return {
    severity: d.severity,
    rule: d.rule,
    code: d.code,
    ...(d.kind !== undefined && { kind: d.kind }),
    message: d.message,
    ...(d.path !== undefined && { path: d.path }),
    ...(d.line !== undefined && { line: d.line, column: d.column }),
    ...(d.spec_ref !== undefined && { spec_ref: d.spec_ref }),
    ...(d.range !== undefined && { range: d.range }),
    ...(d.source !== undefined && { source: d.source }),
  };
}
