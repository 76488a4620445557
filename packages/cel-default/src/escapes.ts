// Escape sequences in string and bytes literals, checked against the CEL grammar (langdef,
// "Syntax"). @bufbuild/cel's parser reads an unknown escape such as `\q` or `\400` as a
// literal backslash followed by text, so `'\q' == 'q'` would pass `check` (V-014); it also
// reports `'\x4'` as "Invalid code point NaN" without a position. CEL allows only:
//
//   \a \b \f \n \r \t \v \" \' \\ \? \`   \xHH (or \XHH)   \[0-3][0-7][0-7]
//   \uHHHH and \UHHHHHHHH, in strings only (not bytes), naming a code point up to U+10FFFF
//   that is not a surrogate (U+D800 to U+DFFF)
//
// Raw literals (prefix r or R) process no escapes. This is a plain scanner over the source:
// it skips `//` comments, finds each quoted literal with its prefix letters (r/R, b/B, in
// either order) and checks every backslash in a non-raw literal. A literal left unterminated
// stops the scan: the parser reports that, at the literal.
//
// The same pass measures the source for the static limits before it is parsed (parsing costs
// about 50 µs per token, so a 10,000-character expression took half a second to reject): it
// counts the identifiers and literals, each of which becomes at least one AST node (give or
// take a macro variable or a message field name), and the deepest nesting of brackets.

export interface EscapeError {
  message: string;
  /** UTF-16 offset of the backslash in the source. */
  offset: number;
}

const SIMPLE_ESCAPES = "abfnrtv\"'\\?`";
const HEX = /^[0-9a-fA-F]+$/;
/** Tested on the one to three digits after a backslash. */
const OCTAL = /[0-3][0-7][0-7]/;

export interface SourceScan {
  /** The first invalid escape sequence in a string or bytes literal. */
  escape?: EscapeError;
  /** Identifiers, keywords and literals (up to an unterminated literal, which ends the scan). */
  operands: number;
  /** Deepest nesting of (), [] and {}. */
  depth: number;
  /** Where the literal that is never closed starts (its prefix included); the scan ends there. */
  unterminated?: number;
  /** The source ends inside a `//` comment (no line break after it). */
  endsInComment?: boolean;
}

const COMMENT = /\/\/[^\n\r]*/y;
const WORD = /[A-Za-z_]\w*/y;
/** The prefixes of a literal: raw (r), bytes (b), or both in either order. */
const PREFIX = /^(?:[rRbB]|[rR][bB]|[bB][rR])$/;
/** A number literal as the parser reads it: `0x1F`, `7u`, `1.5`, `2e-3` (`1.e5` selects `e5`). */
const NUMBER = /0x[0-9a-fA-F]+[uU]?|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?[uU]?/y;

/** Called with each bracket outside literals and comments, and its offset. */
export type BracketVisitor = (bracket: string, offset: number) => void;

/** Scans the source once: escapes, operand count and bracket depth (and each bracket to `onBracket`). */
export function scanSource(source: string, onBracket?: BracketVisitor): SourceScan {
  const scan: SourceScan = { operands: 0, depth: 0 };
  let open = 0;
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (source.startsWith("//", i)) {
      i = skip(COMMENT, source, i); // a comment runs to the end of the line
      if (i === source.length) scan.endsInComment = true;
    } else if (/[A-Za-z_]/.test(c)) {
      // A word: an identifier, a keyword, or the prefix of the literal right after it.
      const start = i;
      i = skip(WORD, source, i);
      const word = source.slice(start, i);
      scan.operands++;
      if (isQuote(source[i]) && PREFIX.test(word)) {
        const literal = scanLiteral(source, i, {
          raw: /[rR]/.test(word),
          bytes: /[bB]/.test(word),
        });
        if (literal.end === undefined) return ended(scan, literal, start);
        i = literal.end;
      }
    } else if (isQuote(c)) {
      scan.operands++;
      const literal = scanLiteral(source, i, {}); // no prefix: neither raw nor bytes
      if (literal.end === undefined) return ended(scan, literal, i);
      i = literal.end;
    } else if (c >= "0" && c <= "9") {
      scan.operands++;
      i = skip(NUMBER, source, i);
    } else {
      if (c === "(" || c === "[" || c === "{") {
        scan.depth = Math.max(scan.depth, ++open);
        onBracket?.(c, i);
      } else if (c === ")" || c === "]" || c === "}") {
        open = Math.max(0, open - 1);
        onBracket?.(c, i);
      }
      i++;
    }
  }
  return scan;
}

/** The scan so far, ended at the literal at `start`: a bad escape, or a literal never closed. */
function ended(scan: SourceScan, literal: { error?: EscapeError }, start: number): SourceScan {
  return literal.error ? { ...scan, escape: literal.error } : { ...scan, unterminated: start };
}

/** The offset just past the match of the sticky `token` at `i` (the caller saw it start). */
function skip(token: RegExp, source: string, i: number): number {
  token.lastIndex = i;
  token.test(source);
  return token.lastIndex;
}

function isQuote(c: string | undefined): boolean {
  return c === "'" || c === '"';
}

interface Kind {
  raw?: boolean;
  bytes?: boolean;
}

/**
 * Scans the literal whose opening quote is at `start`. Returns the offset just past its
 * closing quote, or (without an end) the first invalid escape in it; neither when it is
 * unterminated.
 */
function scanLiteral(
  source: string,
  start: number,
  kind: Kind,
): { end?: number; error?: EscapeError } {
  const quote = source[start]!;
  const triple = source.startsWith(quote.repeat(3), start);
  const close = triple ? quote.repeat(3) : quote;
  let error: EscapeError | undefined;
  let i = start + close.length;
  while (i < source.length) {
    if (source.startsWith(close, i)) return error ? { error } : { end: i + close.length };
    const c = source[i]!;
    // Only triple-quoted literals may span lines.
    if (!triple && (c === "\n" || c === "\r")) return {};
    if (c === "\\" && !kind.raw) {
      if (i + 1 >= source.length) return {};
      const read = readEscape(source, i, kind.bytes);
      // Skip a bad escape's backslash only: what follows may still close the literal.
      if (typeof read === "string") error ??= { message: read, offset: i };
      i += typeof read === "number" ? read : 1;
    } else {
      i++;
    }
  }
  return {};
}

/**
 * Reads the escape whose backslash is at `at`: its length when it is valid, else what is
 * wrong with it.
 */
function readEscape(source: string, at: number, bytes?: boolean): number | string {
  const c = source[at + 1]!;
  if (SIMPLE_ESCAPES.includes(c)) return 2;
  if (c === "x" || c === "X") {
    // Fewer digits than asked for can only be the end of the source, in a literal left
    // unterminated, which the scan leaves to the parser: HEX alone decides.
    const digits = source.slice(at + 2, at + 4);
    return HEX.test(digits)
      ? 4
      : `invalid escape sequence: \\${c} must be followed by two hex digits`;
  }
  if (c === "u" || c === "U") {
    if (bytes) {
      return `invalid escape sequence: \\${c} is not allowed in a bytes literal (use \\x or an octal escape)`;
    }
    const count = c === "u" ? 4 : 8;
    const digits = source.slice(at + 2, at + 2 + count);
    if (!HEX.test(digits)) {
      return `invalid escape sequence: \\${c} must be followed by ${count === 4 ? "four" : "eight"} hex digits`;
    }
    const codePoint = Number.parseInt(digits, 16);
    if (codePoint > 0x10ffff) {
      return `invalid escape sequence: \\${c}${digits} is beyond the last code point U+10FFFF`;
    }
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) {
      return `invalid escape sequence: \\${c}${digits} is a surrogate code point (U+D800 to U+DFFF)`;
    }
    return 2 + count;
  }
  if (c >= "0" && c <= "9") {
    const digits = /[0-9]+/.exec(source.slice(at + 1, at + 4))![0];
    return OCTAL.test(digits)
      ? 4
      : `invalid escape sequence: \\${digits} (an octal escape is three octal digits from \\000 to \\377)`;
  }
  if (c === "\n" || c === "\r") return "invalid escape sequence: a backslash cannot end a line";
  return `invalid escape sequence: \\${String.fromCodePoint(source.codePointAt(at + 1)!)}`;
}
