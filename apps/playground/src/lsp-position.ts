// Editor offsets as LSP positions (0-based line, UTF-16 character) and back, for the
// language worker's requests and replies.
import type { Text } from "@codemirror/state";
import type { Span } from "./language-protocol.js";

export function position(doc: Text, offset: number): Span["start"] {
  const line = doc.lineAt(offset);
  return { line: line.number - 1, character: offset - line.from };
}

/** The offset of an LSP position, clamped to the text. */
export function offset(doc: Text, at: Span["start"]): number {
  if (at.line + 1 > doc.lines) return doc.length;
  const line = doc.line(at.line + 1);
  return Math.min(line.from + at.character, line.to);
}
