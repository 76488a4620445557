// Serialization and equality of JSON-like values (SDK §5.3, §5.6).
import { isObject, type Value } from "@oatf/model";

export { isObject };

/**
 * Compact JSON in document order (extractor results, template values, SDK §5.6).
 * Strings are returned as they are, not quoted: this is their string representation.
 */
export function toText(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? "null";
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

function writeCanonical(value: unknown, out: string[]): void {
  if (Array.isArray(value)) {
    out.push("[");
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.push(",");
      writeCanonical(value[i] === undefined ? null : value[i], out);
    }
    out.push("]");
  } else if (isObject(value)) {
    const keys = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort(compareKeys);
    out.push("{");
    keys.forEach((key, i) => {
      if (i > 0) out.push(",");
      out.push(JSON.stringify(key), ":");
      writeCanonical(value[key], out);
    });
    out.push("}");
  } else {
    out.push(JSON.stringify(value) ?? "null");
  }
}

/**
 * What string operators see (SDK §5.3): strings unchanged, anything else as compact
 * JSON with object keys sorted lexicographically.
 */
export function coerceToString(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value !== "object" || value === null) return JSON.stringify(value) ?? "null";
  const out: string[] = [];
  writeCanonical(value, out);
  return out.join("");
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
