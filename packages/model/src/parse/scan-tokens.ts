// Lexes YAML once, feeding `yaml`'s parser token by token, and stops before the parser sees
// more than `maxNodes` nodes or block nesting deeper than MAX_DEPTH: the parser recurses on
// dedent, so thousands of nested levels would overflow the stack inside it (load-yaml.ts).
//
// Block depth is estimated from indentation, by a state machine over the lexemes:
//
//   state: columns  the columns of the open block levels, increasing
//          flow     how many flow collections are open
//          at line start (only indentation so far on this line) | mid-line
//
//   newline                       → at line start
//   `---`, `...`                  → columns emptied; mid-line
//   `{`, `[`                      → flow + 1, then opens a node
//   `}`, `]`                      → flow − 1 (not below 0)
//   an unclosed flow ends         → flow 0 (the lexer is back in block mode)
//   space, comment, directive     → (no change)
//   a node's first token          → outside flow, at line start (or a `-`, `?` indicator,
//                                   which always opens a level): the columns right of its
//                                   own popped, its own pushed; then mid-line
//
// Too deep when columns + flow > MAX_DEPTH + 1: it overcounts a leaf scalar on its own line
// by one level at most; the exact check runs on the parsed tokens afterwards.
import { type CST, Lexer, type LineCounter, Parser } from "yaml";
import { MAX_DEPTH } from "../limits.js";
import { DOCUMENT, FLOW_END, lexemeType, SCALAR } from "./lexeme.js";

export const TOO_DEEP = `collections are nested more than ${MAX_DEPTH} levels deep`;

export type Scan =
  | { ok: true; tokens: CST.Token[] }
  | { ok: false; message: string; offset: number };

// What a token does to the state, by type (bits): any other type (a plain scalar's source,
// `:`, `,`, an anchor, a tag, a block scalar's header) is a node's first token, OPENS.
const NODE = 1; // counts toward maxNodes
const OPENS = 2;
const INDICATOR = 4;
const NEWLINE = 8;
const DOCUMENT_BOUNDARY = 16;
const FLOW_START = 32;
const FLOW_CLOSE = 64;
const FLOW_LOST = 128;
const ROLES: Record<string, number> = {
  newline: NEWLINE,
  space: 0,
  comment: 0,
  "directive-line": 0,
  "byte-order-mark": 0,
  "doc-mode": 0,
  "flow-error-end": FLOW_LOST,
  "doc-start": DOCUMENT_BOUNDARY,
  "doc-end": DOCUMENT_BOUNDARY,
  scalar: NODE,
  "flow-map-start": NODE | OPENS | FLOW_START,
  "flow-seq-start": NODE | OPENS | FLOW_START,
  "flow-map-end": FLOW_CLOSE,
  "flow-seq-end": FLOW_CLOSE,
  // The item or key counts when its scalar or collection comes.
  "seq-item-ind": OPENS | INDICATOR,
  "explicit-key-ind": OPENS | INDICATOR,
  alias: NODE | OPENS,
  "single-quoted-scalar": NODE | OPENS,
  "double-quoted-scalar": NODE | OPENS,
};

/** The tokens of `input`, or where the scan stopped and why. */
export function scanTokens(input: string, lineCounter: LineCounter, maxNodes: number): Scan {
  const parser = new Parser(lineCounter.addNewLine);
  lineCounter.addNewLine(0);
  const tokens: CST.Token[] = [];
  const columns: number[] = [];
  let flow = 0;
  let nodes = 0;
  let offset = 0;
  let lineStart = 0;
  let atLineStart = true;
  for (const lexeme of new Lexer().lex(input)) {
    const start = offset;
    const isMarker = lexeme === SCALAR || lexeme === DOCUMENT || lexeme === FLOW_END;
    if (!isMarker) {
      offset += lexeme.length;
      // lastIndexOf is a slow call into the runtime; most lexemes hold no line break.
      const newline =
        lexeme === "\n" ? 0 : lexeme.indexOf("\n") < 0 ? -1 : lexeme.lastIndexOf("\n");
      if (newline >= 0) lineStart = start + newline + 1;
    }
    const type = lexemeType(lexeme);
    const role = type === null ? OPENS : (ROLES[type] ?? OPENS);
    if (role & NODE) nodes++;
    if (role & NEWLINE) atLineStart = true;
    if (role & DOCUMENT_BOUNDARY) {
      columns.length = 0;
      atLineStart = false;
    }
    if (role & FLOW_START) flow++;
    if (role & FLOW_CLOSE) flow = Math.max(0, flow - 1);
    if (role & FLOW_LOST) flow = 0;
    if (role & OPENS) {
      if (flow === 0 && (role & INDICATOR || atLineStart)) {
        const column = start - lineStart;
        while (columns.length > 0 && columns[columns.length - 1]! > column) columns.pop();
        if (columns.length === 0 || columns[columns.length - 1]! < column) columns.push(column);
      }
      if (columns.length + flow > MAX_DEPTH + 1)
        return { ok: false, message: TOO_DEEP, offset: start };
      atLineStart = false;
    }
    if (nodes > maxNodes) {
      return {
        ok: false,
        message: `the input has more than ${maxNodes} YAML nodes (the \`maxNodes\` limit)`,
        offset: start,
      };
    }
    // Stepped by hand: most lexemes complete no token, and for-of's iterator protocol cost more.
    const step = parser.next(lexeme);
    for (let next = step.next(); !next.done; next = step.next()) tokens.push(next.value);
  }
  for (const token of parser.end()) tokens.push(token);
  return { ok: true, tokens };
}
