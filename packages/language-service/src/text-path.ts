// Where the cursor is, read from indentation: the dot-path of the mapping a key typed on
// this line would belong to. Completion needs this where the YAML tree has nothing yet (an
// empty line, a half-typed key that YAML reads as part of the previous scalar). Block style
// only, which is how OATF documents are written; bounded by the lines above the cursor.
import type { Segment } from "./schema.js";

/** A key or list item opened on a line, at its column. */
interface Opener {
  column: number;
  key?: string;
  /** Whether the key has a value on the same line (then it opens nothing below). */
  inline?: boolean;
}

const KEY = /^([^\s#'"{}[\],&*!|>][^:#]*?|"[^"]*"|'[^']*')\s*:(?:\s+(.*))?$/;

/** The keys and list items a line opens, left to right. */
function openers(line: string): Opener[] {
  const out: Opener[] = [];
  let column = line.length - line.trimStart().length;
  let rest = line.slice(column);
  while (rest.startsWith("-") && (rest.length === 1 || rest[1] === " ")) {
    out.push({ column });
    const skip = 1 + (rest.slice(1).length - rest.slice(1).trimStart().length);
    column += skip;
    rest = rest.slice(skip);
  }
  const key = KEY.exec(rest.trimEnd());
  if (key) {
    const value = (key[2] ?? "").replace(/\s+#.*$/, "").trim();
    // A block scalar indicator or an anchor/tag alone still opens the lines below.
    const inline = value !== "" && !/^[|>][-+0-9]*$/.test(value) && !/^[&!]\S*$/.test(value);
    out.push({ column, key: (key[1] as string).replace(/^["']|["']$/g, ""), inline });
  }
  return out;
}

function isBlank(line: string): boolean {
  const trimmed = line.trim();
  return trimmed === "" || trimmed.startsWith("#");
}

/** What a key typed at the cursor belongs to. */
export interface KeyContext {
  /** Path of the mapping the key goes in. */
  path: Segment[];
  /** The partial key typed before the cursor. */
  prefix: string;
  /** Offset where the partial key starts. */
  start: number;
}

/**
 * The key context at (line, character) when the text before the cursor is indentation,
 * list dashes and a partial key; undefined elsewhere (a value, a comment, flow style).
 */
export function keyContext(
  lines: readonly string[],
  line: number,
  character: number,
  lineOffset: number,
): KeyContext | undefined {
  const current = (lines[line] ?? "").slice(0, character);
  const match = /^(\s*(?:-\s+)*)([\w$-]*)$/.exec(current);
  if (!match) return undefined;
  const prefix = match[2] as string;
  const lead = match[1] as string;
  // The dashes on this line open list items; the key sits after them.
  const own = openers(`${lead}x: 1`).filter((o) => o.key === undefined);
  const column = lead.length;
  const parents = enclosing(lines, line, column, own);
  return parents ? { path: parents, prefix, start: lineOffset + lead.length } : undefined;
}

/**
 * The path of the block collection a node at `column` on line `line` sits in. `own` are
 * list items opened earlier on that same line.
 */
function enclosing(
  lines: readonly string[],
  line: number,
  column: number,
  own: Opener[],
): Segment[] | undefined {
  const segments: Segment[] = [];
  let limit = column;
  // Items opened on the cursor's own line, innermost first.
  for (const item of [...own].reverse()) {
    segments.unshift(countItems(lines, line, item.column) - 1);
    limit = item.column;
  }
  for (let l = line - 1; l >= 0 && limit > 0; l--) {
    const text = lines[l] as string;
    if (isBlank(text)) continue;
    const found = openers(text);
    const indent = text.length - text.trimStart().length;
    if (found.length === 0 && indent < limit) return undefined; // a scalar line less indented: not block structure
    for (const opener of [...found].reverse()) {
      if (opener.column >= limit) continue;
      if (opener.key !== undefined) {
        if (opener.inline) return undefined; // `key: value` opens nothing below
        segments.unshift(opener.key);
      } else {
        segments.unshift(countItems(lines, l, opener.column) - 1);
      }
      limit = opener.column;
    }
  }
  return limit === 0 ? segments : undefined;
}

/** How many list items at `column` open on lines up to `line`, in the same list. */
function countItems(lines: readonly string[], line: number, column: number): number {
  let count = 0;
  for (let l = line; l >= 0; l--) {
    const text = lines[l] as string;
    if (isBlank(text)) continue;
    const indent = text.length - text.trimStart().length;
    if (indent < column) break;
    if (indent === column) {
      if (!/^-(\s|$)/.test(text.trimStart())) break;
      count++;
    }
  }
  return count;
}

/** What a value typed at the cursor belongs to: `key: partial` or `- partial` after it. */
export interface ValueContext {
  path: Segment[];
  prefix: string;
}

/** The path of the value being typed after `key:` on this line; undefined elsewhere. */
export function valueContext(
  lines: readonly string[],
  line: number,
  character: number,
): ValueContext | undefined {
  const current = (lines[line] ?? "").slice(0, character);
  const match = /^(\s*(?:-\s+)*)([\w$-]+|"[^"]*"|'[^']*')\s*:\s+(["']?)([^"'#]*)$/.exec(current);
  if (!match) return undefined;
  const lead = match[1] as string;
  const own = openers(`${lead}x: 1`).filter((o) => o.key === undefined);
  const parents = enclosing(lines, line, lead.length, own);
  if (!parents) return undefined;
  const key = (match[2] as string).replace(/^["']|["']$/g, "");
  return { path: [...parents, key], prefix: match[4] as string };
}
