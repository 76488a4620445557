// Reads the YAML tree against the document shape (shape.ts): checks types,
// required fields, closed enums and unknown fields, moves `x-` keys into
// `extensions`, and copies free-form content (state, params) as plain Values.
// It collects every error it can instead of stopping at the first one.
import {
  type Alias,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  type LineCounter,
  type Node,
  Scalar,
} from "yaml";
import type { ParseError, SourceRange } from "../diagnostics.js";
import { recordExtensionAnchors } from "../key-order.js";
import type { ParseLimits } from "../limits.js";
import { indexPath, keyPath } from "../paths.js";
import { preview } from "../preview.js";
import type { ValidationRuleId } from "../rule-ids.js";
import { setOwn } from "../set-own.js";
import {
  type Field,
  type FieldType,
  KNOWN_ACTIONS,
  MATCH_CONDITION,
  OPERATOR_KEYS,
  PATTERN,
  SEVERITY,
  type Shape,
  withArticle,
} from "../shape.js";
import { suggestionSuffix } from "../suggest.js";
import type { Value } from "../types.js";
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

export const INVALID = Symbol("invalid");
type Read = unknown;

export class Reader {
  readonly errors: ParseError[] = [];
  private expanded = 0;
  private expandedBytes = 0;
  private aliasDepth = 0;
  private readonly expanding = new Set<Node>();

  constructor(
    private readonly index: SourceIndex,
    private readonly lineCounter: LineCounter,
    private readonly limits: Required<ParseLimits>,
  ) {}

  /** Reads `node` as `type`; returns INVALID (after recording why) when it does not fit. */
  read(node: Node, type: FieldType, path: string, depth: number, rule?: ValidationRuleId): Read {
    if (isAlias(node))
      return this.throughAlias(node, path, (target) => this.read(target, type, path, depth, rule));
    this.count(node, path, depth);
    switch (type.kind) {
      case "value":
        return this.value(node, path, depth);
      case "string":
        return this.scalar(node, path, rule, "a string", (v) => typeof v === "string");
      case "boolean":
        return this.scalar(node, path, rule, "a boolean", (v) => typeof v === "boolean");
      case "number":
        return this.scalar(node, path, rule, "a number", (v) => typeof v === "number");
      case "integer":
        return this.scalar(node, path, rule, expectedInteger(node), (v, src) => isInteger(v, src));
      case "date":
        return this.scalar(node, path, rule, "an ISO 8601 date or date-time", (v) => isDate(v));
      case "enum":
        return this.enumeration(node, type, path);
      case "list":
        return this.list(node, type.of, path, depth, rule);
      case "map":
        return this.map(node, type.of, path, depth, rule);
      case "object":
        return this.object(node, type.shape, path, depth, rule);
      case "severity":
        if (isScalar(node)) return this.enumeration(node, SEVERITY_LEVEL, path);
        if (isMap(node)) return this.object(node, SEVERITY, path, depth);
        return this.mismatch(node, path, "a severity level or a mapping with `level`", "V-005");
      case "condition": {
        const isOperatorMap =
          isMap(node) && node.items.some((pair) => OPERATOR_KEYS.has(keyText(pair.key) ?? ""));
        return isOperatorMap
          ? this.object(node, MATCH_CONDITION, path, depth)
          : this.value(node, path, depth);
      }
      case "action":
        return this.action(node, path, depth);
    }
  }

  /** Free-form content: any YAML value, copied as plain data. */
  value(node: Node, path: string, depth: number): Value {
    if (isAlias(node)) {
      const result = this.throughAlias(node, path, (target) => this.value(target, path, depth));
      return result === INVALID ? null : (result as Value);
    }
    this.count(node, path, depth);
    if (isMap(node)) {
      const out: Record<string, Value> = {};
      for (const pair of node.items) {
        const key = keyText(pair.key);
        if (key === undefined) continue;
        setOwn(out, key, this.value(entryValue(pair), keyPath(path, key), depth + 1));
      }
      return out;
    }
    if (isSeq(node)) {
      return node.items.map((item, i) =>
        item ? this.value(item as Node, indexPath(path, i), depth + 1) : null,
      );
    }
    // An alias, a mapping and a sequence are handled above: what is left is a scalar.
    const v = (node as Scalar).value;
    if (v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean")
      return v;
    return String(v);
  }

  private object(
    node: Node,
    shape: Shape,
    path: string,
    depth: number,
    rule?: ValidationRuleId,
  ): Read {
    if (!isMap(node)) return this.mismatch(node, path, `a mapping (${shape.name})`, rule);
    const out: Record<string, unknown> = {};
    const extensions: Record<string, Value> = {};
    const present = new Set<string>();
    const followed = new Map<string, string | null>();
    let lastKnown: string | null = null;
    let unknownFields = false;
    for (const pair of node.items) {
      const key = keyText(pair.key);
      if (key === undefined) continue; // reported by the source index
      const childPath = keyPath(path, key);
      const field = shape.fields.get(key);
      const value = pair.value as Node | null;
      if (field) lastKnown = key;
      if (!field) {
        if (shape.extensions && key.startsWith("x-")) {
          setOwn(extensions, key, this.value(entryValue(pair), childPath, depth + 1));
          followed.set(key, lastKnown);
        } else {
          this.unknownField(pair.key as Node, key, shape, childPath);
          unknownFields = true;
        }
        continue;
      }
      if (isAbsent(value, field)) continue;
      present.add(key);
      const read = this.read(value!, field.type, childPath, depth + 1, field.typeRule);
      if (read !== INVALID) out[key] = read;
    }
    for (const [key, field] of shape.fields) {
      if (field.required && !present.has(key)) {
        this.errors.push(
          parseError({
            rule: field.missingRule ?? "parse/missing-field",
            kind: "type_mismatch",
            message: `missing required field \`${key}\` in ${shape.name}`,
            path: keyPath(path, key),
            // Where the parent is written (its key), as positionOrAncestor would give.
            range: this.atPath(path, node),
          }),
        );
      }
    }
    // An unknown field (`exists` in shorthand, a typo) already explains what is wrong.
    const problem = unknownFields ? undefined : shape.check?.(out, present);
    if (problem) {
      const problemPath = problem.key === undefined ? path : keyPath(path, problem.key);
      this.errors.push(
        parseError({
          rule: "parse/type-mismatch",
          message: problem.message,
          path: problemPath,
          range: this.atPath(problemPath, node),
        }),
      );
      return INVALID;
    }
    if (Object.keys(extensions).length > 0) {
      out.extensions = extensions;
      recordExtensionAnchors(extensions, followed);
    }
    return out;
  }

  /** An entry action: known `send`/`log`, or one binding-specific key kept as written. */
  private action(node: Node, path: string, depth: number): Read {
    if (!isMap(node)) return this.mismatch(node, path, "a mapping (action)");
    const out: Record<string, unknown> = {};
    const extensions: Record<string, Value> = {};
    const followed = new Map<string, string | null>();
    let lastKey: string | null = null;
    for (const pair of node.items) {
      const key = keyText(pair.key);
      if (key === undefined) continue;
      const childPath = keyPath(path, key);
      const value = entryValue(pair);
      const known = KNOWN_ACTIONS.get(key);
      if (key.startsWith("x-")) {
        setOwn(extensions, key, this.value(value, childPath, depth + 1));
        followed.set(key, lastKey);
        continue;
      }
      lastKey = key;
      if (key === "extensions") {
        this.errors.push(
          parseError({
            rule: "parse/unknown-field",
            message:
              "`extensions` cannot be an action key (it holds the `x-` fields of the action)",
            path: childPath,
            range: this.at(pair.key as Node),
          }),
        );
      } else if (known) {
        const read = this.read(value, { kind: "object", shape: known }, childPath, depth + 1);
        if (read !== INVALID) out[key] = read;
      } else {
        setOwn(out, key, this.value(value, childPath, depth + 1));
      }
    }
    if (Object.keys(extensions).length > 0) {
      out.extensions = extensions;
      recordExtensionAnchors(extensions, followed);
    }
    return out;
  }

  private list(
    node: Node,
    of: FieldType,
    path: string,
    depth: number,
    rule?: ValidationRuleId,
  ): Read {
    if (!isSeq(node)) return this.mismatch(node, path, "a sequence", rule);
    const out: unknown[] = [];
    node.items.forEach((item, i) => {
      const itemPath = indexPath(path, i);
      // `yaml` composes an empty item as a null scalar: items are never missing.
      const read = this.read(item as Node, of, itemPath, depth + 1);
      // An unreadable item keeps its place (as null), so later items keep their paths; the
      // typed `parse` fails anyway, and the recovering parse marks the path unreadable.
      out.push(read === INVALID ? null : read);
    });
    return out;
  }

  private map(
    node: Node,
    of: FieldType,
    path: string,
    depth: number,
    rule?: ValidationRuleId,
  ): Read {
    if (!isMap(node)) return this.mismatch(node, path, "a mapping", rule);
    const out: Record<string, unknown> = {};
    for (const pair of node.items) {
      const key = keyText(pair.key);
      if (key === undefined) continue;
      const childPath = keyPath(path, key);
      const read = this.read(entryValue(pair), of, childPath, depth + 1);
      if (read !== INVALID) setOwn(out, key, read);
    }
    return out;
  }

  private scalar(
    node: Node,
    path: string,
    rule: ValidationRuleId | undefined,
    expected: string,
    accepts: (value: unknown, source: string | undefined) => boolean,
  ): Read {
    if (isScalar(node) && accepts(node.value, (node as { source?: string }).source))
      return node.value;
    const hint =
      path === "oatf" && isScalar(node) && typeof node.value === "number"
        ? ' (quote the version: oatf: "0.1")'
        : "";
    return this.mismatch(node, path, expected + hint, rule);
  }

  private enumeration(node: Node, type: Extract<FieldType, { kind: "enum" }>, path: string): Read {
    if (isScalar(node) && typeof node.value === "string") {
      if (type.values.includes(node.value)) return node.value;
      this.errors.push(
        parseError({
          rule: "V-005",
          kind: "unknown_variant",
          message: `unknown ${type.name} \`${preview(node.value)}\`; expected one of: ${type.values.join(", ")}${suggestionSuffix(node.value, type.values)}`,
          path,
          range: this.at(node),
        }),
      );
      return INVALID;
    }
    return this.mismatch(
      node,
      path,
      `${withArticle(type.name)} (one of: ${type.values.join(", ")})`,
      "V-005",
    );
  }

  private unknownField(keyNode: Node, key: string, shape: Shape, path: string): void {
    const suggestion = suggestionSuffix(key, shape.fields.keys());
    const xHint = key.startsWith("x-")
      ? ` (${shape.name} does not allow \`x-\` extension fields)`
      : shape === PATTERN && key === "exists"
        ? " (`exists` needs the standard form: `condition: {exists: …}`)"
        : "";
    this.errors.push(
      parseError({
        rule: "parse/unknown-field",
        message: `unknown field \`${preview(key)}\` in ${shape.name}${xHint}${suggestion}`,
        path,
        range: this.at(keyNode),
      }),
    );
  }

  private mismatch(
    node: Node,
    path: string,
    expected: string,
    rule?: ValidationRuleId,
  ): typeof INVALID {
    this.errors.push(
      parseError({
        rule: rule ?? "parse/type-mismatch",
        kind: "type_mismatch",
        message: `expected ${expected}, found ${describeNode(node)}`,
        path,
        range: this.at(node),
      }),
    );
    return INVALID;
  }

  /** Follows an alias to its anchor, refusing cycles and bounding total expansion. */
  private throughAlias<T>(
    alias: Alias,
    path: string,
    read: (target: Node) => T,
  ): T | typeof INVALID {
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
      return INVALID;
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

  /** The recorded span of `path`, else where `node` starts. */
  private atPath(path: string, node: Node): SourceRange | undefined {
    const recorded = this.index.offsets.get(path);
    return recorded ? span(this.lineCounter, recorded[0], recorded[1]) : this.at(node);
  }
}

const SEVERITY_LEVEL = SEVERITY.fields.get("level")!.type as Extract<FieldType, { kind: "enum" }>;

/** An optional field written as null (`description:`) counts as absent; Values keep null. */
function isAbsent(value: Node | null, field: Field): boolean {
  const nullish = !value || (isScalar(value) && value.value === null);
  if (!nullish) return false;
  const keepsNull = field.type.kind === "value" || field.type.kind === "condition";
  return !keepsNull || !value;
}

/** YAML 1.2 core schema integers: `1.0` and `1e3` are floats. */
const INTEGER_SOURCE = /^[-+]?(?:[0-9]+|0x[0-9a-fA-F]+|0o[0-7]+)$/;

/** Integers are written as integers, and are exact in a JavaScript number. */
function isInteger(value: unknown, source: string | undefined): boolean {
  if (!Number.isSafeInteger(value)) return false;
  return source === undefined || INTEGER_SOURCE.test(source);
}

/** What an integer field expects; says so when the integer written is too large to be exact. */
function expectedInteger(node: Node): string {
  const tooLarge =
    isScalar(node) && typeof node.value === "number" && !Number.isSafeInteger(node.value);
  const source = (node as { source?: string }).source;
  return tooLarge && source !== undefined && INTEGER_SOURCE.test(source)
    ? `an integer between ${Number.MIN_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`
    : "an integer";
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** `YYYY-MM-DD`, or an RFC 3339 date-time with a timezone, naming a real calendar day. */
export function isDate(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const match = DATE.exec(value) ?? DATE_TIME.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // A day or month out of range rolls the date into another month.
  if (date.getUTCMonth() !== month - 1) return false;
  if (match[4] === undefined) return true;
  return Number(match[4]) < 24 && Number(match[5]) < 60 && Number(match[6]) < 61;
}

/**
 * The value of a mapping entry; a key written without one (`{send}`, `? key`) has a null
 * value, placed at the key.
 */
function entryValue(pair: { key: unknown; value: unknown }): Node {
  if (pair.value) return pair.value as Node;
  const empty = new Scalar(null);
  empty.range = (pair.key as Node).range;
  return empty;
}

function describeNode(node: Node): string {
  if (isMap(node)) return "a mapping";
  if (isSeq(node)) return "a sequence";
  // The reader follows aliases before it describes a value: what is left is a scalar.
  const v = (node as Scalar).value;
  if (v === null) return "null";
  if (typeof v === "string") return `string "${preview(v)}"`;
  if (typeof v === "number") {
    // As written: `1.0` is a float in YAML 1.2 even though its value is whole.
    const source = (node as { source?: string }).source ?? String(v);
    return `${INTEGER_SOURCE.test(source) ? "integer" : "number"} ${preview(source)}`;
  }
  return `${typeof v} ${String(v)}`;
}
