// The YAML syntax tree of the text being edited, and the node under the cursor with its
// dot-path. Read with the `yaml` library (the parser `parse` uses) but kept apart from the
// OATF document: an editor's text is usually half-written, and hover, navigation and
// outline still work on what the tree holds. Walks are bounded in depth (MAX_DEPTH).
import { MAX_DEPTH } from "@oatf/model/internal";
import {
  Composer,
  isMap,
  isPair,
  isScalar,
  isSeq,
  type Node,
  Parser,
  type Document as YamlDocument,
} from "yaml";
import type { Segment } from "./schema.js";

export type { YamlDocument };

/**
 * The first document of `text`, parsed without throwing; the tree keeps source ranges; aliases
 * are never expanded. (`yaml`'s parser and composer as `parseDocument` drives them, without its
 * error formatting, which the tree does not need.)
 */
export function parseTree(text: string): YamlDocument | undefined {
  try {
    const composer = new Composer({ uniqueKeys: false, strict: false });
    for (const document of composer.compose(new Parser().parse(text), true, text.length))
      return document;
  } catch {
    // a tree is not always there: the features answer without one
  }
  return undefined;
}

/** What the cursor is on. */
export interface NodeAt {
  /** Dot-path segments of the value (for a key: of the field it names). */
  path: Segment[];
  /** Whether the cursor is on the key rather than the value. */
  onKey: boolean;
  /** The scalar under the cursor, if any. */
  scalar?: { value: unknown; start: number; end: number };
}

function within(
  node: { range?: [number, number, number] | null } | null | undefined,
  offset: number,
): boolean {
  const range = node?.range;
  return !!range && range[0] <= offset && offset <= range[1];
}

/** The deepest node containing `offset`, with its path. */
export function nodeAt(doc: YamlDocument | undefined, offset: number): NodeAt | undefined {
  let node = doc?.contents as Node | null | undefined;
  const path: Segment[] = [];
  for (let depth = 0; node && depth <= MAX_DEPTH; depth++) {
    if (isScalar(node)) {
      if (!within(node, offset)) return undefined;
      return { path, onKey: false, scalar: scalarAt(node) };
    }
    if (isMap(node)) {
      let next: Node | undefined;
      for (const pair of node.items) {
        const key = pair.key as Node | null;
        if (isScalar(key) && within(key, offset)) {
          return { path: [...path, String(key.value)], onKey: true, scalar: scalarAt(key) };
        }
        const value = pair.value as Node | null;
        if (value && within(value, offset) && isScalar(key)) {
          path.push(String(key.value));
          next = value;
          break;
        }
      }
      node = next;
      continue;
    }
    if (isSeq(node)) {
      const index = node.items.findIndex((item) => within(item as Node, offset));
      if (index < 0) return undefined;
      path.push(index);
      node = node.items[index] as Node;
      continue;
    }
    return undefined;
  }
  return undefined;
}

function scalarAt(node: Node): NodeAt["scalar"] {
  const range = node.range as [number, number, number];
  return { value: isScalar(node) ? node.value : undefined, start: range[0], end: range[1] };
}

/** A scalar value or key with its path and source span, as found by `scalars`. */
export interface ScalarEntry {
  path: Segment[];
  /** Whether this is a mapping key (path is then the field it names). */
  isKey: boolean;
  value: unknown;
  start: number;
  end: number;
  /** The source text of the scalar (quotes included). */
  source: string;
}

/** Every scalar of the tree in document order, keys included; bounded by `limit` entries. */
export function scalars(doc: YamlDocument | undefined, text: string, limit: number): ScalarEntry[] {
  const out: ScalarEntry[] = [];
  const visit = (node: unknown, path: Segment[], depth: number): void => {
    if (depth > MAX_DEPTH || out.length >= limit || !node) return;
    if (isScalar(node)) {
      const range = node.range;
      if (range)
        out.push({
          path,
          isKey: false,
          value: node.value,
          start: range[0],
          end: range[1],
          source: text.slice(range[0], range[1]),
        });
    } else if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair) || !isScalar(pair.key)) continue;
        const key = pair.key;
        const childPath = [...path, String(key.value)];
        if (key.range)
          out.push({
            path: childPath,
            isKey: true,
            value: key.value,
            start: key.range[0],
            end: key.range[1],
            source: text.slice(key.range[0], key.range[1]),
          });
        visit(pair.value, childPath, depth + 1);
      }
    } else if (isSeq(node)) {
      for (const [index, item] of node.items.entries()) visit(item, [...path, index], depth + 1);
    }
  };
  visit(doc?.contents, [], 0);
  return out;
}

/** The plain value at `path` when it is a scalar. */
export function scalarValue(doc: YamlDocument | undefined, path: readonly Segment[]): unknown {
  try {
    const node = doc?.getIn(path, true);
    return isScalar(node) ? node.value : undefined;
  } catch {
    return undefined;
  }
}

/** The keys present in the mapping at `path`. */
export function keysAt(doc: YamlDocument | undefined, path: readonly Segment[]): Set<string> {
  try {
    const node = path.length === 0 ? doc?.contents : doc?.getIn(path, true);
    if (!isMap(node)) return new Set();
    return new Set(node.items.flatMap((p) => (isScalar(p.key) ? [String(p.key.value)] : [])));
  } catch {
    return new Set();
  }
}

/** Number of items of the sequence at `path` (0 when none). */
export function lengthAt(doc: YamlDocument | undefined, path: readonly Segment[]): number {
  try {
    const node = doc?.getIn(path, true);
    return isSeq(node) ? node.items.length : 0;
  } catch {
    return 0;
  }
}
