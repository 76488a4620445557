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
  const walk: Walk = {
    offsets: new Map(),
    rootKeys: [],
    features: [],
    aliasTargets: new Map(),
    strings: new Map(),
    errors: [],
    anchors: new Map(),
    lines: lineCounter,
  };
  visit(walk, root, "", firstLine(walk, root));
  return walk;
}

/** The walk's state: the index it builds, the anchors met so far, the text's lines. */
interface Walk extends SourceIndex {
  anchors: Map<string, Node>;
  lines: LineCounter;
}

type Ranged = { range?: [number, number, number] | null } | null | undefined;
const offset = (node: Ranged) => node?.range?.[0] ?? 0;
const rangeOf = ({ lines }: Walk, node: Ranged) => span(lines, offset(node), node?.range?.[1]);

/** A collection's span: its first line only, so a frame underlines one line. */
const firstLine = ({ lines }: Walk, node: Ranged): [number, number] => {
  const start = offset(node);
  const { line } = lines.linePos(start);
  const next = lines.lineStarts[line] ?? Number.POSITIVE_INFINITY;
  return [start, Math.min(node?.range?.[1] ?? start + 1, next - 1)];
};

const spanOf = (walk: Walk, node: Ranged): [number, number] =>
  isScalar(node) ? [offset(node), node.range?.[1] ?? offset(node) + 1] : firstLine(walk, node);

const feature = (
  walk: Walk,
  kind: YamlFeatureUse["kind"],
  path: string,
  node: Node | Scalar,
  detail?: string,
) => {
  const at = position(walk.lines, offset(node));
  walk.features.push({ kind, path, ...at, ...(detail === undefined ? {} : { detail }) });
};

// Anchors, tags and aliases can sit on keys as well as values.
const visitProperties = (walk: Walk, node: Node, path: string) => {
  if (isAlias(node)) {
    feature(walk, "alias", path, node, node.source);
    const target = walk.anchors.get(node.source);
    if (target) walk.aliasTargets.set(node, target);
    return;
  }
  if (node.anchor) {
    feature(walk, "anchor", path, node, node.anchor);
  }
  if (node.tag && !CORE_TAGS.has(node.tag)) feature(walk, "custom_tag", path, node, node.tag);
};

// `"\ud800"` escapes a surrogate, which is not a Unicode character (YAML 1.2 §5.7).
const checkUnicode = (walk: Walk, node: unknown, path: string) => {
  if (isScalar(node) && typeof node.value === "string" && LONE_SURROGATE.test(node.value)) {
    walk.errors.push(
      parseError({
        rule: "parse/syntax",
        message:
          "an escape sequence stands for an unpaired surrogate, which is not a Unicode character",
        path,
        range: rangeOf(walk, node),
      }),
    );
  }
};

// A duplicated key (an error) keeps the span of its last value: the one the reader keeps.
const visit = (walk: Walk, node: Node, path: string, where: [number, number]) => {
  walk.offsets.set(path, where);
  if (isScalar(node) && typeof node.value === "string" && node.range)
    walk.strings.set(path, node as Scalar<string>);
  visitProperties(walk, node, path);
  checkUnicode(walk, node, path);
  // Set before the children, as YAML does; the reader rejects recursive aliases.
  if (node.anchor) walk.anchors.set(node.anchor, node);
  if (isMap(node)) {
    const seen = new Set<string>();
    for (const pair of node.items)
      visitPair(walk, pair, path, seen, path === "" ? walk.rootKeys : undefined);
  } else if (isSeq(node)) {
    for (const [i, item] of node.items.entries())
      visit(walk, item as Node, indexPath(path, i), spanOf(walk, item as Node));
  }
};

const visitPair = (
  walk: Walk,
  pair: Pair,
  parent: string,
  seen: Set<string>,
  rootKeys?: string[],
) => {
  const key = keyText(pair.key);
  if (key === undefined) {
    walk.errors.push(
      parseError({
        rule: "parse/type-mismatch",
        message: "mapping keys must be strings, found a collection or alias as a key",
        path: parent,
        range: span(walk.lines, ...firstLine(walk, pair.key as Node)),
      }),
    );
    // Not a scalar key: a collection or an alias.
    visitProperties(walk, pair.key as Node, parent);
    return;
  }
  const path = keyPath(parent, key);
  visitProperties(walk, pair.key as Node, path);
  checkUnicode(walk, pair.key, path);
  if (isScalar(pair.key) && key === "<<" && pair.key.type === "PLAIN") {
    feature(walk, "merge_key", path, pair.key);
  }
  if (seen.has(key)) {
    walk.errors.push(
      parseError({
        rule: parent === "" && key === "attack" ? "V-003" : "parse/duplicate-key",
        kind: "syntax",
        message: `duplicate key \`${key}\``,
        path,
        range: rangeOf(walk, pair.key as Node),
      }),
    );
  }
  seen.add(key);
  rootKeys?.push(key);
  const value = pair.value;
  // Scalars point at the value; collections (and empty values) at their key.
  const where = spanOf(walk, isScalar(value) && value.source !== "" ? value : (pair.key as Node));
  if (isNode(value)) visit(walk, value, path, where);
  else walk.offsets.set(path, where);
};
