// Where each character of a YAML string scalar's value is written in the source (flow scalars
// YAML 1.2 §7.3, block scalars YAML 1.2 §8.1), so a position inside the value (a CEL syntax
// error at 1:25, a regex error at offset 57, an unclosed `{{`) becomes a position in the file,
// through quoting, escapes, line folding and block indentation.

/** The `yaml` scalar styles (`Scalar.type`). */
export type ScalarStyle =
  | "PLAIN"
  | "QUOTE_SINGLE"
  | "QUOTE_DOUBLE"
  | "BLOCK_LITERAL"
  | "BLOCK_FOLDED";

export interface ValueOffsets {
  /** Source offset of value character k (both halves of an escaped surrogate pair: its escape). */
  at: number[];
  /** Source offset just after value character k's source. */
  after: number[];
}

/** Length of a double-quoted escape starting with `\` + `letter` (YAML 1.2 §5.7). */
const ESCAPE_LENGTH: Record<string, number> = { x: 4, u: 6, U: 10 };
const SIMPLE_ESCAPES: Record<string, string> = {
  "0": "\0",
  a: "\x07",
  b: "\b",
  t: "\t",
  "\t": "\t",
  n: "\n",
  v: "\v",
  f: "\f",
  r: "\r",
  e: "\x1b",
  " ": " ",
  '"': '"',
  "/": "/",
  "\\": "\\",
  N: "\u0085",
  _: "\u00a0",
  L: "\u2028",
  P: "\u2029",
};

function decodeEscape(source: string, i: number): { text: string; length: number } | undefined {
  const letter = source[i + 1];
  if (letter === undefined) return undefined;
  const hexLength = ESCAPE_LENGTH[letter];
  if (hexLength !== undefined) {
    const code = Number.parseInt(source.slice(i + 2, i + hexLength), 16);
    if (!Number.isFinite(code) || code > 0x10ffff) return undefined;
    return { text: String.fromCodePoint(code), length: hexLength };
  }
  const text = SIMPLE_ESCAPES[letter];
  return text === undefined ? undefined : { text, length: 2 };
}

const isBlank = (c: string | undefined) => c === " " || c === "\t";
const isBreak = (c: string | undefined) => c === "\n" || c === "\r";

/** Leading spaces of the first line of `text` that has anything but spaces. */
function firstIndent(text: string): number | undefined {
  const match = /^( *)[^ \n\r]/m.exec(text);
  return match ? match[1]!.length : undefined;
}

/**
 * Where a block scalar's content starts (after its header line; at `end` when it has no other
 * line, so only an empty value maps) and the indentation removed from each of its lines.
 */
function blockBody(source: string, start: number, end: number, value: string): [number, number] {
  const headerEnd = source.indexOf("\n", start);
  if (headerEnd < 0 || headerEnd >= end) return [end, 0];
  // Indentation removed from every line: what the first non-empty line has beyond its value.
  const written = firstIndent(source.slice(headerEnd + 1, end));
  const kept = firstIndent(value) ?? 0;
  return [headerEnd + 1, written === undefined ? 0 : Math.max(0, written - kept)];
}

/**
 * Reads the double-quoted escape at `source[i]` as the next characters of `value` (value
 * character k is the `at.length`-th): records where they are written and returns the offset
 * after the escape, or -1 when it does not produce them.
 */
function readEscape(
  source: string,
  i: number,
  value: string,
  at: number[],
  after: number[],
): number {
  if (isBreak(source[i + 1])) {
    // An escaped line break: it and the next line's leading blanks produce nothing.
    i += source[i + 1] === "\r" && source[i + 2] === "\n" ? 3 : 2;
    while (isBlank(source[i])) i++;
    return i;
  }
  const decoded = decodeEscape(source, i);
  const k = at.length;
  if (!decoded || value.slice(k, k + decoded.text.length) !== decoded.text) return -1;
  for (let n = 0; n < decoded.text.length; n++) {
    at.push(i);
    after.push(i + decoded.length);
  }
  return i + decoded.length;
}

/**
 * Maps `value` onto the scalar written at `source[start, end)` in `style`; undefined when the
 * walk does not reproduce the value.
 */
export function valueOffsets(
  source: string,
  start: number,
  end: number,
  style: ScalarStyle,
  value: string,
): ValueOffsets | undefined {
  const quoted = style === "QUOTE_SINGLE" || style === "QUOTE_DOUBLE";
  const block = style === "BLOCK_LITERAL" || style === "BLOCK_FOLDED";
  let i = quoted ? start + 1 : start;
  const limit = quoted ? end - 1 : end;
  let indent = 0;
  let lineStart = block;
  if (block) [i, indent] = blockBody(source, start, end, value);
  const at: number[] = [];
  const after: number[] = [];
  // Value character k is the next to place: at.length of them are placed.
  while (at.length < value.length) {
    if (i >= limit) return undefined;
    if (lineStart) {
      lineStart = false;
      for (let skipped = 0; skipped < indent && source[i] === " "; skipped++) i++;
      continue;
    }
    const c = value[at.length]!;
    const s = source[i]!;
    if (style === "QUOTE_DOUBLE" && s === "\\") {
      i = readEscape(source, i, value, at, after);
      if (i < 0) return undefined;
      continue;
    }
    if (style === "QUOTE_SINGLE" && s === "'" && source[i + 1] === "'") {
      if (c !== "'") return undefined;
      at.push(i);
      after.push(i + 2);
      i += 2;
      continue;
    }
    if (s === c || (isBreak(s) && (c === " " || c === "\n"))) {
      // As written; or a line break that folding turned into a space or kept as a newline.
      const crlf = s === "\r" && source[i + 1] === "\n";
      at.push(i);
      i += crlf ? 2 : 1;
      after.push(i);
      if (block && isBreak(s)) lineStart = true;
      continue;
    }
    if (isBlank(s) || isBreak(s)) {
      // Whitespace the value does not have here: trimmed by folding, or indentation.
      if (block && s === "\n") lineStart = true;
      i++;
      continue;
    }
    return undefined;
  }
  return { at, after };
}
