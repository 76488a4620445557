// SDK §3.1: the composed YAML tree → a plain tree (what `conform` checks against the document
// shape), following aliases within fixed bounds (format §12.1: documents are untrusted), and
// remembering the node at each dot-path so a problem found in the plain tree gets the source
// range of what is written there, aliases included.
import { type Alias, isAlias, isMap, isScalar, isSeq, type LineCounter, type Node } from "yaml";
import { UNREADABLE } from "../conform.js";
import type { ParseError, SourceRange } from "../diagnostics.js";
import type { ParseLimits } from "../limits.js";
import { indexPath, keyPath } from "../paths.js";
import { setOwn } from "../set-own.js";
import { parseError, span } from "./errors.js";
import { MAX_DEPTH } from "./load-yaml.js";
import { keyText, type SourceIndex } from "./source-index.js";

/** Nodes that alias expansion may produce in total; an alias bomb stops here. */
export const MAX_ALIAS_EXPANSION = 100_000;

/** Thrown (and caught by `parse`) when input exhausts a limit; the document is abandoned. */
export class LimitExceeded extends Error {
  constructor(readonly error: ParseError) {
    super(error.message);
  }
}

export class PlainReader {
  readonly errors: ParseError[] = [];
  /** The node written at each dot-path (through aliases too). */
  private readonly nodes = new Map<string, Node>();
  /** The key node of each mapping entry, by the entry's dot-path. */
  private readonly keys = new Map<string, Node>();
  /** Paths of keys written without a value (`{state}`, `? key`). */
  private readonly valueless = new Set<string>();
  private expanded = 0;
  private expandedBytes = 0;
  private aliasDepth = 0;
  private readonly expanding = new Set<Node>();

  constructor(
    private readonly index: SourceIndex,
    private readonly lineCounter: LineCounter,
    private readonly limits: Required<ParseLimits>,
  ) {}

  /** `node` as plain data; an alias that cannot be followed is UNREADABLE (and reported). */
  read(node: Node, path: string, depth: number): unknown {
    if (isAlias(node)) return this.throughAlias(node, path, (t) => this.read(t, path, depth));
    this.count(node, path, depth);
    this.nodes.set(path, node);
    if (isMap(node)) {
      const out: Record<string, unknown> = {};
      for (const pair of node.items) {
        const key = keyText(pair.key);
        if (key === undefined) continue; // reported by the source index
        const childPath = keyPath(path, key);
        this.keys.set(childPath, pair.key as Node);
        const value = pair.value as Node | null;
        if (value) setOwn(out, key, this.read(value, childPath, depth + 1));
        else {
          // No value at all: null, written at the key.
          this.valueless.add(childPath);
          this.nodes.set(childPath, pair.key as Node);
          setOwn(out, key, null);
        }
      }
      return out;
    }
    if (isSeq(node)) {
      // `yaml` composes an empty item as a null scalar: items are never missing.
      return node.items.map((item, i) => this.read(item as Node, indexPath(path, i), depth + 1));
    }
    // An alias, a mapping and a sequence are handled above: what is left is a scalar.
    const v = (node as { value?: unknown }).value;
    if (v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean")
      return v;
    return String(v);
  }

  /** The scalar source text at `path` (`1.0`, `0x1F`), when one is written there. */
  sourceOf(path: string): string | undefined {
    const node = this.nodes.get(path);
    return isScalar(node) ? (node as { source?: string }).source : undefined;
  }

  /** Whether the key at `path` has no value at all. */
  keyOnly(path: string): boolean {
    return this.valueless.has(path);
  }

  /** Where the value at `path` is written. */
  valueAt(path: string): SourceRange | undefined {
    const node = this.nodes.get(path);
    return node ? this.at(node) : undefined;
  }

  /** Where the key of the entry at `path` is written. */
  keyAt(path: string): SourceRange | undefined {
    const node = this.keys.get(path);
    return node ? this.at(node) : undefined;
  }

  /** The recorded span of `path` (see SourceIndex.offsets), else where `object` is written. */
  near(path: string, object: string): SourceRange | undefined {
    const recorded = this.index.offsets.get(path);
    return recorded ? span(this.lineCounter, recorded[0], recorded[1]) : this.valueAt(object);
  }

  /** Follows an alias to its anchor, refusing cycles and bounding total expansion. */
  private throughAlias(alias: Alias, path: string, read: (target: Node) => unknown): unknown {
    const target = this.index.aliasTargets.get(alias);
    if (!target || this.expanding.has(target)) {
      this.errors.push(
        parseError({
          rule: "V-020",
          kind: "syntax",
          message: target
            ? `alias \`*${alias.source}\` refers to a node that contains it`
            : `alias \`*${alias.source}\` refers to no earlier anchor`,
          path,
          range: this.at(alias),
        }),
      );
      return UNREADABLE;
    }
    this.expanding.add(target);
    this.aliasDepth++;
    try {
      return read(target);
    } finally {
      this.aliasDepth--;
      this.expanding.delete(target);
    }
  }

  /**
   * Enforces the depth and alias-expansion limits, for nodes reached through aliases too.
   * Expansion counts nodes and bytes: 600 aliases of one 1 MB string are 600 MB of output.
   */
  private count(node: Node, path: string, depth: number): void {
    if (depth > MAX_DEPTH) {
      throw new LimitExceeded(
        parseError({
          rule: "parse/too-large",
          message: `values are nested more than ${MAX_DEPTH} levels deep`,
          path,
          range: this.at(node),
        }),
      );
    }
    if (this.aliasDepth === 0) return;
    const maxNodes = Math.min(MAX_ALIAS_EXPANSION, this.limits.maxNodes);
    if (isScalar(node) && typeof node.value === "string") this.expandedBytes += node.value.length;
    if (++this.expanded > maxNodes || this.expandedBytes > this.limits.maxBytes) {
      const what = this.expanded > maxNodes ? `${maxNodes} nodes` : `${this.limits.maxBytes} bytes`;
      throw new LimitExceeded(
        parseError({
          rule: "V-020",
          kind: "syntax",
          message: `aliases expand to more than ${what}; OATF forbids aliases`,
          path,
          range: this.at(node),
        }),
      );
    }
  }

  /** Where `node` is written: `yaml` gives every node it composes a range. */
  private at(node: Node): SourceRange {
    const [start, end] = node.range!;
    return span(this.lineCounter, start, end);
  }
}
