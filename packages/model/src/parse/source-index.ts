// One walk over the YAML tree, in source order, that records what a plain
// object loses: the position of every node by dot-path, the root key order,
// the YAML features V-020 forbids, which anchor each alias refers to; and
// finds the key problems YAML itself forbids (duplicate or non-scalar keys).
import {
  type Alias,
  isAlias,
  isMap,
  isNode,
  isScalar,
  isSeq,
  type LineCounter,
  type Node,
  type Pair,
  type Scalar,
} from "yaml";
import type { ParseError } from "../diagnostics.js";
import { indexPath, keyPath } from "../paths.js";
import type { YamlFeatureUse } from "../source-info.js";
import { parseError, position, span } from "./errors.js";
import { LONE_SURROGATE } from "./load-yaml.js";

export interface SourceIndex {
  /**
   * Source span [start, end) of the node at each dot-path (converted to lines and columns on
   * demand): a scalar's value, or the key of a collection (its first line when it has none).
   */
  offsets: Map<string, [number, number]>;
  rootKeys: string[];
  features: YamlFeatureUse[];
  /** The node each alias stands for (the latest earlier anchor of that name). */
  aliasTargets: Map<Alias, Node>;
  /** The string scalar written at each dot-path (for positions inside its value). */
  strings: Map<string, Scalar<string>>;
  errors: ParseError[];
}

/** Tags of the YAML 1.2 core schema, and `!` (non-specific); any other tag is custom (V-020). */
const CORE_TAGS = new Set(
  ["str", "int", "float", "bool", "null", "seq", "map"].map((name) => `tag:yaml.org,2002:${name}`),
).add("!");

/**
 * The string a mapping key stands for. Keys are strings in OATF; a plain non-string scalar key
 * (`200:`, `0x1F:`) keeps its source text, which the composer keeps as `source` (the text
 * before tag resolution; `""` for an empty key). Undefined for a collection or alias key,
 * which OATF cannot represent.
 */
export function keyText(key: unknown): string | undefined {
  if (!isScalar(key)) return undefined;
  return (key as Scalar & { source?: string }).source ?? String(key.value);
}

export function indexSource(root: Node, lineCounter: LineCounter): SourceIndex {
  const index: SourceIndex = {
    offsets: new Map(),
    rootKeys: [],
    features: [],
    aliasTargets: new Map(),
    strings: new Map(),
    errors: [],
  };
  const anchors = new Map<string, Node>();
  type Ranged = { range?: [number, number, number] | null } | null | undefined;
  const offset = (node: Ranged) => node?.range?.[0] ?? 0;
  const at = (node: Ranged) => position(lineCounter, offset(node));
  const rangeOf = (node: Ranged) => span(lineCounter, offset(node), node?.range?.[1]);
  /** A collection's span: its first line only, so a frame underlines one line. */
  const firstLine = (node: Ranged): [number, number] => {
    const start = offset(node);
    const { line } = lineCounter.linePos(start);
    const next = lineCounter.lineStarts[line] ?? Number.POSITIVE_INFINITY;
    return [start, Math.min(node?.range?.[1] ?? start + 1, next - 1)];
  };
  const spanOf = (node: Ranged): [number, number] =>
    isScalar(node) ? [offset(node), node.range?.[1] ?? offset(node) + 1] : firstLine(node);

  // A duplicated key (an error) keeps the span of its last value: the one the reader keeps.
  const record = (path: string, where: [number, number]) => {
    index.offsets.set(path, where);
  };

  const feature = (
    kind: YamlFeatureUse["kind"],
    path: string,
    node: Node | Scalar,
    detail?: string,
  ) => {
    index.features.push({ kind, path, ...at(node), ...(detail === undefined ? {} : { detail }) });
  };

  // Anchors, tags and aliases can sit on keys as well as values.
  const visitProperties = (node: Node, path: string) => {
    if (isAlias(node)) {
      feature("alias", path, node, node.source);
      const target = anchors.get(node.source);
      if (target) index.aliasTargets.set(node, target);
      return;
    }
    if (node.anchor) {
      feature("anchor", path, node, node.anchor);
    }
    if (node.tag && !CORE_TAGS.has(node.tag)) feature("custom_tag", path, node, node.tag);
  };

  // `"\ud800"` escapes a surrogate, which is not a Unicode character (YAML 1.2 §5.7).
  const checkUnicode = (node: unknown, path: string) => {
    if (isScalar(node) && typeof node.value === "string" && LONE_SURROGATE.test(node.value)) {
      index.errors.push(
        parseError({
          rule: "parse/syntax",
          message:
            "an escape sequence stands for an unpaired surrogate, which is not a Unicode character",
          path,
          range: rangeOf(node),
        }),
      );
    }
  };

  const visit = (node: Node, path: string, where: [number, number]) => {
    record(path, where);
    if (isScalar(node) && typeof node.value === "string" && node.range)
      index.strings.set(path, node as Scalar<string>);
    visitProperties(node, path);
    checkUnicode(node, path);
    // Set before the children, as YAML does; the reader rejects recursive aliases.
    if (node.anchor) anchors.set(node.anchor, node);
    if (isMap(node)) {
      const seen = new Set<string>();
      for (const pair of node.items)
        visitPair(pair, path, seen, path === "" ? index.rootKeys : undefined);
    } else if (isSeq(node)) {
      for (const [i, item] of node.items.entries())
        visit(item as Node, indexPath(path, i), spanOf(item as Node));
    }
  };

  const visitPair = (pair: Pair, parent: string, seen: Set<string>, rootKeys?: string[]) => {
    const key = keyText(pair.key);
    if (key === undefined) {
      index.errors.push(
        parseError({
          rule: "parse/type-mismatch",
          message: "mapping keys must be strings, found a collection or alias as a key",
          path: parent,
          range: span(lineCounter, ...firstLine(pair.key as Node)),
        }),
      );
      // Not a scalar key: a collection or an alias.
      visitProperties(pair.key as Node, parent);
      return;
    }
    const path = keyPath(parent, key);
    visitProperties(pair.key as Node, path);
    checkUnicode(pair.key, path);
    if (isScalar(pair.key) && key === "<<" && pair.key.type === "PLAIN") {
      feature("merge_key", path, pair.key);
    }
    if (seen.has(key)) {
      index.errors.push(
        parseError({
          rule: parent === "" && key === "attack" ? "V-003" : "parse/duplicate-key",
          kind: "syntax",
          message: `duplicate key \`${key}\``,
          path,
          range: rangeOf(pair.key as Node),
        }),
      );
    }
    seen.add(key);
    rootKeys?.push(key);
    const value = pair.value;
    // Scalars point at the value; collections (and empty values) at their key.
    const where = isScalar(value) && value.source !== "" ? spanOf(value) : spanOf(pair.key as Node);
    if (isNode(value)) visit(value, path, where);
    else record(path, where);
  };

  visit(root, "", firstLine(root));
  return index;
}
