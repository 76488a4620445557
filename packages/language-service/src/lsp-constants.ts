// The LSP 3.17 enumeration values this package emits, as constants: importing them from
// vscode-languageserver-types would bundle that whole module into a browser build (its
// namespaces do not tree-shake); the types are imported as types only.
import type {
  CodeActionKind as CodeActionKindType,
  CompletionItemKind as CompletionItemKindType,
  DiagnosticSeverity as DiagnosticSeverityType,
  MarkupKind as MarkupKindType,
  SymbolKind as SymbolKindType,
} from "vscode-languageserver-types";

export const DiagnosticSeverity = { Error: 1, Warning: 2 } as const satisfies Record<
  string,
  DiagnosticSeverityType
>;
export const MarkupKind = { Markdown: "markdown" } as const satisfies Record<
  string,
  MarkupKindType
>;
export const CodeActionKind = { QuickFix: "quickfix" } as const satisfies Record<
  string,
  CodeActionKindType
>;
export const CompletionItemKind = {
  Variable: 6,
  Field: 5,
  Module: 9,
  Keyword: 14,
  Reference: 18,
  EnumMember: 20,
  Constant: 21,
  Event: 23,
} as const satisfies Record<string, CompletionItemKindType>;
export type CompletionItemKind = CompletionItemKindType;
export const SymbolKind = { Class: 5, Function: 12, Event: 24 } as const satisfies Record<
  string,
  SymbolKindType
>;
export type SymbolKind = SymbolKindType;
