// One analysis per document version: the SDK's own check of a text (`checkText`: the
// diagnostics, exactly what `oatf validate` reports, with the data behind them), the YAML
// tree for cursor questions, and the symbol index. Computed once and kept in a bounded cache
// (LruCache), so hover, completion and code actions on the same version reuse it.
import type { CelEvaluator } from "@oatf/model";
import { checkText, type Finding } from "@oatf/validate/text";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { indexSymbols, type SymbolIndex } from "./symbols.js";
import { parseTree, type YamlDocument } from "./yaml-tree.js";

export interface Analysis {
  text: string;
  document: TextDocument;
  /** Errors then warnings, as `validate` over the text returns them, with their data. */
  findings: Finding[];
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

/** Parse, validate and index `document`. Never throws: a failure becomes a diagnostic. */
export function analyse(document: TextDocument, options: AnalysisOptions): Analysis {
  const text = document.getText();
  const lines = text.split(/\r?\n|\r/);
  const findings = options.validate ? check(text, options) : [];
  if (text.length > options.maxBytes) {
    return {
      text,
      document,
      findings,
      tree: undefined,
      symbols: indexSymbols(undefined, text, 0),
      lines,
    };
  }
  const tree = parseTree(text);
  return {
    text,
    document,
    findings,
    tree,
    symbols: indexSymbols(tree, text, options.maxSymbols),
    lines,
  };
}

function check(text: string, options: AnalysisOptions): Finding[] {
  try {
    return checkText(text, { maxBytes: options.maxBytes, cel: options.cel }).findings;
  } catch (error) {
    // checkText reports bad input itself; this is a bug, still shown and never thrown.
    const message = error instanceof Error ? error.message : String(error);
    return [
      {
        diagnostic: {
          severity: "error",
          rule: "parse/syntax",
          code: "parse/syntax",
          message: `internal error while validating: ${message}`,
        },
      },
    ];
  }
}
