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

interface Located {
  nodes: Map<string, Node>;
  keys: Map<string, Node>;
}

export class PlainReader {
  readonly errors: ParseError[] = [];
  /** The source text of each number, by dot-path: `1.0` is a float in YAML 1.2. */
  private readonly numbers = new Map<string, string>();
  /** Paths of keys written without a value (`{state}`, `? key`). */
  private readonly valueless = new Set<string>();
  /** Where each node is written, built when the first problem needs a range. */
  private located: Located | undefined;
  private expanded = 0;
  private expandedBytes = 0;
  private aliasDepth = 0;
  private readonly expanding = new Set<Node>();

  constructor(
    private readonly index: SourceIndex,
    private readonly lineCounter: LineCounter,
    private readonly limits: Required<ParseLimits>,
  ) {}

  private root: Node | undefined;

  /** `node` as plain data; an alias that cannot be followed is UNREADABLE (and reported). */
  read(node: Node, path: string, depth: number): unknown {
    this.root ??= node;
    if (isAlias(node)) return this.throughAlias(node, path, (t) => this.read(t, path, depth));
    this.count(node, path, depth);
    if (isMap(node)) {
      const out: Record<string, unknown> = {};
      for (const pair of node.items) {
        const key = keyText(pair.key);
        if (key === undefined) continue; // reported by the source index
        const childPath = keyPath(path, key);
        const value = pair.value as Node | null;
        if (value) setOwn(out, key, this.read(value, childPath, depth + 1));
        else {
          // No value at all: null (written at the key).
          this.valueless.add(childPath);
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
    if (typeof v === "number") {
      const source = (node as { source?: string }).source;
      if (source !== undefined) this.numbers.set(path, source);
    }
    if (v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean")
      return v;
    return String(v);
  }

  /** The source text of the number at `path` (`1.0`, `0x1F`). */
  sourceOf(path: string): string | undefined {
    return this.numbers.get(path);
  }

  /** Whether the key at `path` has no value at all. */
  keyOnly(path: string): boolean {
    return this.valueless.has(path);
  }

  /** Where the value at `path` is written (a key without a value: the key). */
  valueAt(path: string): SourceRange | undefined {
    const node = this.locate().nodes.get(path);
    return node ? this.at(node) : undefined;
  }

  /** Where the key of the entry at `path` is written. */
  keyAt(path: string): SourceRange | undefined {
    const node = this.locate().keys.get(path);
    return node ? this.at(node) : undefined;
  }

  /**
   * The node at every dot-path, aliases followed as `read` follows them. Built once, on demand:
   * a document without problems never pays for it. `read` has bounded the expansion already.
   */
  private locate(): Located {
    if (this.located) return this.located;
    const located: Located = { nodes: new Map(), keys: new Map() };
    type Entry = [Node, string] | { leave: Node };
    const stack: Entry[] = [[this.root!, ""]];
    const open = new Set<Node>();
    while (stack.length > 0) {
      const entry = stack.pop()!;
      if ("leave" in entry) {
        open.delete(entry.leave);
        continue;
      }
      let [node, path] = entry;
      if (isAlias(node)) {
        const target = this.index.aliasTargets.get(node);
        // A cycle was reported by `read`; stop where it stopped.
        if (!target || open.has(target)) continue;
        open.add(target);
        stack.push({ leave: target });
        node = target;
      }
      if (located.nodes.has(path)) continue;
      located.nodes.set(path, node);
      if (isMap(node)) {
        for (const pair of node.items) {
          const key = keyText(pair.key);
          if (key === undefined) continue;
          const childPath = keyPath(path, key);
          located.keys.set(childPath, pair.key as Node);
          stack.push([(pair.value as Node | null) ?? (pair.key as Node), childPath]);
        }
      } else if (isSeq(node)) {
        node.items.forEach((item, i) => {
          stack.push([item as Node, indexPath(path, i)]);
        });
      }
    }
    this.located = located;
    return located;
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
