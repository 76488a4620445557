// What `yaml`'s lexer emits, named: its marker characters and the token type of a lexeme,
// as `CST.tokenType` gives it. Taken from `yaml` 2.x's `CST` namespace, which cannot be
// imported in part: `import { CST }` puts all of it (scalar editing, CST stringify and visit,
// 4.6 kB minified) into every bundle that parses, for three constants and one function.
// test/lexeme.test.ts checks them against `CST` on every lexeme of varied YAML.

/** The byte order mark. */
export const BOM = "\u{FEFF}";
/** Start of document mode. */
export const DOCUMENT = "\x02";
/** Unexpected end of flow mode. */
export const FLOW_END = "\x18";
/** The next lexeme is a scalar's source. */
export const SCALAR = "\x1f";

/** The token type of a lexeme (`CST.tokenType`); null for a plain scalar's source. */
export function lexemeType(lexeme: string): string | null {
  switch (lexeme) {
    case BOM:
      return "byte-order-mark";
    case DOCUMENT:
      return "doc-mode";
    case FLOW_END:
      return "flow-error-end";
    case SCALAR:
      return "scalar";
    case "---":
      return "doc-start";
    case "...":
      return "doc-end";
    case "":
    case "\n":
    case "\r\n":
      return "newline";
    case "-":
      return "seq-item-ind";
    case "?":
      return "explicit-key-ind";
    case ":":
      return "map-value-ind";
    case "{":
      return "flow-map-start";
    case "}":
      return "flow-map-end";
    case "[":
      return "flow-seq-start";
    case "]":
      return "flow-seq-end";
    case ",":
      return "comma";
  }
  switch (lexeme[0]) {
    case " ":
    case "\t":
      return "space";
    case "#":
      return "comment";
    case "%":
      return "directive-line";
    case "*":
      return "alias";
    case "&":
      return "anchor";
    case "!":
      return "tag";
    case "'":
      return "single-quoted-scalar";
    case '"':
      return "double-quoted-scalar";
    case "|":
    case ">":
      return "block-scalar-header";
  }
  return null;
}
