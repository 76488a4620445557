// parse (SDK §3.1): YAML text → a typed, unvalidated Document, or ParseErrors.
// Never throws: every failure, including exhausted limits, is a ParseError.
import type { ParseError } from "../diagnostics.js";
import { err, ok, type Result } from "../result.js";
import { DOCUMENT } from "../shape.js";
import { attachSourceInfo, type YamlFeatureUse } from "../source-info.js";
import type { Document } from "../types.js";
import { loadYaml, position } from "./load-yaml.js";
import { INVALID, LimitExceeded, Reader } from "./reader.js";
import { indexSource } from "./source-index.js";

/**
 * Parses one OATF document. On success the document is plain data; its
 * source positions, root key order and YAML feature uses are available
 * through `getSourceInfo(document)`.
 */
export function parse(input: string): Result<Document, ParseError[]> {
  try {
    return parseOrThrow(input);
  } catch (error) {
    if (error instanceof LimitExceeded) return err([error.error]);
    // Defence in depth: an exception from a dependency must not escape.
    const message = error instanceof Error ? error.message : String(error);
    return err([{ kind: "syntax", message: `the input could not be parsed: ${message}` }]);
  }
}

function parseOrThrow(input: string): Result<Document, ParseError[]> {
  if (typeof input !== "string") {
    return err([
      { kind: "syntax", message: `expected the YAML text as a string, got ${typeof input}` },
    ]);
  }
  const loaded = loadYaml(input);
  if (!loaded.ok) return loaded;
  const { document: yamlDocument, lineCounter } = loaded.value;
  const root = yamlDocument.contents!;

  const index = indexSource(root, lineCounter);
  const reader = new Reader(index, lineCounter);
  const document = reader.read(root, { kind: "object", shape: DOCUMENT }, "", 0);
  const errors = [...index.errors, ...reader.errors];
  if (errors.length > 0 || document === INVALID) {
    // The document is lost, so validate will not see these: report V-020 here.
    return err(sortByPosition([...errors, ...index.features.map(featureError)]));
  }

  const { offsets } = index;
  attachSourceInfo(document as Document, {
    rootKeys: index.rootKeys,
    yamlFeatures: index.features,
    positionOf: (path) => {
      const offset = offsets.get(path);
      return offset === undefined ? undefined : position(lineCounter, offset);
    },
  });
  return ok(document as Document);
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
  return {
    kind: "syntax",
    message: `YAML ${FEATURE_NAMES[use.kind]}${detail} is not allowed in OATF documents`,
    path: use.path,
    line: use.line,
    column: use.column,
    rule: "V-020",
  };
}

/** Sorts in place; errors without a line go last, ties keep their order (sort is stable). */
function sortByPosition(errors: ParseError[]): ParseError[] {
  const line = (e: ParseError) => e.line ?? Number.MAX_SAFE_INTEGER;
  return errors.sort((a, b) => line(a) - line(b) || (a.column ?? 0) - (b.column ?? 0));
}
