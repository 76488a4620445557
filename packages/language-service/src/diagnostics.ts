// SDK §7.0 diagnostics as LSP diagnostics: one source with `oatf validate` (the same
// `checkText` call), its ranges mapped from offsets to line/character positions, a template
// finding's narrowed to its `{{…}}` from the finding's data (never from its message).
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

/**
 * A template finding's range is the whole string when its `{{…}}` could not be mapped through
 * the scalar's quoting; narrowed here to that reference where it occurs once in the range's
 * source (reference names are `[\w.-]`, which no YAML quoting escapes).
 */
function templateSpan(text: string, finding: Finding): { start: number; end: number } | undefined {
  const { reference, diagnostic } = finding;
  const range = diagnostic.range;
  if (range?.start.offset === undefined || range.end.offset === undefined) return undefined;
  if (reference === undefined || !/^[\w.-]+$/.test(reference)) return undefined;
  const source = text.slice(range.start.offset, range.end.offset);
  const pattern = new RegExp(`\\{\\{\\s*${reference.replaceAll(".", "\\.")}\\s*\\}\\}`, "g");
  const found = [...source.matchAll(pattern)];
  if (found.length !== 1) return undefined;
  const start = range.start.offset + (found[0]?.index ?? 0);
  return { start, end: start + (found[0]?.[0].length ?? 0) };
}

function rangeOf(document: TextDocument, finding: Finding): Range {
  const range = finding.diagnostic.range;
  if (range?.start.offset !== undefined && range.end.offset !== undefined) {
    const narrowed = templateSpan(document.getText(), finding);
    if (narrowed)
      return { start: document.positionAt(narrowed.start), end: document.positionAt(narrowed.end) };
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
