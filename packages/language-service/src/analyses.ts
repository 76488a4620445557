// The analyses a language service keeps: the latest version of each document, least recently
// used dropped first, and how a newer version typed on one line relates to the last analysis.
import type { TextDocument } from "vscode-languageserver-textdocument";
import { type Analysis, type AnalysisOptions, analyse } from "./analysis.js";
import { type LineEdit, lineEdit } from "./line-edit.js";

export class Analyses {
  /** Least recently used first (a Map keeps insertion order; a hit re-inserts). */
  readonly #cache = new Map<string, Analysis>();

  constructor(
    private readonly maxDocuments: number,
    private readonly maxBytes: number,
    private readonly options: AnalysisOptions,
  ) {}

  /** The analysis of this version (the same version of the same text is reused). */
  get(document: TextDocument): Analysis {
    const cached = this.#cache.get(document.uri);
    this.#cache.delete(document.uri);
    const analysis =
      cached && cached.document.version === document.version && cached.text === document.getText()
        ? cached
        : analyse(document, this.options);
    this.#cache.set(document.uri, analysis);
    if (this.#cache.size > this.maxDocuments) {
      this.#cache.delete(this.#cache.keys().next().value as string);
    }
    return analysis;
  }

  /**
   * A newer version typed on one line since the last analysis of its document: that analysis
   * and the edit (line-edit.ts), without reading the new text; undefined otherwise.
   */
  typedSince(document: TextDocument): { base: Analysis; edit: LineEdit } | undefined {
    const base = this.#cache.get(document.uri);
    if (!base || base.tree === undefined || document.version <= base.document.version) {
      return undefined;
    }
    const text = document.getText();
    const edit = text.length > this.maxBytes ? undefined : lineEdit(base.text, text);
    return edit && { base, edit };
  }

  /** Forgets the analyses of a closed document. */
  close(uri: string): void {
    this.#cache.delete(uri);
  }
}
