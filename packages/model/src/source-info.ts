// What `parse` knows about the YAML source that a plain object loses: node
// positions, key order of the root, and YAML features V-020 forbids. It is kept
// out of the document's data (a hidden, symbol-keyed property), so documents stay plain
// data that compare structurally, and any later diagnostic can still point at a line and column.
import type { SourcePosition, SourceRange } from "./diagnostics.js";
import type { Document } from "./types.js";

/** A YAML feature that V-020 rejects, where it was found. */
export interface YamlFeatureUse {
  kind: "anchor" | "alias" | "merge_key" | "custom_tag";
  /** Dot-path in the spec's format, e.g. `attack.indicators[0].pattern`. */
  path: string;
  line: number;
  column: number;
  /** Offset of the feature in the source text (0-based). */
  offset?: number;
  /** The anchor name, alias name or tag, as written. */
  detail?: string;
}

export interface SourceInfo {
  /** The root mapping's keys in source order (W-001 checks `oatf` comes first). */
  rootKeys: string[];
  /** Anchors, aliases, merge keys and custom tags, in source order. */
  yamlFeatures: YamlFeatureUse[];
  /**
   * Position of the node at a dot-path in the spec's format (`attack`,
   * `attack.indicators[0].surface`, `attack.execution.actors[1].phases[0].state`).
   * For a missing field, callers fall back to its nearest present ancestor.
   */
  positionOf(path: string): SourcePosition | undefined;
  /**
   * The source span of the node at a dot-path: a scalar's value, or the key of a collection
   * (its first line, for the root and for list items). Absent on source info made by hand.
   */
  rangeOf?(path: string): SourceRange | undefined;
  /**
   * The source span of characters [start, end) of the string value at a dot-path (UTF-16
   * indexes into the value; `end` defaults to start + 1; `start` may be the value's length, for
   * a problem at its end), mapped through YAML quoting, escapes, folding and block scalars: a
   * CEL error at column 25 of an expression points at that column in the file. Undefined for
   * a path that is not a string written in the source.
   */
  rangeInValue?(path: string, start: number, end?: number): SourceRange | undefined;
}

/**
 * Kept on the document under a private symbol, as a non-enumerable property: invisible to
 * `Object.keys`, spread, JSON, structuredClone and structural comparison, like an entry in a
 * WeakMap beside it, but without the WeakMap's cost. V8's young-generation collector keeps a
 * WeakMap value alive until the next full collection, so each parse's index and YAML nodes
 * were promoted to the old generation: that cost `load` about a fifth of its time.
 */
const SOURCE_INFO: unique symbol = Symbol("oatf.sourceInfo");
/** For a document that cannot take a property (frozen by whoever attaches); never by `parse`. */
const sealed = new WeakMap<object, SourceInfo>();

/** Associates source information with a parsed document (called by `parse`). */
export function attachSourceInfo(document: Document, info: SourceInfo): void {
  if (!Object.isExtensible(document)) {
    sealed.set(document, info);
    return;
  }
  Object.defineProperty(document, SOURCE_INFO, {
    value: info,
    enumerable: false,
    writable: false,
    configurable: true,
  });
}

/** The source information of a document returned by `parse`; undefined for documents built in code. */
export function getSourceInfo(document: Document): SourceInfo | undefined {
  if (typeof document !== "object" || document === null) return undefined;
  // Own only: an object whose prototype is a parsed document is a document built in code.
  if (Object.hasOwn(document, SOURCE_INFO)) {
    return (document as unknown as { [SOURCE_INFO]: SourceInfo })[SOURCE_INFO];
  }
  return sealed.get(document);
}

/** The dot-path one level up: `a.b[0]` → `a.b`, `a.b` → `a`, `a` → `""`. */
export function parentPath(path: string): string {
  return path.slice(0, Math.max(path.lastIndexOf("."), path.lastIndexOf("["), 0));
}

/** What `lookup` gives for `path` or, when nothing, for its nearest ancestor. */
function nearest<T>(path: string, lookup: (path: string) => T | undefined): T | undefined {
  let current = path;
  for (;;) {
    const found = lookup(current);
    if (found !== undefined || current === "") return found;
    current = parentPath(current);
  }
}

/**
 * The position of `path`, or of its nearest ancestor that has one
 * (`attack.execution.state` missing → position of `attack.execution`).
 */
export function positionOrAncestor(
  info: SourceInfo | undefined,
  path: string,
): SourcePosition | undefined {
  return info ? nearest(path, (p) => info.positionOf(p)) : undefined;
}

/** The range of `path`, or of its nearest ancestor that has one. */
export function rangeOrAncestor(
  info: SourceInfo | undefined,
  path: string,
): SourceRange | undefined {
  const rangeOf = info?.rangeOf;
  return rangeOf ? nearest(path, (p) => rangeOf.call(info, p)) : undefined;
}
