// SDK §3.1 (parse's type, required-field, closed-enum and unknown-field checks) and SDK §3.2
// (validate on documents built in code): the one walk of a plain value against the document
// shape (shape.ts). `parse` runs it over the plain tree it reads from YAML, `validate` over the
// document it is given; both get the same rules, paths and messages. It reports where each
// problem is written in terms of dot-paths, so parse can turn them into source ranges.
//
// Recursive: callers bound the depth first (parse's reader refuses more than MAX_DEPTH levels,
// validate runs checkPlainTree).
import { recordExtensionAnchors } from "./key-order.js";
import { indexPath, keyPath } from "./paths.js";
import { preview } from "./preview.js";
import type { ParseRuleId, ValidationRuleId } from "./rule-ids.js";
import { isObject } from "./rules/object.js";
import { setOwn } from "./set-own.js";
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
} from "./shape.js";
import { suggestionSuffix } from "./suggest.js";

/** A value the YAML reader could not read (a bad alias), already reported: read as absent. */
export const UNREADABLE: unique symbol = Symbol("unreadable");
/** What `conform` returns for a value that does not fit its type. */
export const INVALID: unique symbol = Symbol("invalid");

export interface ConformProblem {
  rule: ParseRuleId | ValidationRuleId;
  message: string;
  /** The dot-path the problem is reported at. */
  path: string;
  /** Only for a value outside a closed enumeration (SDK §7.1 `unknown_variant`). */
  kind?: "unknown_variant";
  /**
   * Where it is written: the value at `path` (when absent), the key at `path`, or the recorded
   * position of `near` (a missing field: where its parent is written), else the value at `object`.
   */
  at?: "key" | { near: string; object: string };
}

export interface ConformOptions {
  /**
   * How the value came to be. `yaml` (parse): `x-` keys are extensions, moved into
   * `extensions`; an optional field written as null is absent. `code` (validate): `extensions`
   * holds them already; a key holding `undefined` is absent, and an optional null is a wrong
   * type (serialize would write the null that parse reads as absent).
   */
  written: "yaml" | "code";
  report: (problem: ConformProblem) => void;
  /** The scalar's source text at `path`, when known: `1.0` is a float in YAML 1.2. */
  sourceOf?: (path: string) => string | undefined;
  /** Whether the key at `path` was written without a value (`{state}`): absent, not null. */
  keyOnly?: (path: string) => boolean;
}

/**
 * Checks `value` against `type` at `path`, reporting every problem. Returns INVALID when it
 * does not fit, else the value as read: for `yaml`, `x-` keys in `extensions`, absent and
 * unreadable fields left out, an unreadable list item as null; for `code`, the value itself
 * (a document built in code is only checked, never copied or changed).
 */
export function conform(
  value: unknown,
  type: FieldType,
  path: string,
  options: ConformOptions,
  rule?: ValidationRuleId,
): unknown {
  if (value === UNREADABLE) return INVALID;
  switch (type.kind) {
    case "value":
      return plain(value, path, options);
    case "string": {
      if (typeof value === "string") return value;
      const hint =
        path === "oatf" && typeof value === "number" ? ' (quote the version: oatf: "0.1")' : "";
      return misfit(options, value, path, `a string${hint}`, rule);
    }
    case "boolean":
      return typeof value === "boolean"
        ? value
        : misfit(options, value, path, "true or false", rule);
    case "number":
      return typeof value === "number" ? value : misfit(options, value, path, "a number", rule);
    case "integer": {
      const source = typeof value === "number" ? options.sourceOf?.(path) : undefined;
      return isInteger(value, source)
        ? value
        : misfit(options, value, path, expectedInteger(value, source), rule);
    }
    case "date":
      return isDate(value)
        ? value
        : misfit(options, value, path, "an ISO 8601 date or date-time", rule);
    case "enum":
      return enumeration(value, type, path, options);
    case "list":
      return Array.isArray(value)
        ? list(value, type.of, path, options)
        : misfit(options, value, path, "a sequence", rule);
    case "map":
      return isObject(value)
        ? map(value, type.of, path, options)
        : misfit(options, value, path, "a mapping", rule);
    case "object":
      return isObject(value)
        ? object(value, type.shape, path, options)
        : misfit(options, value, path, `a mapping (${type.shape.name})`, rule);
    case "severity":
      if (isObject(value)) return object(value, SEVERITY, path, options);
      if (Array.isArray(value))
        return misfit(options, value, path, "a severity level or a mapping with `level`", "V-005");
      return enumeration(value, SEVERITY_LEVEL, path, options);
    case "condition":
      // A mapping with an operator key is a MatchCondition; anything else a bare value.
      return isObject(value) &&
        Object.keys(value).some((key) => OPERATOR_KEYS.has(key) && value[key] !== undefined)
        ? object(value, MATCH_CONDITION, path, options)
        : plain(value, path, options);
    case "action":
      return isObject(value)
        ? action(value, path, options)
        : misfit(options, value, path, "a mapping (action)", rule);
  }
}

const SEVERITY_LEVEL = SEVERITY.fields.get("level")!.type as Extract<FieldType, { kind: "enum" }>;

function misfit(
  options: ConformOptions,
  value: unknown,
  path: string,
  expected: string,
  rule: ValidationRuleId | undefined,
): typeof INVALID {
  const found = describe(value, typeof value === "number" ? options.sourceOf?.(path) : undefined);
  options.report({
    rule: rule ?? "parse/type-mismatch",
    message: `expected ${expected}, found ${found}`,
    path,
  });
  return INVALID;
}

function enumeration(
  value: unknown,
  type: Extract<FieldType, { kind: "enum" }>,
  path: string,
  options: ConformOptions,
): unknown {
  if (typeof value !== "string") {
    const source = typeof value === "number" ? options.sourceOf?.(path) : undefined;
    const message = enumMessage(type.name, value, type.values, source);
    options.report({ rule: "V-005", message, path });
    return INVALID;
  }
  if (type.values.includes(value)) return value;
  options.report({
    rule: "V-005",
    kind: "unknown_variant",
    message: enumMessage(type.name, value, type.values),
    path,
  });
  return INVALID;
}

/**
 * The one V-005 message, for parse, the walk and validate's own enum checks: `value` is not
 * one of the `values` of the enumeration `name` (`tier`, `direction`, ...).
 */
export function enumMessage(
  name: string,
  value: unknown,
  values: readonly string[],
  /** How a number was written in the source, when known (`1.0` is not `1`). */
  source?: string,
): string {
  if (typeof value !== "string")
    return `expected ${withArticle(name)} (one of: ${values.join(", ")}), found ${describe(value, source)}`;
  return `unknown ${name} \`${preview(value)}\`; expected one of: ${values.join(", ")}${suggestionSuffix(value, values)}`;
}

function list(items: unknown[], of: FieldType, path: string, options: ConformOptions): unknown[] {
  // Parse's plain tree is its own: read in place. A document built in code is only checked.
  const keep = options.written === "yaml";
  // A free-form item holding undefined (a document built in code) is not data: serialize
  // would write null, which parse reads back as null. (A typed item reports it as a misfit.)
  const free = of.kind === "value" || of.kind === "condition";
  for (let i = 0; i < items.length; i++) {
    if (free && items[i] === undefined) {
      options.report({
        rule: "parse/type-mismatch",
        message: "expected a value, found undefined",
        path: indexPath(path, i),
      });
      continue;
    }
    // An unreadable item keeps its place (as null), so later items keep their paths; the
    // typed `parse` fails anyway, and the recovering parse marks the path unreadable.
    const read = conform(items[i], of, indexPath(path, i), options);
    if (keep) items[i] = read === INVALID ? null : read;
  }
  return items;
}

function map(
  entries: Record<string, unknown>,
  of: FieldType,
  path: string,
  options: ConformOptions,
): Record<string, unknown> {
  if (options.written === "code") {
    for (const key of Object.keys(entries)) {
      const item = entries[key];
      // serialize leaves out a key holding undefined
      if (item !== undefined) conform(item, of, keyPath(path, key), options);
    }
    return entries;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(entries)) {
    const read = conform(entries[key], of, keyPath(path, key), options);
    if (read !== INVALID) setOwn(out, key, read);
  }
  return out;
}

function object(
  value: Record<string, unknown>,
  shape: Shape,
  path: string,
  options: ConformOptions,
): unknown {
  const yaml = options.written === "yaml";
  // What parse keeps; a document built in code is checked as it is.
  const out: Record<string, unknown> = {};
  // The `x-` fields and the known field each one followed; most objects have none.
  let extensions: Record<string, unknown> | undefined;
  let followed: Map<string, string | null> | undefined;
  const present = new Set<string>();
  let lastKnown: string | null = null;
  let unknownFields = false;
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === undefined) continue; // code only: serialize leaves it out
    const childPath = keyPath(path, key);
    const field = shape.fields.get(key);
    if (!field) {
      if (shape.extensions && yaml && key.startsWith("x-")) {
        extensions ??= {};
        followed ??= new Map();
        setOwn(extensions, key, plain(item, childPath, options));
        followed.set(key, lastKnown);
      } else if (shape.extensions && !yaml && key === "extensions") {
        // Free-form: anything serialize can write.
      } else {
        unknownField(key, shape, childPath, options);
        unknownFields = true;
      }
      continue;
    }
    lastKnown = key;
    if (isAbsent(item, field, childPath, options)) continue;
    present.add(key);
    const read = conform(item, field.type, childPath, options, field.typeRule);
    if (yaml && read !== INVALID) out[key] = read;
  }
  for (const [key, field] of shape.fields) {
    if (field.required && !present.has(key)) {
      options.report({
        rule: field.missingRule ?? "parse/missing-field",
        message: `missing required field \`${key}\` in ${shape.name}`,
        path: keyPath(path, key),
        // Where the parent is written (its key).
        at: { near: path, object: path },
      });
    }
  }
  // An unknown field (`exists` in shorthand, a typo) already explains what is wrong.
  const problem = unknownFields ? undefined : shape.check?.(yaml ? out : value, present);
  if (problem) {
    const problemPath = problem.key === undefined ? path : keyPath(path, problem.key);
    options.report({
      rule: "parse/type-mismatch",
      message: problem.message,
      path: problemPath,
      at: { near: problemPath, object: path },
    });
    return INVALID;
  }
  if (!yaml) return value;
  if (extensions && followed) {
    out.extensions = extensions;
    recordExtensionAnchors(extensions, followed);
  }
  return out;
}

/**
 * Absent: parse reads an optional field written as null (`description:`) as absent, but keeps
 * null in free-form content unless the key has no value at all; a required null is missing.
 */
function isAbsent(item: unknown, field: Field, path: string, options: ConformOptions): boolean {
  if (item !== null) return false;
  if (options.written === "code") return field.required === true;
  const keepsNull = field.type.kind === "value" || field.type.kind === "condition";
  return !keepsNull || options.keyOnly?.(path) === true;
}

function unknownField(key: string, shape: Shape, path: string, options: ConformOptions): void {
  const xHint = !key.startsWith("x-")
    ? shape === PATTERN && key === "exists"
      ? " (`exists` needs the standard form: `condition: {exists: …}`)"
      : ""
    : shape.extensions
      ? " (`x-` fields of a document built in code go in `extensions`)"
      : ` (${shape.name} does not allow \`x-\` extension fields)`;
  options.report({
    rule: "parse/unknown-field",
    message: `unknown field \`${preview(key)}\` in ${shape.name}${xHint}${suggestionSuffix(key, shape.fields.keys())}`,
    path,
    at: "key",
  });
}

/** An entry action (SDK §2.7a): known `send`/`log`, or one binding-specific key kept as written. */
function action(value: Record<string, unknown>, path: string, options: ConformOptions): unknown {
  const yaml = options.written === "yaml";
  const out: Record<string, unknown> = {};
  const extensions: Record<string, unknown> = {};
  const followed = new Map<string, string | null>();
  let lastKey: string | null = null;
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === undefined) continue;
    const childPath = keyPath(path, key);
    if (yaml && key.startsWith("x-")) {
      setOwn(extensions, key, plain(item, childPath, options));
      followed.set(key, lastKey);
      continue;
    }
    lastKey = key;
    const known = KNOWN_ACTIONS.get(key);
    if (key === "extensions") {
      if (!yaml) continue; // a document built in code holds its `x-` fields here
      options.report({
        rule: "parse/unknown-field",
        message: "`extensions` cannot be an action key (it holds the `x-` fields of the action)",
        path: childPath,
        at: "key",
      });
    } else if (known) {
      const read = conform(item, { kind: "object", shape: known }, childPath, options);
      if (read !== INVALID) out[key] = read;
    } else {
      setOwn(out, key, plain(item, childPath, options));
    }
  }
  if (!yaml) return value;
  if (Object.keys(extensions).length > 0) {
    out.extensions = extensions;
    recordExtensionAnchors(extensions, followed);
  }
  return out;
}

/**
 * Free-form content (state, params, bare conditions) is data YAML can write: null, strings,
 * numbers, booleans, lists and mappings. A list item that is `undefined` (serialize writes
 * null) or a function, symbol or bigint has no YAML form that reads back the same. Returns the
 * value itself, an unreadable part replaced by null.
 */
function plain(value: unknown, path: string, options: ConformOptions): unknown {
  if (value === UNREADABLE) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const itemPath = indexPath(path, i);
      const item = value[i];
      if (item === undefined) {
        options.report({
          rule: "parse/type-mismatch",
          message: "expected a value, found undefined",
          path: itemPath,
        });
      } else if (item === UNREADABLE) value[i] = null;
      else plain(item, itemPath, options);
    }
  } else if (isObject(value)) {
    for (const key of Object.keys(value)) {
      const item = value[key];
      if (item === UNREADABLE) setOwn(value, key, null);
      else if (item !== undefined) plain(item, keyPath(path, key), options);
    }
  } else if (
    value !== null &&
    value !== undefined &&
    typeof value !== "string" &&
    typeof value !== "number" &&
    typeof value !== "boolean"
  ) {
    options.report({
      rule: "parse/type-mismatch",
      message: `expected plain data, found a ${typeof value}`,
      path,
    });
  }
  return value;
}

/** YAML 1.2 core schema integers: `1.0` and `1e3` are floats. */
export const INTEGER_SOURCE = /^[-+]?(?:[0-9]+|0x[0-9a-fA-F]+|0o[0-7]+)$/;

/** Integers are written as integers, and are exact in a JavaScript number. */
function isInteger(value: unknown, source: string | undefined): boolean {
  if (!Number.isSafeInteger(value)) return false;
  return source === undefined || INTEGER_SOURCE.test(source);
}

/** What an integer field expects; says so when the integer written is too large to be exact. */
function expectedInteger(value: unknown, source: string | undefined): string {
  const tooLarge =
    typeof value === "number" &&
    Number.isInteger(value) &&
    !Number.isSafeInteger(value) &&
    (source === undefined || INTEGER_SOURCE.test(source));
  return tooLarge
    ? `an integer between ${Number.MIN_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`
    : "an integer";
}

/** The value found, for messages; a number as written when its source is known. */
function describe(value: unknown, source: string | undefined): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a sequence";
  switch (typeof value) {
    case "string":
      return `string "${preview(value)}"`;
    case "number": {
      const written = source ?? String(value);
      const integral = source === undefined ? Number.isInteger(value) : INTEGER_SOURCE.test(source);
      return `${integral ? "integer" : "number"} ${preview(written)}`;
    }
    case "boolean":
    case "bigint":
      return `${typeof value} ${String(value)}`;
    case "object":
      return "a mapping";
    case "undefined":
      return "undefined";
    default:
      return `a ${typeof value}`;
  }
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
