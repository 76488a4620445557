// serialize (SDK §3.4): a Document → canonical YAML 1.2 text. `oatf` first,
// then every object's fields in specification order (shape.ts), block style,
// strings quoted only where a YAML 1.2 or 1.1 reader would misread them.
//
// `x-` fields come back out of `extensions` as keys of their object, where they were
// (SDK §3.4 item 4; key-order.ts): known fields always in spec order (item 2), each `x-`
// field right after the known field it followed in the source (first when it came before
// any), also in a normalized copy. Documents built in code have no source: their `x-`
// fields come after the known fields, in their own order. (Known fields are not written in
// their source order: SDK §3.4 item 2 fixes the canonical spec order.)
//
// serialize writes the document it is given: it does not normalize it. Call
// `normalize` first for the canonical fully-expanded form of format §11.2.
import { Scalar, type ScalarTag, visit, Document as YamlDocument } from "yaml";
import { extensionAnchors } from "./key-order.js";
import { checkPlainTree } from "./plain-tree.js";
import { setOwn } from "./set-own.js";
import {
  DOCUMENT,
  type FieldType,
  KNOWN_ACTIONS,
  MATCH_CONDITION,
  SEVERITY,
  type Shape,
} from "./shape.js";
import { hexEscape } from "./terminal/escape.js";
import type { Document } from "./types.js";

export function serialize(document: Document): string {
  // A cyclic, too deep or too large document built in code is not written (nor thrown
  // on): the output is one YAML comment saying why, which no parser reads as a document.
  const problem = checkPlainTree(document);
  if (problem !== undefined) return `# not serialized: ${problem.message}\n`;
  const data = ordered(document, { kind: "object", shape: DOCUMENT });
  // No anchors for objects shared in memory: OATF forbids them (V-020).
  const yaml = new YamlDocument(data, {
    version: "1.2",
    compat: "yaml-1.1",
    customTags: (tags) => [NUMBER, ...tags, YAML_1_1_VALUE],
    aliasDuplicateObjects: false,
    // A field set to `undefined` is not written: the copies below may hold such fields.
    keepUndefined: false,
  });
  // Characters YAML allows only escaped (controls, DEL, C1, BOM, U+FFFE/F), or that
  // YAML 1.1 reads as line breaks (CR, NEL, LS, PS), or bidi controls (YAML allows them,
  // but raw they reorder what a reviewer or a terminal shows: "Trojan Source"), or a tab
  // in what would be a plain scalar (PyYAML ends the scalar there), or a line of only
  // spaces and tabs in a multi-line string (a block scalar cannot keep it): such strings
  // are double-quoted...
  visit(yaml, {
    Scalar(_key, node) {
      const value = node.value;
      if (typeof value !== "string") return;
      if (
        ESCAPED.test(value) ||
        (value.includes("\t") && !value.includes("\n")) ||
        BLANK_LINE.test(value)
      ) {
        node.type = Scalar.QUOTE_DOUBLE;
      }
    },
  });
  const text = yaml.toString({ lineWidth: 0, blockQuote: "literal", indentSeq: true });
  // ...and the ones JSON-style quoting leaves raw are escaped; only double-quoted
  // scalars can contain them now.
  return text.replace(ESCAPED_RAW, escapeChar);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const ESCAPED = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff\p{Bidi_Control}]/u;
const BLANK_LINE = /(?:^|\n)[ \t]+(?:\n|$)/;
const ESCAPED_RAW = /[\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff\p{Bidi_Control}]/gu;
const NAMED_ESCAPES: Record<string, string> = { "\x85": "\\N", "\u2028": "\\L", "\u2029": "\\P" };

function escapeChar(char: string): string {
  return NAMED_ESCAPES[char] ?? hexEscape(char);
}

/**
 * Numbers as YAML 1.2 and 1.1 both read them: exponent forms get a fraction
 * (`1.0e+21`, not `1e+21`, which a YAML 1.1 reader takes for a string).
 */
const NUMBER: ScalarTag = {
  identify: (value) => typeof value === "number",
  default: true,
  tag: "tag:yaml.org,2002:float",
  // A test that never matches: it only makes `yaml` prefer this tag for numbers.
  test: /(?!)/,
  resolve: (source) => Number(source),
  stringify: ({ value }) => {
    const n = value as number;
    if (Number.isNaN(n)) return ".nan";
    if (Object.is(n, -0)) return "-0";
    const text = String(n);
    if (!Number.isFinite(n)) return text.replace("Infinity", ".inf"); // -Infinity: -.inf
    return text.includes(".") ? text : text.replace("e", ".0e");
  },
};

/** YAML 1.1's `=` (the value key type): PyYAML refuses a plain `=`, so it is quoted. */
const YAML_1_1_VALUE: ScalarTag = {
  default: true,
  tag: "tag:yaml.org,2002:value",
  test: /^=$/,
  resolve: (source) => source,
};

/** A copy of `value` whose objects list their keys in `type`'s order. */
function ordered(value: unknown, type: FieldType): unknown {
  if (value === null || typeof value !== "object") return value;
  switch (type.kind) {
    case "object":
      return orderedObject(value as Record<string, unknown>, type.shape);
    case "list":
      return Array.isArray(value) ? value.map((item) => ordered(item, type.of)) : value;
    case "map":
      return mapValues(value as Record<string, unknown>, (item) => ordered(item, type.of));
    case "severity":
      return orderedObject(value as Record<string, unknown>, SEVERITY);
    case "condition":
      // A MatchCondition and a bare object print the same; ordering the operators is cosmetic.
      return Array.isArray(value)
        ? value
        : orderedObject(value as Record<string, unknown>, MATCH_CONDITION);
    case "action":
      return orderedAction(value as Record<string, unknown>);
    default:
      return value;
  }
}

function orderedObject(source: Record<string, unknown>, shape: Shape): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const extensions = shape.extensions ? extensionsOf(source.extensions) : {};
  // Setting a key again (an anchored `x-` field, then all of them) keeps its place.
  const emit = (key: string) => {
    const field = shape.fields.get(key);
    if (field) {
      if (Object.hasOwn(source, key)) out[key] = ordered(source[key], field.type);
    } else {
      // An anchored `x-` field since removed from `extensions` reads undefined: not written.
      setOwn(out, key, extensions[key]);
    }
  };
  const after = followers(source.extensions);
  after.get(null)?.forEach(emit);
  for (const key of shape.fields.keys()) {
    emit(key);
    after.get(key)?.forEach(emit);
  }
  // Keys the shape does not know (bare-object conditions, hand-built documents) keep their order.
  for (const key of Object.keys(source)) {
    const known = shape.fields.has(key) || (key === "extensions" && shape.extensions);
    if (!known && !Object.hasOwn(out, key)) setOwn(out, key, source[key]);
  }
  for (const key of Object.keys(extensions)) emit(key);
  return out;
}

function orderedAction(source: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const extensions = extensionsOf(source.extensions);
  const emit = (key: string) => {
    if (key.startsWith("x-")) {
      setOwn(out, key, extensions[key]);
      return;
    }
    if (key === "extensions" || !Object.hasOwn(source, key)) return;
    const known = KNOWN_ACTIONS.get(key);
    setOwn(out, key, known ? ordered(source[key], { kind: "object", shape: known }) : source[key]);
  };
  const after = followers(source.extensions);
  after.get(null)?.forEach(emit);
  for (const key of Object.keys(source)) {
    emit(key);
    after.get(key)?.forEach(emit);
  }
  for (const key of Object.keys(extensions)) emit(key);
  return out;
}

function extensionsOf(extensions: unknown): Record<string, unknown> {
  return extensions !== null && typeof extensions === "object" && !Array.isArray(extensions)
    ? (extensions as Record<string, unknown>)
    : {};
}

/** The `x-` keys that followed each known key in the source (`null`: before any), in order. */
function followers(extensions: unknown): Map<string | null, string[]> {
  const out = new Map<string | null, string[]>();
  const anchors = extensionAnchors(extensions);
  if (!anchors) return out;
  for (const [key, anchor] of anchors) {
    const list = out.get(anchor);
    if (list) list.push(key);
    else out.set(anchor, [key]);
  }
  return out;
}

function mapValues(
  source: Record<string, unknown>,
  f: (value: unknown) => unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source)) setOwn(out, key, f(source[key]));
  return out;
}
