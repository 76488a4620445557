// YAML text → exactly one composed YAML 1.2 document (an AST with source
// ranges), or syntax errors. Guards the `yaml` package against hostile input:
// nesting depth is checked on the token stream (which `yaml` builds without
// recursion) before the recursive composer runs, because a stack overflow
// inside `yaml` is caught by it but can leave V8 unable to compile regexes.
import { Composer, type CST, type Document, isScalar, LineCounter, type ScalarTag } from "yaml";
import type { ParseError } from "../diagnostics.js";
import { exceedsByteLimit, MAX_DEPTH, type ParseLimits, resolveLimits } from "../limits.js";
import { parseError, position, span } from "./errors.js";
import { scanTokens, TOO_DEEP } from "./scan-tokens.js";

export { MAX_DEPTH, position };

/** Syntax errors reported at most; the rest are usually follow-on noise. */
const MAX_SYNTAX_ERRORS = 10;

export interface LoadedYaml {
  document: Document.Parsed;
  lineCounter: LineCounter;
  /** The text the offsets refer to (a leading BOM removed, lone CRs read as LF). */
  text: string;
}

/**
 * The loaded document, or why not. A document with syntax errors is still composed: `partial`
 * holds it for tools that read half-written text (the language service).
 */
export type LoadResult =
  | { ok: true; value: LoadedYaml }
  | { ok: false; error: ParseError[]; partial?: LoadedYaml };

/** An unpaired UTF-16 surrogate: not a Unicode character, so not in any UTF-8 text. */
export const LONE_SURROGATE = /\p{Cs}/u;
/** Characters outside YAML 1.2's printable set (YAML 1.2 §5.1), which may appear only escaped. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const NON_PRINTABLE = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufffe\uffff]/;

/**
 * `!!float 1`: the YAML 1.2 core schema's float form `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
 * includes integers, which `yaml`'s float tags do not accept when the tag is explicit. Last
 * in the list, so an untagged `1` still resolves as an integer first.
 */
const INTEGRAL_FLOAT: ScalarTag = {
  tag: "tag:yaml.org,2002:float",
  default: true,
  test: /^[-+]?[0-9]+$/,
  resolve: (source) => Number(source),
};

export function loadYaml(text: string, options?: ParseLimits): LoadResult {
  const limits = resolveLimits(options);
  if (exceedsByteLimit(text, limits.maxBytes)) {
    return fail({
      rule: "parse/too-large",
      message: `the input is larger than ${limits.maxBytes} bytes (the \`maxBytes\` limit)`,
      range: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } },
    });
  }
  // A lone CR is a line break in YAML 1.2 (YAML 1.2 §5.4) that `yaml` does not know; as content,
  // every line break reads as LF anyway. One character for one keeps every offset.
  // A leading byte order mark is not part of the text: columns on line 1 count as editors do.
  const input = text.replace(/^\ufeff/, "").replace(/\r(?!\n)/g, "\n");
  const lineCounter = new LineCounter();
  const scanned = scanTokens(input, lineCounter, limits.maxNodes);
  if (!scanned.ok) return failAt(lineCounter, scanned.offset, scanned.message, "parse/too-large");
  const tokens = scanned.tokens;
  const unreadable = characterProblem(input, lineCounter);
  if (unreadable) return unreadable;
  const tooDeep = deepestNesting(tokens);
  if (tooDeep !== undefined) return failAt(lineCounter, tooDeep, TOO_DEEP, "parse/too-large");

  const documents = compose(tokens);
  if (documents.length === 0) return failAt(lineCounter, 0, "the input is empty");
  if (documents.length > 1) {
    // Like PyYAML and serde_yaml, a trailing `---` counts: it starts a second, empty document.
    const second = documents[1]!.contents;
    const isEmpty = isScalar(second) && second.source === "";
    const empty = isEmpty ? " (the second is empty: remove its `---`)" : "";
    return failAt(
      lineCounter,
      documents[1]!.range[0],
      `an OATF file holds exactly one YAML document, found ${documents.length}${empty}`,
    );
  }
  const document = documents[0]!;
  const loaded = { document, lineCounter, text: input };
  const errors: ParseError[] = document.errors
    .slice(0, MAX_SYNTAX_ERRORS)
    .map((error) => syntaxError(input, tokens, lineCounter, error));
  if (errors.length > 0) return { ok: false, error: errors, partial: loaded };
  return versionProblem(tokens, lineCounter) ?? { ok: true, value: loaded };
}

/**
 * Why the text cannot be YAML at all: the input is UTF-8 text (SDK §3.1), so a JavaScript
 * string that is not well-formed UTF-16 is not; and YAML allows some characters only escaped.
 */
function characterProblem(input: string, lineCounter: LineCounter): LoadResult | undefined {
  const lone = LONE_SURROGATE.exec(input);
  if (lone) {
    const message = `the input is not valid Unicode: unpaired surrogate ${codePoint(lone[0])}`;
    return failAt(lineCounter, lone.index, message);
  }
  const control = NON_PRINTABLE.exec(input);
  if (!control) return undefined;
  const code = control[0].charCodeAt(0);
  const written =
    code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16)}`;
  return failAt(
    lineCounter,
    control.index,
    `the input contains ${codePoint(control[0])}, which YAML allows only escaped (write ${written} in a double-quoted string)`,
  );
}

/** The YAML 1.2 documents of the tokens, as the core schema reads them. */
function compose(tokens: CST.Token[]): Document.Parsed[] {
  const composer = new Composer({
    version: "1.2",
    schema: "core",
    // Merge keys are not YAML 1.2; `<<` stays a plain key (and V-020 reports it).
    merge: false,
    // `yaml` checks uniqueness in quadratic time; the source index does it with a Set.
    uniqueKeys: false,
    intAsBigInt: false,
    // An array, not `(tags) => [...tags, INTEGRAL_FLOAT]`: the same tag list, but with the
    // function form V8 promoted about 0.6 MB of every parse's short-lived nodes to the old
    // generation (measured with --trace-gc-nvp), and the collections cost load ~20%.
    customTags: [INTEGRAL_FLOAT],
    strict: true,
  });
  return [...composer.compose(tokens), ...composer.end()];
}

/**
 * YAML 1.2 §6.8.1: a 1.2 processor accepts `%YAML 1.1` (and later 1.x) documents and reads
 * them as 1.2, which the composer does (its schema is fixed); only another major version is refused.
 */
function versionProblem(tokens: CST.Token[], lineCounter: LineCounter): LoadResult | undefined {
  for (const token of tokens as TokenLike[]) {
    const version = token.type === "directive" ? /^%YAML\s+(\d+)\.\d+/.exec(token.source!) : null;
    if (version && version[1] !== "1") {
      return failAt(
        lineCounter,
        token.offset,
        `OATF documents are YAML 1.2; a %YAML ${version[0].slice(5).trim()} directive names another major version`,
      );
    }
  }
  return undefined;
}

/**
 * A `yaml` syntax error where the author can fix it. `yaml` reports an unclosed quote or flow
 * collection where it gave up (often the end of the input, an empty line); the problem is where
 * the string or collection opened, so that is where the error points.
 */
function syntaxError(
  input: string,
  tokens: readonly CST.Token[],
  lineCounter: LineCounter,
  error: { code: string; message: string; pos: [number, number] },
): ParseError {
  const [at] = error.pos;
  const quote = /^Missing closing (["'])quote/.exec(error.message);
  const flow = /^Flow (sequence|map) in block collection/.exec(error.message);
  const opened = quote
    ? openingOf(tokens, at, quote[1] === '"' ? "double-quoted-scalar" : "single-quoted-scalar")
    : flow
      ? openingOf(tokens, at, "flow-collection")
      : undefined;
  if (opened !== undefined) {
    const where = position(lineCounter, opened);
    const lineEnd = input.indexOf("\n", opened);
    const range = span(lineCounter, opened, lineEnd < 0 ? input.length : lineEnd);
    const atEnd = at >= input.trimEnd().length;
    const opening = `${where.line}:${where.column}`;
    const message = quote
      ? `missing closing ${quote[1]} quote: the string opened at ${opening} ${atEnd ? "runs on to the end of the input" : "is not closed"}`
      : `unclosed flow ${flow![1]}: the \`${flow![1] === "map" ? "{" : "["}\` opened at ${opening} has no matching \`${flow![1] === "map" ? "}" : "]"}\`${atEnd ? " before the end of the input" : ""}`;
    return parseError({ rule: "parse/syntax", message, range });
  }
  // An error at the end of the input (past its last line break) belongs to its last character.
  const end = input.trimEnd().length;
  const start = at >= end && end > 0 ? end - 1 : at;
  return parseError({
    rule: "parse/syntax",
    message: error.message,
    range: span(lineCounter, start, start === at ? error.pos[1] : end),
  });
}

/** Offset of the last token of `type` that starts before `at` and reaches it, if any. */
function openingOf(tokens: readonly CST.Token[], at: number, type: string): number | undefined {
  let found: number | undefined;
  const stack: unknown[] = [...tokens];
  while (stack.length > 0) {
    const token = stack.pop() as TokenLike & { end?: unknown; start?: unknown };
    if (!token || typeof token !== "object") continue;
    if (token.type === type && token.offset < at && (found === undefined || token.offset > found)) {
      const length = token.source?.length ?? Number.POSITIVE_INFINITY;
      if (type === "flow-collection" || token.offset + length >= at) found = token.offset;
    }
    if (token.value) stack.push(token.value);
    for (const item of token.items ?? []) stack.push(item.key, item.value);
  }
  return found;
}

function codePoint(char: string): string {
  return `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}

function fail(problem: Parameters<typeof parseError>[0]): LoadResult {
  return { ok: false, error: [parseError(problem)] };
}

/** The failure of a syntax error (or of `rule`) at `offset`. */
function failAt(
  lineCounter: LineCounter,
  offset: number,
  message: string,
  rule: "parse/syntax" | "parse/too-large" = "parse/syntax",
): LoadResult {
  return fail({ rule, message, range: span(lineCounter, offset) });
}

/** Token shape the depth scan needs: collections carry `items`, a document its content as `value`. */
interface TokenLike {
  type: string;
  offset: number;
  source?: string;
  value?: TokenLike;
  items?: { key?: TokenLike | null; value?: TokenLike | null }[];
}

const COLLECTIONS = new Set(["block-map", "block-seq", "flow-collection"]);

/** Offset of the first collection nested deeper than MAX_DEPTH, found without recursion. */
function deepestNesting(tokens: CST.Token[]): number | undefined {
  // Two parallel stacks rather than one of [token, depth] pairs: no pair per token.
  const stack: TokenLike[] = [];
  const depths: number[] = [];
  for (const token of tokens as TokenLike[]) {
    stack.push(token);
    depths.push(0);
  }
  while (stack.length > 0) {
    const token = stack.pop()!;
    const parentDepth = depths.pop()!;
    const depth = COLLECTIONS.has(token.type) ? parentDepth + 1 : parentDepth;
    if (depth > MAX_DEPTH) return token.offset;
    if (token.value) {
      stack.push(token.value);
      depths.push(depth);
    }
    const items = token.items;
    if (items === undefined) continue;
    for (const item of items) {
      if (item.key) {
        stack.push(item.key);
        depths.push(depth);
      }
      if (item.value) {
        stack.push(item.value);
        depths.push(depth);
      }
    }
  }
  return undefined;
}
