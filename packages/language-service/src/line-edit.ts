// Typing: a newer version of a document that differs from its last analysis on one line only.
// Completion and hover answer from that analysis instead of reading the whole text again (a
// 2,000-line document takes ~25 ms to read, an answer while typing should take a few): the
// text around the cursor is the new one, the structure (YAML tree, names, diagnostics) the
// analysed one, offsets mapped across the edit. The next version analysed in full (the
// server's validation after a burst of edits) becomes the analysis edits are measured from.
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { Hover, Position } from "vscode-languageserver-types";
import { type Analysis, splitLines, type TextView } from "./analysis.js";
import type { SymbolIndex } from "./symbols.js";

/** `[start, before)` of the analysed text became `[start, after)` of the new one. */
export interface LineEdit {
  start: number;
  before: number;
  after: number;
}

const LINE_BREAK = /[\r\n]/;

/** The one-line edit from `before` to `after`; undefined when a line break was added or removed. */
export function lineEdit(before: string, after: string): LineEdit | undefined {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let tail = 0;
  while (
    tail < shorter - start &&
    before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)
  )
    tail++;
  const edit = { start, before: before.length - tail, after: after.length - tail };
  const removed = before.slice(start, edit.before);
  const added = after.slice(start, edit.after);
  return LINE_BREAK.test(removed) || LINE_BREAK.test(added) ? undefined : edit;
}

/** An offset of the new text in the analysed one; undefined inside the edit. */
function toBefore(edit: LineEdit, offset: number): number | undefined {
  if (offset <= edit.start) return offset;
  if (offset >= edit.after) return offset - edit.after + edit.before;
  return undefined;
}

/** An offset of the analysed text in the new one (inside the edit: where it starts). */
function toAfter(edit: LineEdit, offset: number): number {
  if (offset <= edit.start) return offset;
  if (offset >= edit.before) return offset + edit.after - edit.before;
  return edit.start;
}

/** The names outside the edit, at their new offsets (a name the edit touches is left out). */
function shiftSymbols(symbols: SymbolIndex, edit: LineEdit): SymbolIndex {
  const shift = edit.after - edit.before;
  const occurrences = [];
  for (const o of symbols.occurrences) {
    if (o.end < edit.start) occurrences.push(o);
    else if (o.start > edit.before)
      occurrences.push({ ...o, start: o.start + shift, end: o.end + shift });
  }
  return { occurrences };
}

/**
 * What completion reads of `document`, with the structure of `base` (its tree is read by
 * path only: its offsets are the analysed text's).
 */
export function viewAcross(base: Analysis, document: TextDocument, edit: LineEdit): TextView {
  const text = document.getText();
  return {
    text,
    document,
    lines: splitLines(text),
    tree: base.tree,
    symbols: shiftSymbols(base.symbols, edit),
  };
}

/**
 * The hover `answer` gives on `base` at the same text as `position` of `document`, its range
 * mapped back; undefined when the cursor is inside the edit (the new text must be read).
 */
export function hoverAcross(
  base: Analysis,
  document: TextDocument,
  edit: LineEdit,
  position: Position,
  answer: (analysis: Analysis, position: Position) => Hover | null,
): Hover | null | undefined {
  const offset = toBefore(edit, document.offsetAt(position));
  if (offset === undefined) return undefined;
  const result = answer(base, base.document.positionAt(offset));
  if (!result?.range) return result;
  const moved = (p: Position) => document.positionAt(toAfter(edit, base.document.offsetAt(p)));
  return { ...result, range: { start: moved(result.range.start), end: moved(result.range.end) } };
}
