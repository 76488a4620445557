// Structural comparison and display of JSON-like values, as fixtures mean them:
// key order is irrelevant, and a property holding `undefined` is the same as an absent one.

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === "number" && typeof b === "number") return Number.isNaN(a) && Number.isNaN(b);
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  const ka = definedKeys(a);
  const kb = definedKeys(b);
  if (ka.length !== kb.length) return false;
  const rb = b as Record<string, unknown>;
  const ra = a as Record<string, unknown>;
  return ka.every((k) => Object.hasOwn(rb, k) && deepEqual(ra[k], rb[k]));
}

function definedKeys(o: object): string[] {
  return Object.keys(o).filter((k) => (o as Record<string, unknown>)[k] !== undefined);
}

/** Compact one-line rendering for failure reports, cut to `max` characters. */
export function show(value: unknown, max = 240): string {
  let text: string;
  if (value === undefined) text = "(absent)";
  else {
    try {
      text =
        JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? `${v}n` : v)) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Where two values first differ, as `path: expected vs actual` — for readable failures. */
export function firstDifference(
  expected: unknown,
  actual: unknown,
  path = "$",
): string | undefined {
  if (deepEqual(expected, actual)) return undefined;
  const bothObjects =
    typeof expected === "object" &&
    expected !== null &&
    typeof actual === "object" &&
    actual !== null;
  if (bothObjects && Array.isArray(expected) === Array.isArray(actual)) {
    if (Array.isArray(expected) && Array.isArray(actual)) {
      for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
        const d = firstDifference(expected[i], actual[i], `${path}[${i}]`);
        if (d) return d;
      }
    } else {
      const e = expected as Record<string, unknown>;
      const a = actual as Record<string, unknown>;
      for (const key of new Set([...Object.keys(e), ...Object.keys(a)])) {
        const d = firstDifference(e[key], a[key], `${path}.${key}`);
        if (d) return d;
      }
    }
  }
  return `at ${path}: ${show(expected, 120)} vs ${show(actual, 120)}`;
}
