// The LSP enumeration values the service emits as constants (lsp-constants.ts) are the
// protocol's own, as vscode-languageserver-types defines them.

import { describe, expect, it } from "vitest";
import {
  CodeActionKind,
  CompletionItemKind,
  DiagnosticSeverity,
  MarkupKind,
  SymbolKind,
} from "vscode-languageserver-types";
import * as ours from "../src/lsp-constants.js";

const pairs: [string, Record<string, unknown>, Record<string, unknown>][] = [
  ["DiagnosticSeverity", ours.DiagnosticSeverity, DiagnosticSeverity],
  ["MarkupKind", ours.MarkupKind, MarkupKind],
  ["CodeActionKind", ours.CodeActionKind, CodeActionKind],
  ["CompletionItemKind", ours.CompletionItemKind, CompletionItemKind],
  ["SymbolKind", ours.SymbolKind, SymbolKind],
];

describe("LSP constants", () => {
  it.each(pairs)("%s matches vscode-languageserver-types", (_name, mine, theirs) => {
    for (const [key, value] of Object.entries(mine))
      expect([key, theirs[key]]).toEqual([key, value]);
  });
});
