// The LSP enumeration values the service emits as constants (lsp-constants.ts) are the
// protocol's own, as vscode-languageserver-types defines them.

import { describe, expect, it } from "vitest";
import * as types from "vscode-languageserver-types";
import * as constants from "../src/lsp-constants.js";

describe("LSP constants", () => {
  it.each([
    "DiagnosticSeverity",
    "MarkupKind",
    "CodeActionKind",
    "CompletionItemKind",
    "SymbolKind",
  ] as const)("%s matches vscode-languageserver-types", (name) => {
    const ours = constants[name] as Record<string, unknown>;
    const theirs = types[name] as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(ours))
      expect([key, theirs[key]]).toEqual([key, value]);
  });
});
