// YAML text → exactly one composed YAML 1.2 document (an AST with source
// ranges), or syntax errors. Guards the `yaml` package against hostile input:
// nesting depth is checked on the token stream (which `yaml` builds without
// recursion) before the recursive composer runs, because a stack overflow
// inside `yaml` is caught by it but can leave V8 unable to compile regexes.
import { Composer, type Document, isScalar, LineCounter, Parser, type ScalarTag } from "yaml";
import type { ParseError } from "../diagnostics.js";

/** Deepest collection nesting accepted (serde's recursion limit in the Rust SDK is 128 too). */
export const MAX_DEPTH = 128;
/** Syntax errors reported at most; the rest are usually follow-on noise. */
const MAX_SYNTAX_ERRORS = 10;

export interface LoadedYaml {
  document: Document.Parsed;
  lineCounter: LineCounter;
}

export type LoadResult = { ok: true; value: LoadedYaml } | { ok: false; error: ParseError[] };

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

export function loadYaml(text: string): LoadResult {
  // A lone CR is a line break in YAML 1.2 (YAML 1.2 §5.4) that `yaml` does not know; as content,
  // every line break reads as LF anyway. One character for one keeps every offset.
  // A leading byte order mark is not part of the text: columns on line 1 count as editors do.
  const input = text.replace(/^\ufeff/, "").replace(/\r(?!\n)/g, "\n");
  const lineCounter = new LineCounter();
  const at = (offset: number) => position(lineCounter, offset);
  const tokens = Array.from(new Parser(lineCounter.addNewLine).parse(input));

  // The input is UTF-8 text (SDK §3.1): a JavaScript string that is not well-formed UTF-16 is not.
  const lone = LONE_SURROGATE.exec(input);
  if (lone) {
    return fail({
      kind: "syntax",
      message: `the input is not valid Unicode: unpaired surrogate ${codePoint(lone[0])}`,
      ...at(lone.index),
    });
  }
  const control = NON_PRINTABLE.exec(input);
  if (control) {
    const code = control[0].charCodeAt(0);
    const written =
      code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16)}`;
    return fail({
      kind: "syntax",
      message: `the input contains ${codePoint(control[0])}, which YAML allows only escaped (write ${written} in a double-quoted string)`,
      ...at(control.index),
    });
  }

  const tooDeep = deepestNesting(tokens);
  if (tooDeep !== undefined) {
    return fail({
      kind: "syntax",
      message: `collections are nested more than ${MAX_DEPTH} levels deep`,
      ...at(tooDeep),
    });
  }

  const composer = new Composer({
    version: "1.2",
    schema: "core",
    // Merge keys are not YAML 1.2; `<<` stays a plain key (and V-020 reports it).
    merge: false,
    // `yaml` checks uniqueness in quadratic time; the source index does it with a Set.
    uniqueKeys: false,
    intAsBigInt: false,
    customTags: (tags) => [...tags, INTEGRAL_FLOAT],
    prettyErrors: false,
    strict: true,
  });
  const documents = [...composer.compose(tokens), ...composer.end()];

  const empty: ParseError = { kind: "syntax", message: "the input is empty", line: 1, column: 1 };
  if (documents.length === 0) return fail(empty);
  if (documents.length > 1) {
    // Like PyYAML and serde_yaml, a trailing `---` counts: it starts a second, empty document.
    const second = documents[1]!.contents;
    const isEmpty = second == null || (isScalar(second) && second.source === "");
    const empty = isEmpty ? " (the second is empty: remove its `---`)" : "";
    return fail({
      kind: "syntax",
      message: `an OATF file holds exactly one YAML document, found ${documents.length}${empty}`,
      ...at(documents[1]!.range[0]),
    });
  }
  const document = documents[0]!;
  const errors: ParseError[] = document.errors.slice(0, MAX_SYNTAX_ERRORS).map((error) => ({
    kind: "syntax",
    message: error.message,
    ...at(error.pos[0]),
  }));
  if (errors.length > 0) return { ok: false, error: errors };
  if (document.contents == null) return fail(empty);

  // YAML 1.2 §6.8.1: a 1.2 processor accepts `%YAML 1.1` (and later 1.x) documents and reads
  // them as 1.2, which the composer does (its schema is fixed); only another major version is refused.
  for (const token of tokens as TokenLike[]) {
    const version =
      token.type === "directive" ? /^%YAML\s+(\d+)\.\d+/.exec(token.source ?? "") : null;
    if (version && version[1] !== "1") {
      return fail({
        kind: "syntax",
        message: `OATF documents are YAML 1.2; a %YAML ${version[0].slice(5).trim()} directive names another major version`,
        ...at(token.offset ?? 0),
      });
    }
  }
  return { ok: true, value: { document, lineCounter } };
}

function codePoint(char: string): string {
  return `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}

function fail(error: ParseError): LoadResult {
  return { ok: false, error: [error] };
}

/** 1-based line and column of a source offset. */
export function position(
  lineCounter: LineCounter,
  offset: number,
): { line: number; column: number } {
  const { line, col } = lineCounter.linePos(offset);
  return line === 0 ? { line: 1, column: offset + 1 } : { line, column: col };
}

/** Token shape the depth scan needs: collections carry `items`, documents a `value`. */
interface TokenLike {
  type?: string;
  offset?: number;
  source?: string;
  value?: unknown;
  items?: { key?: unknown; value?: unknown }[];
}

const COLLECTIONS = new Set(["block-map", "block-seq", "flow-collection"]);

/** Offset of the first collection nested deeper than MAX_DEPTH, found without recursion. */
function deepestNesting(tokens: unknown[]): number | undefined {
  const stack: [TokenLike, number][] = [];
  for (const token of tokens) stack.push([token as TokenLike, 0]);
  while (stack.length > 0) {
    const [token, parentDepth] = stack.pop()!;
    if (!token || typeof token !== "object") continue;
    const depth = COLLECTIONS.has(token.type ?? "") ? parentDepth + 1 : parentDepth;
    if (depth > MAX_DEPTH) return token.offset ?? 0;
    if (token.type === "document" && token.value) stack.push([token.value as TokenLike, depth]);
    for (const item of token.items ?? []) {
      if (item.key) stack.push([item.key as TokenLike, depth]);
      if (item.value) stack.push([item.value as TokenLike, depth]);
    }
  }
  return undefined;
}
