// The top-level keys of a YAML text's first document, read from `yaml`'s lexer one token at a
// time, so a caller looking for one key stops as soon as it is seen. Neither `yaml`'s parser nor
// its composer runs: the parser recurses on dedent and overflows the stack on a few thousand
// nested levels, and both read the whole document first. The lexer is iterative and lazy.
import { CST, Lexer } from "yaml";

/** Lexer markers that stand for no source text (and so take no column). */
const ZERO_WIDTH = new Set([CST.BOM, CST.DOCUMENT, CST.FLOW_END, CST.SCALAR]);
/** Tokens that are not content: they neither start a node nor end a key. */
const LAYOUT = new Set(["space", "comment", "directive-line", "doc-mode", "byte-order-mark"]);

/**
 * Yields, in order, each key of the first document's top-level mapping (block, or flow as in
 * JSON) written as a plain or quoted scalar, as written between its quotes (escapes are not
 * resolved). Yields nothing when that document is not a mapping.
 */
export function* topLevelKeys(text: string): Generator<string> {
  let column = 0; // where the current lexeme starts on its line
  let lineStart: number | undefined; // column of the line's first content lexeme
  let root: { flow: boolean; column: number } | undefined;
  let flow = 0; // flow collection nesting
  let plain = false; // the lexeme follows a scalar marker: a plain or block scalar's source
  let key: string | undefined; // a scalar that is a top-level key if a `:` follows
  let explicitKey = false; // after a top-level `?`
  let valueSeen = false; // a `:` already on this line (block) or in this entry (flow)

  for (const lexeme of new Lexer().lex(text)) {
    if (lexeme === CST.SCALAR) plain = true;
    if (ZERO_WIDTH.has(lexeme)) continue;
    const start = column;
    const endsLine = lexeme.includes("\n");
    column = endsLine ? lexeme.length - lexeme.lastIndexOf("\n") - 1 : column + lexeme.length;
    const type = plain ? "scalar" : (CST.tokenType(lexeme) ?? "");
    plain = false;
    if (type === "doc-start" || type === "doc-end") {
      if (root) return; // the first document is over
    } else if (type !== "newline" && !LAYOUT.has(type)) {
      if (flow === 0) lineStart ??= start;
      if (!root) {
        if (type === "seq-item-ind" || type === "flow-seq-start") return; // not a mapping
        root = { flow: type === "flow-map-start", column: start };
      }
      // A key of the root: in a block root, on a line starting at the root's column (flow level
      // 0) before any `:` of that line; in a flow root, directly inside its braces.
      const atRoot = root.flow ? flow === 1 : flow === 0 && lineStart === root.column;
      let candidate: string | undefined;
      switch (type) {
        case "flow-map-start":
        case "flow-seq-start":
          flow++;
          break;
        case "flow-map-end":
        case "flow-seq-end":
          flow = Math.max(0, flow - 1);
          if (root.flow && flow === 0) return;
          break;
        case "flow-error-end":
          if (root.flow) return;
          flow = 0;
          break;
        case "map-value-ind":
          if (key !== undefined) yield key;
          if (atRoot) valueSeen = true;
          break;
        case "comma":
          if (root.flow && flow === 1) valueSeen = false;
          break;
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
          if (atRoot && !valueSeen) {
            const name = /^(["'])(.*)\1$/s.exec(lexeme)?.[2] ?? lexeme;
            if (explicitKey) yield name;
            else candidate = name; // a key if the next token is `:`
          }
          break;
      }
      key = candidate;
      explicitKey = type === "explicit-key-ind" && atRoot && !valueSeen;
    }
    if (endsLine) {
      lineStart = undefined;
      // A block key and its `:` share a line; a flow (JSON) entry may span lines.
      if (!root?.flow) [key, valueSeen] = [undefined, false];
    }
  }
}
