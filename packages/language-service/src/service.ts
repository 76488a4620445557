// The language service: document text + cursor in, LSP-shaped data out (vscode-languageserver-
// types), with no transport and no Node built-ins, so `oatf lsp` and the playground share it.
// Bounded: documents above `maxBytes` get one diagnostic and no analysis, at most
// `maxDocuments` analyses are kept, and every entry point returns an empty answer instead of
// throwing.
import type { CelEvaluator } from "@oatf/model";
import { TextDocument } from "vscode-languageserver-textdocument";
import type {
  CodeAction,
  CompletionList,
  Diagnostic,
  DocumentSymbol,
  Hover,
  Location,
  Position,
  Range,
} from "vscode-languageserver-types";
import { Analyses } from "./analyses.js";
import { codeActions } from "./code-actions.js";
import { completion } from "./completion.js";
import { toLspDiagnostic } from "./diagnostics.js";
import { hover } from "./hover.js";
import { hoverAcross, viewAcross } from "./line-edit.js";
import { definition, documentSymbols, references } from "./navigation.js";

export interface LanguageServiceOptions {
  /** The CEL evaluator for V-014 (`oatf lsp` passes the default one); without it V-014 is skipped with a warning, as in `validate`. */
  cel?: CelEvaluator;
  /** Largest document analysed (as `parse`'s `maxBytes`); a larger one gets one `parse/too-large` diagnostic. Default 1,048,576. */
  maxBytes?: number;
  /** Most documents whose analysis is kept (the latest version of each URI). Default 32. */
  maxDocuments?: number;
  /** Most scalars indexed for navigation per document. Default 100,000. */
  maxSymbols?: number;
  /**
   * Whether to validate (default true). A host that validates elsewhere (the playground's
   * evaluation worker) passes false: then `diagnostics` is empty and hover shows no rule text.
   */
  validate?: boolean;
  /** Told of an exception inside a feature (a bug): the feature answers empty instead. */
  onError?: (feature: string, error: unknown) => void;
}

/** A document as the service reads it: a `TextDocument`, or its uri, version and text. */
export type DocumentInput = TextDocument | { uri: string; version?: number; text: string };

export interface LanguageService {
  diagnostics(document: DocumentInput): Diagnostic[];
  hover(document: DocumentInput, position: Position): Hover | null;
  completion(document: DocumentInput, position: Position): CompletionList;
  definition(document: DocumentInput, position: Position): Location[];
  references(document: DocumentInput, position: Position, includeDeclaration?: boolean): Location[];
  codeActions(
    document: DocumentInput,
    range: Range,
    diagnostics: readonly Diagnostic[],
  ): CodeAction[];
  documentSymbols(document: DocumentInput): DocumentSymbol[];
  /** Forgets the analyses of a closed document. */
  close(uri: string): void;
}

const DEFAULTS = { maxBytes: 1024 * 1024, maxDocuments: 32, maxSymbols: 100_000 };

function positive(value: unknown, fallback: number): number {
  return typeof value === "number" && value > 0 && Number.isFinite(value)
    ? Math.floor(value)
    : fallback;
}

export function createLanguageService(options: LanguageServiceOptions = {}): LanguageService {
  const maxBytes = positive(options.maxBytes, DEFAULTS.maxBytes);
  const analyses = new Analyses(positive(options.maxDocuments, DEFAULTS.maxDocuments), maxBytes, {
    cel: options.cel,
    maxBytes,
    maxSymbols: positive(options.maxSymbols, DEFAULTS.maxSymbols),
    validate: options.validate !== false,
  });
  const get = (d: DocumentInput) => analyses.get(textDocument(d));
  const guard = <T>(feature: string, fallback: T, run: () => T) =>
    guarded(options.onError, feature, fallback, run);

  return {
    diagnostics: (d) =>
      guard("diagnostics", [], () => {
        const a = get(d);
        return a.findings.map((x) => toLspDiagnostic(a.document, x));
      }),
    hover: (d, p) =>
      guard("hover", null, () => {
        const document = textDocument(d);
        const typed = analyses.typedSince(document);
        const across = typed && hoverAcross(typed.base, document, typed.edit, p, hover);
        return across !== undefined ? across : hover(analyses.get(document), p);
      }),
    completion: (d, p) =>
      guard("completion", { isIncomplete: false, items: [] }, () => {
        const document = textDocument(d);
        const typed = analyses.typedSince(document);
        return completion(
          typed ? viewAcross(typed.base, document, typed.edit) : analyses.get(document),
          p,
        );
      }),
    definition: (d, p) => guard("definition", [], () => definition(get(d), p)),
    references: (d, p, include = true) =>
      guard("references", [], () => references(get(d), p, include)),
    codeActions: (d, _r, diags) => guard("codeActions", [], () => codeActions(get(d), diags)),
    documentSymbols: (d) => guard("documentSymbols", [], () => documentSymbols(get(d))),
    close: (uri) => analyses.close(uri),
  };
}

/**
 * A snapshot of the input: a host's `TextDocument` is updated in place by the next change
 * (TextDocuments does), and an analysis keeps the positions of its own version.
 */
function textDocument(input: DocumentInput): TextDocument {
  return "getText" in input
    ? TextDocument.create(input.uri, input.languageId, input.version, input.getText())
    : TextDocument.create(input.uri, "yaml", input.version ?? 0, input.text);
}

/** Runs a feature; a bug in it answers `fallback` rather than failing the editor's request. */
function guarded<T>(
  onError: LanguageServiceOptions["onError"],
  feature: string,
  fallback: T,
  run: () => T,
): T {
  try {
    return run();
  } catch (error) {
    try {
      onError?.(feature, error);
    } catch {
      // the caller's reporter failed too: still answer
    }
    return fallback;
  }
}
