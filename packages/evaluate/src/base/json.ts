// Serialization and equality of JSON-like values (SDK §5.3, §5.6).
import type { Value } from "@oatf/model";
import { isObject } from "@oatf/model/rules";

export { isObject };

/**
 * The longest text the evaluator builds from a value, in UTF-16 code units (16 Mi): the
 * compact JSON of a non-string value (string operators, extractors, evidence) and the
 * output of one template. Messages are untrusted (format §12.1): an in-memory value with
 * shared sub-objects (a 40-level DAG has 2^40 paths through 80 objects) would otherwise
 * expand past any memory. Longer text is cut at the limit.
 */
export const MAX_TEXT_LENGTH = 16 * 1024 * 1024;

/**
 * `text` cut to at most `end` UTF-16 code units, never between the halves of a surrogate pair:
 * a lone surrogate is no Unicode text, and JSON readers (serde_json) reject its escape.
 */
export function cutText(text: string, end: number): string {
  const code = text.charCodeAt(end - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? end - 1 : end);
}

/** Compact JSON cut at a length, and whether it is all there. */
export interface BoundedText {
  text: string;
  /** `false` when cut at the length limit. */
  complete: boolean;
}

// Lexicographic by code point (UTF-8 byte order), as Go, Rust and Python sort keys;
// the default JS sort compares UTF-16 code units, which differs above U+FFFF.
function compareKeys(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

// One container being written: its keys (null for an array), the next index, and its text
// so far.
class Frame {
  next = 0;
  constructor(
    readonly container: object,
    readonly keys: string[] | null,
    public text: string,
  ) {}
}

// What JSON.stringify leaves out of an object, and writes as null in an array.
function isOmitted(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}

function scalar(value: unknown, room: number): string {
  // Quote no more of a string than can be kept: a 300 MB string is not escaped whole.
  if (typeof value === "string")
    return JSON.stringify(value.length > room ? value.slice(0, room) : value);
  if (typeof value === "bigint") return String(value);
  return JSON.stringify(value) ?? "null";
}

// Dates and other objects with toJSON are written as JSON.stringify writes them.
const asJson = (value: unknown): unknown =>
  typeof value === "object" &&
  value !== null &&
  "toJSON" in value &&
  typeof value.toJSON === "function"
    ? value.toJSON()
    : value;

// The frame of a container about to be written: an array's items, or an object's keys that
// JSON.stringify writes (sorted when asked), in order.
function openFrame(node: object, sortKeys?: boolean): Frame {
  if (Array.isArray(node)) return new Frame(node, null, "[");
  return new Frame(node, writtenKeys(node as Record<string, unknown>, sortKeys), "{");
}

// The keys of `object` that JSON.stringify writes, sorted when asked. Filtered and sorted in
// place: coercing a message's objects is per message (SDK §5.3), and a copy per step cost
// more than the rest of writing a small object.
function writtenKeys(
  object: Record<string, unknown>,
  sortKeys?: boolean,
  keys = Object.keys(object),
): string[] {
  let kept = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (isOmitted(object[key])) continue;
    if (kept !== i) keys[kept] = key;
    kept++;
  }
  keys.length = kept;
  if (sortKeys) sortInPlace(keys);
  return keys;
}

// Array.prototype.sort copies into a work array; an object's few keys are sorted by insertion,
// which also leaves sorted keys untouched.
const INSERTION_SORT_MAX = 16;

function sortInPlace(keys: string[]): void {
  if (keys.length > INSERTION_SORT_MAX) {
    keys.sort(compareKeys);
    return;
  }
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i;
    for (; j > 0 && compareKeys(keys[j - 1]!, key) > 0; j--) keys[j] = keys[j - 1]!;
    if (j !== i) keys[j] = key;
  }
}

// Sub-objects whose text is at least this long are written once and then reused (those of one
// entry only every KEPT_CHAIN_STEP levels: see boundedJson).
const MIN_KEPT_TEXT = 256;
const KEPT_CHAIN_STEP = 64;

/**
 * Compact JSON of `value` (keys in document order, or sorted by code point), written
 * iteratively so that depth cannot overflow the stack. Writing stops once `maxLength`
 * (default {@link MAX_TEXT_LENGTH}) is passed; the text is then cut and `complete` is
 * `false`. A sub-object met again (shared, as in a DAG) is written again, as JSON.stringify
 * does, but from the text kept for it: the work grows with the distinct objects, not with
 * the paths to them. Throws a TypeError, as JSON.stringify does, on a value that contains
 * itself (it has no JSON), unless the limit is reached first.
 */
export function boundedJson(
  value: unknown,
  options: { sortKeys?: boolean; maxLength?: number } = {},
): BoundedText {
  const maxLength = options.maxLength ?? MAX_TEXT_LENGTH;
  let root = ""; // the text when the value is not a container
  let length = 0;
  const stack: Frame[] = [];
  const write = (text: string) => {
    length += text.length;
    const top = stack[stack.length - 1];
    if (top === undefined) root += text;
    else top.text += text;
  };
  const open = new Set<object>(); // the containers on the current path
  const written = new Map<object, string>(); // the text of containers finished
  let pending: unknown = value;
  let hasPending = true;
  while (length <= maxLength) {
    if (hasPending) {
      hasPending = false;
      const node = asJson(pending);
      if (typeof node !== "object" || node === null) {
        write(scalar(node, maxLength - length + 1));
        continue;
      }
      const known = written.get(node);
      if (known !== undefined) {
        write(known);
        continue;
      }
      if (open.has(node)) throw new TypeError("cannot write a value that contains itself as JSON");
      open.add(node);
      length += 1;
      stack.push(openFrame(node, options.sortKeys));
      continue;
    }
    const frame = stack[stack.length - 1];
    if (frame === undefined) break;
    const { container, keys } = frame;
    if (keys === null) {
      const items = container as unknown[];
      if (frame.next < items.length) {
        if (frame.next > 0) write(",");
        const item = items[frame.next++];
        pending = isOmitted(item) ? null : item;
        hasPending = true;
        continue;
      }
      frame.text += "]";
    } else if (frame.next < keys.length) {
      const key = keys[frame.next++]!;
      write(`${frame.next > 1 ? "," : ""}${JSON.stringify(key)}:`);
      pending = (container as Record<string, unknown>)[key];
      hasPending = true;
      continue;
    } else {
      frame.text += "}";
    }
    length += 1;
    stack.pop();
    open.delete(container);
    // Small texts are cheaper to write again than to keep. A container of one entry is kept
    // only at every KEPT_CHAIN_STEP-th depth: met again, it is walked at most that many levels
    // down to a kept text, and a deep chain (hostile nesting) does not keep a text per level.
    if (
      frame.text.length >= MIN_KEPT_TEXT &&
      (frame.next > 1 || stack.length % KEPT_CHAIN_STEP === 0)
    )
      written.set(container, frame.text);
    // Already counted in `length`: appended to the parent without counting again.
    const parent = stack[stack.length - 1];
    if (parent === undefined) root = frame.text;
    else parent.text += frame.text;
  }
  // Cut short: the text is the open containers' texts, outermost first.
  const text = stack.length === 0 ? root : stack.map((frame) => frame.text).join("");
  if (length > maxLength) return { text: text.slice(0, maxLength), complete: false };
  return { text, complete: true };
}

/**
 * Compact JSON in document order (extractor results, template values, SDK §5.6).
 * Strings are returned as they are, not quoted: this is their string representation.
 * Other values are cut at {@link MAX_TEXT_LENGTH}. Throws on a value that contains itself.
 */
export function toText(value: unknown): string {
  if (typeof value === "string") return value;
  return boundedJson(value).text;
}

const SORTED = { sortKeys: true };

/**
 * What string operators see (SDK §5.3): strings unchanged, anything else as compact
 * JSON with object keys sorted lexicographically, cut at {@link MAX_TEXT_LENGTH}: an
 * operator then sees that prefix (`contains` finds only what lies within it). Throws on a
 * value that contains itself, which the evaluator reports as an `error` verdict.
 */
export function coerceToString(value: unknown): string {
  if (typeof value === "string") return value;
  directBudget = DIRECT_NODES;
  return directJson(value, DIRECT_DEPTH) ?? boundedJson(value, SORTED).text;
}

// Small plain values (a message's `arguments`) are written by plain recursion, about four
// times faster than boundedJson's frames; past these bounds, or on a `toJSON`, boundedJson
// writes the value (its depth, sharing, cycle and length handling). 256 values of at most
// 4,096 code units stay far below MAX_TEXT_LENGTH.
const DIRECT_DEPTH = 16;
const DIRECT_NODES = 256;
const DIRECT_STRING = 4096;
let directBudget = 0;

/** `boundedJson(value, SORTED).text` for a small plain value; undefined past the bounds. */
function directJson(value: unknown, depth: number): string | undefined {
  if (--directBudget < 0) return undefined;
  if (typeof value === "string" && value.length > DIRECT_STRING) return undefined;
  if (typeof value !== "object" || value === null) return scalar(value, DIRECT_STRING);
  if (depth === 0 || "toJSON" in value) return undefined;
  if (Array.isArray(value)) {
    let text = "[";
    for (let i = 0; i < value.length; i++) {
      const item = directJson(isOmitted(value[i]) ? null : value[i], depth - 1);
      if (item === undefined) return undefined;
      text += i === 0 ? item : `,${item}`;
    }
    return `${text}]`;
  }
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  // More keys than the values left: boundedJson writes it, and sorts its keys once, not twice.
  if (keys.length > directBudget) return undefined;
  let text = "{";
  for (const key of writtenKeys(object, true, keys)) {
    const item = key.length > DIRECT_STRING ? undefined : directJson(object[key], depth - 1);
    if (item === undefined) return undefined;
    text += `${text.length === 1 ? "" : ","}${JSON.stringify(key)}:${item}`;
  }
  return `${text}}`;
}

/**
 * Deep equality of SDK §5.3: numbers by mathematical value (42 equals 42.0), object key
 * order irrelevant, arrays element-wise, null equals only null, NaN equals nothing.
 */
export function deepEqual(a: Value | undefined, b: Value | undefined): boolean {
  if (a === b) return true; // NaN !== NaN, so NaN never gets here
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a).filter((k) => a[k] !== undefined);
  if (keys.length !== Object.keys(b).filter((k) => b[k] !== undefined).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key) || !deepEqual(a[key], b[key])) return false;
  }
  return true;
}
