// One analysis per document version: the SDK's own parse and validate (the diagnostics,
// exactly what `oatf validate` reports, computed when first asked for), the YAML tree for
// cursor questions, and the symbol index. Computed once and kept in a bounded cache (LruCache), so hover, completion and
// code actions on the same version reuse it.
import type { CelEvaluator, Diagnostic as OatfDiagnostic } from "@oatf/model";
import { parseRecovering } from "@oatf/model";
import { validateRecovered } from "@oatf/validate";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { indexSymbols, type SymbolIndex } from "./symbols.js";
import { parseTree, type YamlDocument } from "./yaml-tree.js";

export interface Analysis {
  text: string;
  document: TextDocument;
  /** Errors then warnings, as `validate` over the text returns them (computed when first read). */
  readonly diagnostics: OatfDiagnostic[];
  /** Undefined when the text is over the size limit (then only a diagnostic is given). */
  tree: YamlDocument | undefined;
  symbols: SymbolIndex;
  /** The text split in lines (completion reads indentation). */
  lines: string[];
}

export interface AnalysisOptions {
  cel?: CelEvaluator | undefined;
  maxBytes: number;
  maxSymbols: number;
  validate: boolean;
}

/**
 * Parse and index `document`; validated when its diagnostics are first read (a keystroke's
 * completion needs the tree, not a validation: the server validates after a burst of edits).
 * Never throws: a failure becomes a diagnostic.
 */
export function analyse(document: TextDocument, options: AnalysisOptions): Analysis {
  const text = document.getText();
  const lines = text.split(/\r?\n|\r/);
  const tree = text.length > options.maxBytes ? undefined : parseTree(text);
  let diagnostics: OatfDiagnostic[] | undefined;
  return {
    text,
    document,
    get diagnostics() {
      diagnostics ??= options.validate ? validateText(text, options) : [];
      return diagnostics;
    },
    tree,
    symbols:
      tree === undefined
        ? indexSymbols(undefined, text, 0)
        : indexSymbols(tree, text, options.maxSymbols),
    lines,
  };
}

function validateText(text: string, options: AnalysisOptions): OatfDiagnostic[] {
  try {
    const parsed = parseRecovering(text, { maxBytes: options.maxBytes });
    const { errors, warnings } = validateRecovered(parsed, options.cel ? { cel: options.cel } : {});
    return [...errors, ...warnings];
  } catch (error) {
    // validate reports bad input itself; this is a bug, still shown and never thrown.
    const message = error instanceof Error ? error.message : String(error);
    return [
      {
        severity: "error",
        rule: "parse/syntax",
        code: "parse/syntax",
        message: `internal error while validating: ${message}`,
      },
    ];
  }
}
