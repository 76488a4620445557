// SDK §7.0 diagnostics as LSP diagnostics: one source with `oatf validate` (the same
// `checkText` call), its ranges mapped from offsets to line/character positions, narrowed to
// the finding's focus (a template reference) when it has one: data, never the message.
import type { Finding } from "@oatf/validate/text";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { Diagnostic, Range } from "vscode-languageserver-types";
import { DiagnosticSeverity } from "./lsp-constants.js";

/** What a diagnostic carries for code actions and hover (`Diagnostic.data`). */
export interface DiagnosticData {
  path?: string;
  spec_ref?: string;
}

export const SOURCE = "oatf";

export function toLspDiagnostic(document: TextDocument, finding: Finding): Diagnostic {
  const { diagnostic } = finding;
  const data: DiagnosticData = {};
  if (diagnostic.path !== undefined) data.path = diagnostic.path;
  if (diagnostic.spec_ref !== undefined) data.spec_ref = diagnostic.spec_ref;
  return {
    range: rangeOf(document, finding),
    severity:
      diagnostic.severity === "error" ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    code: diagnostic.rule,
    source: SOURCE,
    message: diagnostic.message,
    data,
  };
}

function rangeOf(document: TextDocument, { diagnostic, focus }: Finding): Range {
  const range = focus ?? diagnostic.range;
  if (range?.start.offset !== undefined && range.end.offset !== undefined) {
    const start = document.positionAt(range.start.offset);
    const end = document.positionAt(Math.max(range.end.offset, range.start.offset));
    return { start, end };
  }
  if (range) {
    // A position without offsets (a source info made by hand): from it to the line's end.
    const line = Math.max(0, range.start.line - 1);
    const start = { line, character: Math.max(0, range.start.column - 1) };
    return { start, end: { line, character: lineLength(document, line) } };
  }
  return { start: { line: 0, character: 0 }, end: { line: 0, character: lineLength(document, 0) } };
}

function lineLength(document: TextDocument, line: number): number {
  const start = document.offsetAt({ line, character: 0 });
  const end = document.offsetAt({ line: line + 1, character: 0 });
  return document
    .getText()
    .slice(start, end)
    .replace(/\r?\n$/, "").length;
}
