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
  let lineStart = false;
  if (block) {
    const headerEnd = source.indexOf("\n", start);
    if (headerEnd < 0 || headerEnd >= end) return value === "" ? { at: [], after: [] } : undefined;
    i = headerEnd + 1;
    const body = source.slice(i, end);
    // Indentation removed from every line: what the first non-empty line has beyond its value.
    const written = firstIndent(body);
    const kept = firstIndent(value) ?? 0;
    indent = written === undefined ? 0 : Math.max(0, written - kept);
    lineStart = true;
  }
  const at: number[] = [];
  const after: number[] = [];
  let k = 0;
  while (k < value.length) {
    if (i >= limit) return undefined;
    if (lineStart) {
      lineStart = false;
      let skipped = 0;
      while (skipped < indent && source[i] === " ") [i, skipped] = [i + 1, skipped + 1];
      continue;
    }
    const c = value[k]!;
    const s = source[i]!;
    if (style === "QUOTE_DOUBLE" && s === "\\") {
      if (isBreak(source[i + 1])) {
        // An escaped line break: it and the next line's leading blanks produce nothing.
        i += source[i + 1] === "\r" && source[i + 2] === "\n" ? 3 : 2;
        while (isBlank(source[i])) i++;
        continue;
      }
      const decoded = decodeEscape(source, i);
      if (!decoded || value.slice(k, k + decoded.text.length) !== decoded.text) return undefined;
      for (let n = 0; n < decoded.text.length; n++) {
        at.push(i);
        after.push(i + decoded.length);
      }
      k += decoded.text.length;
      i += decoded.length;
      continue;
    }
    if (style === "QUOTE_SINGLE" && s === "'" && source[i + 1] === "'") {
      if (c !== "'") return undefined;
      at.push(i);
      after.push(i + 2);
      [k, i] = [k + 1, i + 2];
      continue;
    }
    if (s === c || (isBreak(s) && (c === " " || c === "\n"))) {
      // As written; or a line break that folding turned into a space or kept as a newline.
      const crlf = s === "\r" && source[i + 1] === "\n";
      at.push(i);
      after.push(i + (crlf ? 2 : 1));
      k++;
      i += crlf ? 2 : 1;
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
