// OTLP attribute values (the JSON encoding of `opentelemetry.proto.common.v1.AnyValue`) as
// OATF values. Attribute values come from instrumented programs, which copy what a peer sent
// (a tool's result, its arguments) into them, so nothing here recurses on their depth, and a
// key is always an own property (`__proto__` included), as `JSON.parse` makes it.
import type { Value } from "@oatf/model";
import { isObject } from "@oatf/model/rules";

/** An attribute value that is not an AnyValue: `why` says what is wrong, at `where`. */
export interface ValueProblem {
  where: string;
  why: string;
}

/** Sets an own, enumerable property (a `__proto__` key stays data, never a prototype). */
export function setOwn(target: Record<string, Value>, key: string, value: Value): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** A 64-bit integer as JSON carries it (a number or a decimal string): a number when exact. */
export function int64Of(value: unknown): number | string | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== "string" || !/^-?\d{1,20}$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

interface Frame {
  /** The AnyValue-like items still to convert, and where each converted one goes. */
  items: unknown[];
  keys: string[] | undefined;
  out: Value[] | Record<string, Value>;
  at: number;
  path: string;
}

/**
 * The OATF value of an OTLP AnyValue (`{stringValue}`, `{intValue}`, `{kvlistValue: {values:
 * [{key, value}]}}`, …), iteratively. An empty AnyValue is null. A part that is no AnyValue
 * becomes null and is reported in `problems` (at most one per call), so the rest still reads.
 */
export function anyValue(root: unknown, problems: ValueProblem[], where = ""): Value {
  const top: Value[] = [];
  const stack: Frame[] = [{ items: [root], keys: undefined, out: top, at: 0, path: where }];
  let reported = false;
  const report = (path: string, why: string) => {
    if (reported) return;
    reported = true;
    problems.push({ where: path, why });
  };
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.at >= frame.items.length) {
      stack.pop();
      continue;
    }
    const index = frame.at++;
    const key = frame.keys?.[index];
    const path = key === undefined ? `${frame.path}[${index}]` : `${frame.path}.${key}`;
    const place = (value: Value) => {
      if (key === undefined) (frame.out as Value[]).push(value);
      else setOwn(frame.out as Record<string, Value>, key, value);
    };
    const item = frame.items[index];
    if (!isObject(item) || Array.isArray(item)) {
      report(path, "not an AnyValue object");
      place(null);
      continue;
    }
    const scalar = scalarOf(item);
    if (scalar !== undefined) {
      if (scalar.ok) place(scalar.value);
      else {
        report(path, scalar.why);
        place(null);
      }
      continue;
    }
    if ("arrayValue" in item) {
      const values = listOf(item.arrayValue, "values");
      if (values === undefined) report(path, "arrayValue.values is not a list");
      const out: Value[] = [];
      place(out);
      stack.push({ items: values ?? [], keys: undefined, out, at: 0, path });
      continue;
    }
    if ("kvlistValue" in item) {
      const pairs = listOf(item.kvlistValue, "values") ?? [];
      const out: Record<string, Value> = {};
      place(out);
      const keys: string[] = [];
      const items: unknown[] = [];
      for (const pair of pairs) {
        if (isObject(pair) && typeof pair.key === "string") {
          keys.push(pair.key);
          items.push(pair.value ?? {});
        } else report(path, "a kvlistValue entry has no string key");
      }
      stack.push({ items, keys, out, at: 0, path });
      continue;
    }
    place(null); // an AnyValue with no value set (allowed by the protocol)
  }
  return top[0] ?? null;
}

type Scalar = { ok: true; value: Value } | { ok: false; why: string };

function scalarOf(item: Record<string, unknown>): Scalar | undefined {
  if ("stringValue" in item)
    return typeof item.stringValue === "string"
      ? { ok: true, value: item.stringValue }
      : { ok: false, why: "stringValue is not a string" };
  if ("boolValue" in item)
    return typeof item.boolValue === "boolean"
      ? { ok: true, value: item.boolValue }
      : { ok: false, why: "boolValue is not a boolean" };
  if ("intValue" in item) {
    const n = int64Of(item.intValue);
    return n === undefined
      ? { ok: false, why: "intValue is not a 64-bit integer" }
      : { ok: true, value: n };
  }
  if ("doubleValue" in item) {
    const d = item.doubleValue;
    // The JSON encoding spells non-finite doubles as strings; OATF values have no such numbers.
    return typeof d === "number" || d === "NaN" || d === "Infinity" || d === "-Infinity"
      ? { ok: true, value: d }
      : { ok: false, why: "doubleValue is not a number" };
  }
  if ("bytesValue" in item)
    return typeof item.bytesValue === "string"
      ? { ok: true, value: item.bytesValue } // base64, as the JSON encoding carries it
      : { ok: false, why: "bytesValue is not a base64 string" };
  return undefined;
}

function listOf(holder: unknown, field: string): unknown[] | undefined {
  if (holder === undefined || (isObject(holder) && holder[field] === undefined)) return [];
  if (!isObject(holder)) return undefined;
  const list = holder[field];
  return Array.isArray(list) ? list : undefined;
}

/**
 * The attributes of a span, resource or scope (`[{key, value}]`) by key; the last of repeated
 * keys wins, as in `JSON.parse`. Entries that are not `{key: string}` are reported.
 */
export function attributesOf(list: unknown, problems: ValueProblem[]): Map<string, Value> {
  const attributes = new Map<string, Value>();
  if (list === undefined) return attributes;
  if (!Array.isArray(list)) {
    problems.push({ where: "attributes", why: "not a list" });
    return attributes;
  }
  for (const entry of list) {
    if (!isObject(entry) || typeof entry.key !== "string") {
      problems.push({ where: "attributes", why: "an entry has no string key" });
      continue;
    }
    attributes.set(entry.key, anyValue(entry.value ?? {}, problems, entry.key));
  }
  return attributes;
}
