// Where a parse went wrong, for `check` (V-014). @bufbuild/cel's parser keeps the longest
// prefix that reads as a whole expression and, when text is left after it, reports the start
// of that text: `size(message.arguments` is "found ( but expecting end of input" at the `(`,
// and the failure that stopped the call, at the end of the input, is lost. The same happens
// inside lists, maps and calls ("found ( but expecting ',' or ']'").
//
// So when the parser stops at an opening bracket, the problem is inside the brackets, or the
// bracket is never closed; when it stops at a binary operator, in what follows the operator;
// at a `.`, in the selection or call after it. Each such part is parsed again on its own and
// its error reported at its place in the whole source, recursively. The source has passed the
// static limits, and the parts parsed again add up to a few times its length at most.
import { parse } from "@bufbuild/cel";
import { scanSource } from "./escapes.js";
import { offsetToPosition } from "./position.js";

export interface ParseProblem {
  message: string;
  /** UTF-16 offset in the source. */
  offset: number;
}

/** What @bufbuild/cel's parser throws on a syntax error. */
interface ParserError {
  rawMessage?: string;
  location?: { start: { offset: number } };
  expected?: { type: string; value: string }[];
  found?: string;
}

const CLOSERS: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
const BINARY_OPERATOR = /\|\||&&|==|!=|<=|>=|<|>|\+|-|\*|\/|%|in(?![\w])/y;
const IDENTIFIER = /\s*[A-Za-z_]\w*\s*/y;
/** What the parser expects where an operand may start. */
const OPERAND_STARTS = new Set([
  "'!'",
  "'('",
  "'-'",
  "'.'",
  "'['",
  "'{'",
  "boolean literal",
  "bytes literal",
  "float literal",
  "identifier",
  "integer literal",
  "null literal",
  "selector",
  "string literal",
  "unsigned integer literal",
]);
/** Re-parsed characters allowed, in multiples of the source's length. */
const REPARSE_FACTOR = 4;

interface Brackets {
  /** Offset of each opening bracket that is closed -> offset of its closing bracket. */
  pairs: Map<number, number>;
  /**
   * The first bracket never closed, closed by the wrong bracket, or closing nothing, or a
   * string literal never closed (nothing after it is a bracket).
   */
  problem?: ParseProblem & {
    /** The parser stops at [offset, through] on this problem (a literal's prefix and quote). */
    through: number;
  };
}

/**
 * The error of `error`, thrown by the parser on `source`, at the place the expression went
 * wrong; undefined when it is not a parser error with a position.
 */
export function locateParseError(source: string, error: unknown): ParseProblem | undefined {
  const e = error as ParserError;
  if (e.location === undefined) return undefined;
  const locator = new Locator(source);
  const problem = locator.refine(e, source.length) ?? describe(e, e.location.start.offset, source);
  // Only space follows the last token (a YAML block scalar ends in a line break): the end of
  // the input is where the last token ends.
  return { ...problem, offset: Math.min(problem.offset, source.trimEnd().length) };
}

class Locator {
  private readonly brackets: Brackets;
  private budget: number;

  constructor(private readonly source: string) {
    this.brackets = bracketsOf(source);
    this.budget = REPARSE_FACTOR * source.length;
  }

  /**
   * A more precise place than the parser's error `e` (its offset already in the whole
   * source) on a part of the source that ends at `to`, or undefined when the parser's is the
   * place.
   */
  refine(e: ParserError, to: number): ParseProblem | undefined {
    let at = e.location!.start.offset;
    const { source, brackets } = this;
    // A closer with nothing open, or a string literal never closed.
    const { problem } = brackets;
    if (problem && at >= problem.offset && at <= problem.through) {
      return { message: problem.message, offset: problem.offset };
    }
    if (source[at] === ".") {
      IDENTIFIER.lastIndex = at + 1;
      if (!IDENTIFIER.test(source) || IDENTIFIER.lastIndex > to) {
        const name = skipSpace(source, at + 1);
        return {
          message: `found ${found(source, name)} but expecting a field or function name`,
          offset: name,
        };
      }
      at = IDENTIFIER.lastIndex; // a call's arguments may follow
    }
    const bracket = source[at]!;
    if (CLOSERS[bracket] !== undefined) {
      const close = brackets.pairs.get(at);
      if (close === undefined && problem) {
        return { message: problem.message, offset: problem.offset };
      }
      if (close === undefined) return undefined;
      // Parsed alone as what the brackets hold: call arguments or one expression, list
      // elements or an index (both as a list), map entries or message fields (as a map).
      const [open, shut] = bracket === "{" ? ["{", "}"] : ["[", "]"];
      let inside = this.parsePart(at + 1, close, open, shut);
      if (inside && bracket === "(") {
        inside = { ...inside, message: inside.message.replace("']'", "')'") };
      }
      // A list may end in a comma; call arguments may not. A list may be empty; an index (a
      // `[` the parser stopped at follows an operand) may not.
      const held = source.slice(at + 1, close);
      if (inside === undefined && bracket === "(" && /,\s*$/.test(held)) {
        return { message: "found ) but expecting an expression", offset: close };
      }
      if (inside === undefined && bracket === "[" && held.trim() === "") {
        return { message: "found ] but expecting an expression", offset: close };
      }
      return inside;
    }
    if (at !== e.location!.start.offset) return undefined;
    if (source[at] === "?") return this.conditional(at, to);
    BINARY_OPERATOR.lastIndex = at;
    if (BINARY_OPERATOR.test(source)) return this.parsePart(BINARY_OPERATOR.lastIndex, to, "", "");
    return undefined;
  }

  /**
   * `c ? a : b`, where the parser stopped at the `?` (at `at`): the problem is in `a`, in a
   * missing `:` after it, or in `b`.
   */
  private conditional(at: number, upTo: number): ParseProblem | undefined {
    // The conditional ends at the bracket that holds it, if one does.
    let to = upTo;
    for (const [open, close] of this.brackets.pairs)
      if (open < at && at < close && close < to) to = close;
    const inFirst = this.parsePart(at + 1, to, "", "");
    if (inFirst === undefined) {
      if (this.budget < 0) return undefined;
      const end = Math.min(to, this.source.trimEnd().length);
      return { message: `found ${found(this.source, end)} but expecting ':'`, offset: end };
    }
    const colon = inFirst.offset;
    // Its `:`: after a first branch, and not within brackets of that branch.
    const separates =
      this.source[colon] === ":" &&
      this.source.slice(at + 1, colon).trim() !== "" &&
      ![...this.brackets.pairs].some(([open, close]) => at < open && open < colon && colon < close);
    return separates ? this.parsePart(colon + 1, to, "", "") : inFirst;
  }

  /** The error of source[from, to) parsed alone between `open` and `close`, if any. */
  private parsePart(
    from: number,
    to: number,
    open: string,
    close: string,
  ): ParseProblem | undefined {
    this.budget -= to - from;
    if (this.budget < 0) return undefined;
    try {
      parse(open + this.source.slice(from, to) + close);
      return undefined;
    } catch (thrown) {
      const e = thrown as ParserError;
      if (e.location === undefined) return undefined;
      // Offsets of the part, moved to the whole source (an error at the added closing
      // bracket is at `to`).
      const offset = Math.min(from - open.length + e.location.start.offset, to);
      const moved: ParserError = { ...e, location: { start: { offset } } };
      return this.refine(moved, to) ?? describe(e, offset, this.source);
    }
  }
}

/**
 * The parser's message without the noise (whitespace and comments fit anywhere), naming what
 * the source has at `offset` (a part parsed alone ends where the source goes on).
 */
function describe(e: ParserError, offset: number, source: string): ParseProblem {
  let expected = [
    ...new Set(
      (e.expected ?? [])
        .filter((x) => x.type !== "other" || (x.value !== "whitespace" && x.value !== "comment"))
        .map((x) => (x.type === "literal" ? `'${x.value}'` : x.value)),
    ),
  ].sort();
  // Everything that can start an operand, listed one by one, says "an expression".
  if (expected.includes("identifier")) {
    expected = [...expected.filter((x) => !OPERAND_STARTS.has(x)), "an expression"];
  }
  const c = found(source, offset);
  if (e.found === undefined || expected.length === 0) {
    return { message: e.rawMessage ?? "syntax error", offset };
  }
  const list =
    expected.length === 1
      ? expected[0]
      : `${expected.slice(0, -1).join(", ")} or ${expected[expected.length - 1]}`;
  return { message: `found ${c} but expecting ${list}`, offset };
}

function found(source: string, offset: number): string {
  return offset < source.length ? source[offset]! : "end of input";
}

function skipSpace(source: string, offset: number): number {
  let i = offset;
  while (i < source.length && /\s/.test(source[i]!)) i++;
  return i;
}

/** The brackets of the source outside literals and comments, paired. */
function bracketsOf(source: string): Brackets {
  const pairs = new Map<number, number>();
  const open: number[] = [];
  let problem: Brackets["problem"];
  const at = (offset: number) => {
    const { line, column } = offsetToPosition(source, offset);
    return `${line}:${column}`;
  };
  const scan = scanSource(source, (bracket, offset) => {
    if (problem) return;
    if (CLOSERS[bracket] !== undefined) {
      open.push(offset);
      return;
    }
    const opener = open.pop();
    if (opener === undefined) {
      problem = { message: `found ${bracket} but no bracket is open`, offset, through: offset };
    } else if (CLOSERS[source[opener]!] !== bracket) {
      const expected = CLOSERS[source[opener]!];
      problem = {
        message: `found ${bracket} but expecting '${expected}' to close the ${source[opener]} at ${at(opener)}`,
        offset,
        through: offset,
      };
    } else {
      pairs.set(opener, offset);
    }
  });
  const unclosed = open.at(-1);
  if (!problem && scan.unterminated !== undefined) {
    const quote = /['"]/.exec(source.slice(scan.unterminated))!;
    problem = {
      message: `found a string literal without its closing ${quote[0]}`,
      offset: scan.unterminated,
      through: scan.unterminated + quote.index,
    };
  } else if (!problem && unclosed !== undefined) {
    const c = source[unclosed]!;
    problem = {
      message: `missing '${CLOSERS[c]}' to close the ${c} at ${at(unclosed)}`,
      offset: source.length,
      through: source.length,
    };
  }
  return problem ? { pairs, problem } : { pairs };
}
