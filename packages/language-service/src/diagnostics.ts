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

/** Template findings whose message opens with the reference (format §5.6). */
const TEMPLATE_RULES = new Set(["V-032", "W-004"]);

/**
 * A template finding covers the whole string; narrowed here to its `{{…}}` when that occurs
 * once in the range's source (names are `[a-z0-9_]`, which no YAML quoting escapes).
 */
function templateSpan(
  text: string,
  diagnostic: OatfDiagnostic,
): { start: number; end: number } | undefined {
  const range = diagnostic.range;
  const reference = /^\{\{([\w.-]+)\}\}/.exec(diagnostic.message)?.[1];
  if (range?.start.offset === undefined || range.end.offset === undefined) return undefined;
  if (!reference || !TEMPLATE_RULES.has(diagnostic.rule)) return undefined;
  const source = text.slice(range.start.offset, range.end.offset);
  const pattern = new RegExp(`\\{\\{\\s*${reference.replaceAll(".", "\\.")}\\s*\\}\\}`, "g");
  const found = [...source.matchAll(pattern)];
  if (found.length !== 1) return undefined;
  const start = range.start.offset + (found[0]?.index ?? 0);
  return { start, end: start + (found[0]?.[0].length ?? 0) };
}

function rangeOf(document: TextDocument, diagnostic: OatfDiagnostic): Range {
  const range = diagnostic.range;
  if (range?.start.offset !== undefined && range.end.offset !== undefined) {
    const narrowed = templateSpan(document.getText(), diagnostic);
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
