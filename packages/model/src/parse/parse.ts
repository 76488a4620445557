// parse (SDK §3.1): YAML text → a typed, unvalidated Document, or ParseErrors.
// Never throws: every failure, including exhausted limits, is a ParseError.
//
// The reader collects every problem it can instead of stopping at the first one, and keeps
// what it could read: `parseRecovering` returns that partial document with the paths it could
// not read, so `validate` over text can report parse problems and V-rules in one pass.

import type { LineCounter } from "yaml";
import { type ConformProblem, conform, INVALID } from "../conform.js";
import type { ParseError } from "../diagnostics.js";
import { type ParseLimits, resolveLimits } from "../limits.js";
import { LruCache } from "../lru.js";
import { err, ok, type Result } from "../result.js";
import { DOCUMENT } from "../shape.js";
import { attachSourceInfo, type YamlFeatureUse } from "../source-info.js";
import type { Document } from "../types.js";
import { parseError, position, span } from "./errors.js";
import { type LoadResult, loadYaml } from "./load-yaml.js";
import { LimitExceeded, PlainReader } from "./plain-reader.js";
import { type ScalarStyle, type ValueOffsets, valueOffsets } from "./scalar-offsets.js";
import { indexSource, type SourceIndex } from "./source-index.js";

/** Options of `parse`, `parseRecovering` and everything that parses text (`load`, `validate`). */
export type ParseOptions = ParseLimits;

/** What the recovering parse could read, and what it could not. */
export interface RecoveredDocument {
  /**
   * The document with every unreadable value left out (an unreadable list item is `null`, so
   * later items keep their paths); undefined when nothing could be read (invalid YAML syntax,
   * an exhausted limit, a root that is not a mapping). Source info is attached as by `parse`.
   */
  document: Document | undefined;
  /** Every parse problem, in source order. Empty exactly when `parse` succeeds. */
  errors: ParseError[];
  /** Dot-paths of the values that could not be read (and of missing or unknown fields). */
  unreadable: string[];
}

/**
 * Parses one OATF document. On success the document is plain data; its
 * source positions, root key order and YAML feature uses are available
 * through `getSourceInfo(document)`.
 */
export function parse(input: string, options?: ParseOptions): Result<Document, ParseError[]> {
  const recovered = parseRecovering(input, options);
  if (recovered.errors.length > 0 || !recovered.document) return err(recovered.errors);
  return ok(recovered.document);
}

/**
 * Parses as much of the document as can be read (SDK §3.1: SDKs "SHOULD attempt to report
 * multiple errors where feasible"). Invalid YAML syntax, more than one YAML document, text
 * that is not Unicode, and exhausted limits stop it early: then `document` is undefined.
 */
export function parseRecovering(input: string, options?: ParseOptions): RecoveredDocument {
  try {
    return recover(input, options);
  } catch (error) {
    if (error instanceof LimitExceeded) return stopped([error.error]);
    // Defence in depth: an exception from a dependency must not escape.
    const message = error instanceof Error ? error.message : String(error);
    return stopped([
      parseError({ rule: "parse/syntax", message: `the input could not be parsed: ${message}` }),
    ]);
  }
}

function stopped(errors: ParseError[]): RecoveredDocument {
  return { document: undefined, errors, unreadable: [""] };
}

/** The recovering parse of `input`, loaded unless `loaded` is given (`readYaml`'s). Throws. */
export function recover(
  input: string,
  options: ParseOptions | undefined,
  loaded?: LoadResult,
): RecoveredDocument {
  if (typeof input !== "string") {
    return stopped([
      parseError({
        rule: "parse/syntax",
        message: `expected the YAML text as a string, got ${typeof input}`,
      }),
    ]);
  }
  loaded ??= loadYaml(input, options);
  if (!loaded.ok) return stopped(loaded.error);
  const { document: yamlDocument, lineCounter, text } = loaded.value;
  const root = yamlDocument.contents!;

  const index = indexSource(root, lineCounter);
  // YAML → plain tree (aliases followed within bounds) → the conformance walk shared with
  // validate; problems it finds at dot-paths get the ranges of what is written there.
  const reader = new PlainReader(index, lineCounter, resolveLimits(options));
  const tree = reader.read(root, "", 0);
  const problems: ParseError[] = [];
  const report = (problem: ConformProblem) => {
    const { at, path } = problem;
    const range =
      at === undefined
        ? reader.valueAt(path)
        : at === "key"
          ? reader.keyAt(path)
          : reader.near(at.near, at.object);
    problems.push(
      parseError({
        rule: problem.rule,
        message: problem.message,
        path,
        ...(range && { range }),
        ...(problem.kind && { kind: problem.kind }),
      }),
    );
  };
  const document = conform(tree, { kind: "object", shape: DOCUMENT }, "", {
    written: "yaml",
    report,
    sourceOf: (path) => reader.sourceOf(path),
    keyOnly: (path) => reader.keyOnly(path),
  });
  const errors = [...index.errors, ...reader.errors, ...problems];
  const unreadable = [...new Set(errors.map((error) => error.path))];
  if (errors.length > 0) {
    // validate never sees these in the typed parse's failure: report V-020 here. (The
    // recovering parse reports them too; validate over text leaves out its own copies.)
    errors.push(...index.features.map(featureError));
  }
  if (document === INVALID)
    return { document: undefined, errors: sortByPosition(errors), unreadable };

  attachPositions(document as Document, index, lineCounter, text);
  return { document: document as Document, errors: sortByPosition(errors), unreadable };
}

/**
 * Attaches to `document` where each of its values is written in `text` (`getSourceInfo`):
 * positions and ranges by dot-path, and ranges inside string values.
 */
function attachPositions(
  document: Document,
  index: SourceIndex,
  lineCounter: LineCounter,
  text: string,
): void {
  const { offsets } = index;
  // A string with many findings (thousands of `{{…}}` in one value) maps its characters once,
  // not once per finding, which was quadratic in the value's length.
  const mappings = new LruCache<string, ValueOffsets | null>(8);
  attachSourceInfo(document, {
    rootKeys: index.rootKeys,
    yamlFeatures: index.features,
    positionOf: (path) => {
      const where = offsets.get(path);
      if (where === undefined) return undefined;
      const { line, column } = position(lineCounter, where[0]);
      return { line, column };
    },
    rangeOf: (path) => {
      const where = offsets.get(path);
      return where === undefined ? undefined : span(lineCounter, where[0], where[1]);
    },
    rangeInValue: (path, start, end = start + 1) => {
      const node = index.strings.get(path);
      if (!node || !Number.isInteger(start) || start < 0 || start > node.value.length)
        return undefined;
      const [from, to] = node.range!;
      const mapped = mappings.getOrCreate(
        path,
        () => valueOffsets(text, from, to, node.type as ScalarStyle, node.value) ?? null,
      );
      if (!mapped) return undefined;
      const last = node.value.length - 1;
      // At the end of the value (an "unexpected end"): just after its last character.
      const begin = start <= last ? mapped.at[start]! : (mapped.after[last] ?? from);
      const stop = Math.min(Math.max(end, start + 1), node.value.length) - 1;
      const finish = stop >= start ? mapped.after[stop]! : begin + 1;
      return span(lineCounter, begin, finish);
    },
  });
}

const FEATURE_NAMES: Record<YamlFeatureUse["kind"], string> = {
  anchor: "anchor",
  alias: "alias",
  merge_key: "merge key `<<`",
  custom_tag: "custom tag",
};

/** The V-020 error for a YAML feature use (the same message validate gives). */
export function featureError(use: YamlFeatureUse): ParseError {
  const detail = use.detail === undefined ? "" : ` \`${use.detail}\``;
  const start = { line: use.line, column: use.column, offset: use.offset ?? 0 };
  return parseError({
    rule: "V-020",
    kind: "syntax",
    message: `YAML ${FEATURE_NAMES[use.kind]}${detail} is not allowed in OATF documents`,
    path: use.path,
    at: { line: use.line, column: use.column },
    ...(use.offset === undefined
      ? {}
      : {
          range: { start, end: { ...start, column: start.column + 1, offset: start.offset + 1 } },
        }),
  });
}

/** Sorts in place; errors without a position go last, ties keep their order (sort is stable). */
function sortByPosition(errors: ParseError[]): ParseError[] {
  const line = (e: ParseError) => e.range?.start.line ?? Number.MAX_SAFE_INTEGER;
  const column = (e: ParseError) => e.range?.start.column ?? 0;
  return errors.sort((a, b) => line(a) - line(b) || column(a) - column(b));
}
