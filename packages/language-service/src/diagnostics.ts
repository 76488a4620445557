// SDK §7.0 diagnostics as LSP diagnostics: one source with `oatf validate` (the same
// `validateRecovered` call), its ranges mapped from offsets to line/character positions.
import type { Diagnostic as OatfDiagnostic } from "@oatf/model";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { Diagnostic, Range } from "vscode-languageserver-types";
import { DiagnosticSeverity } from "./lsp-constants.js";

/** What a diagnostic carries for code actions and hover (`Diagnostic.data`). */
export interface DiagnosticData {
  path?: string;
  spec_ref?: string;
}

export const SOURCE = "oatf";

export function toLspDiagnostic(document: TextDocument, diagnostic: OatfDiagnostic): Diagnostic {
  const data: DiagnosticData = {};
  if (diagnostic.path !== undefined) data.path = diagnostic.path;
  if (diagnostic.spec_ref !== undefined) data.spec_ref = diagnostic.spec_ref;
  return {
    range: rangeOf(document, diagnostic),
    severity:
      diagnostic.severity === "error" ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    code: diagnostic.rule,
    source: SOURCE,
    message: diagnostic.message,
    data,
  };
}

function rangeOf(document: TextDocument, diagnostic: OatfDiagnostic): Range {
  const range = diagnostic.range;
  if (range) {
    const start = document.positionAt(range.start.offset);
    const end = document.positionAt(Math.max(range.end.offset, range.start.offset));
    return { start, end };
  }
  if (diagnostic.line !== undefined) {
    const line = Math.max(0, diagnostic.line - 1);
    const start = { line, character: Math.max(0, (diagnostic.column ?? 1) - 1) };
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
