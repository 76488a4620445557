// One analysis per document version: the SDK's own check of a text (`checkText`: the
// diagnostics, exactly what `oatf validate` reports, with the data behind them, computed when
// first asked for), the YAML tree for cursor questions, and the symbol index. The text is read
// as YAML once (`readYaml`): the tree is the one the check parses. Computed once per version
// and kept by the service, so hover, completion and code actions on the same version reuse it.
import { type CelEvaluator, readYaml, type YamlText } from "@oatf/model";
import { checkRead, checkText, type Finding } from "@oatf/validate/text";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { indexSymbols, type SymbolIndex } from "./symbols.js";
import { parseTree, type YamlDocument } from "./yaml-tree.js";

/** What cursor questions read of a version: its text and its structure. */
export interface TextView {
  readonly text: string;
  readonly document: TextDocument;
  /** Undefined when the text is over the size limit (then only a diagnostic is given). */
  readonly tree: YamlDocument | undefined;
  readonly symbols: SymbolIndex;
  /** The text split in lines (completion reads indentation). */
  readonly lines: string[];
}

export interface Analysis extends TextView {
  /**
   * Errors then warnings, as `validate` over the text returns them, with their data (computed
   * when first read).
   */
  readonly findings: Finding[];
}

export interface AnalysisOptions {
  cel?: CelEvaluator | undefined;
  maxBytes: number;
  maxSymbols: number;
  validate: boolean;
}

/**
 * Read `document` as YAML; validated when its findings are first read, its names indexed and
 * its lines split when first asked for (the server's validation after a burst of edits needs
 * neither, a completion no validation). Never throws: a failure becomes a diagnostic.
 */
export function analyse(document: TextDocument, options: AnalysisOptions): Analysis {
  const text = document.getText();
  const read =
    text.length > options.maxBytes ? undefined : readYaml(text, { maxBytes: options.maxBytes });
  const tree = read === undefined ? undefined : treeOf(read);
  let findings: Finding[] | undefined;
  let symbols: SymbolIndex | undefined;
  let lines: string[] | undefined;
  return {
    text,
    document,
    get findings() {
      findings ??= options.validate ? check(read ?? text, options) : [];
      return findings;
    },
    tree,
    get symbols() {
      symbols ??= indexSymbols(tree, text, tree === undefined ? 0 : options.maxSymbols);
      return symbols;
    },
    get lines() {
      lines ??= splitLines(text);
      return lines;
    },
  };
}

export function splitLines(text: string): string[] {
  return text.split(/\r?\n|\r/);
}

/**
 * The tree of what `readYaml` read; the editor's own reading when it refused the text (a
 * limit, a control character: hover and outline still work) or counts offsets from after a
 * byte order mark (the editor counts from the start).
 */
function treeOf(read: YamlText): YamlDocument | undefined {
  return read.tree === undefined || read.text.startsWith("\ufeff")
    ? parseTree(read.text)
    : read.tree;
}

function check(text: string | YamlText, options: AnalysisOptions): Finding[] {
  try {
    const checkOptions = { maxBytes: options.maxBytes, cel: options.cel };
    return (
      typeof text === "string" ? checkText(text, checkOptions) : checkRead(text, checkOptions)
    ).findings;
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
