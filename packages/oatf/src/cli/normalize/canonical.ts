// Whether a file is in canonical form (format §11.2, SDK §3.4) for `oatf normalize --check`:
// the data of the file, field order included, is the data of its canonical form. Only what
// the spec fixes counts: every default and shorthand expanded, the multi-actor form, `oatf`
// first and fields in specification order. YAML formatting the spec leaves open (quoting,
// indentation, flow or block style, comments, blank lines) does not.
import { parseDocument } from "yaml";

/** Where `text` first differs from `canonical` (in words), or undefined when it does not. */
export function canonicalDifference(text: string, canonical: string): string | undefined {
  const actual = parseDocument(text, { version: "1.2" }).toJS() as unknown;
  const expected = parseDocument(canonical, { version: "1.2" }).toJS() as unknown;
  return difference(actual, expected, "");
}

function difference(actual: unknown, expected: unknown, path: string): string | undefined {
  const at = path === "" ? "the document" : `\`${path}\``;
  if (isRecord(actual) && isRecord(expected)) {
    const a = Object.keys(actual);
    const e = Object.keys(expected);
    for (const key of e) {
      if (!Object.hasOwn(actual, key))
        return `${at} has no \`${key}\` (canonical form: written out)`;
    }
    for (const key of a) {
      if (!Object.hasOwn(expected, key))
        return `${at} has \`${key}\`, which the canonical form moves or drops`;
    }
    for (const key of e) {
      const found = difference(actual[key], expected[key], path === "" ? key : `${path}.${key}`);
      if (found) return found;
    }
    if (a.join("\n") !== e.join("\n")) {
      return `the fields of ${at} are not in specification order (${e.join(", ")})`;
    }
    return undefined;
  }
  if (Array.isArray(actual) && Array.isArray(expected)) {
    if (actual.length !== expected.length)
      return `${at} has ${actual.length} entries, not ${expected.length}`;
    for (const [i, item] of expected.entries()) {
      const found = difference(actual[i], item, `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (Object.is(actual, expected)) return undefined;
  return isRecord(expected) && !isRecord(actual)
    ? `${at} is in short form (the canonical form expands it)`
    : `${at} is not in its canonical form`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
