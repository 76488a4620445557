// Positions inside YAML string scalars: every character of the value maps to where it is
// written, through quoting, escapes, folding and block indentation (issue 25).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isMap, isScalar, parseDocument, type Scalar, stringify } from "yaml";
import { type ScalarStyle, valueOffsets } from "../src/parse/scalar-offsets.js";

/** The string scalar under key `v` (at any depth of single-key mappings) of `source`. */
function scalarOf(source: string): Scalar<string> {
  let node = parseDocument(source, { version: "1.2" }).contents;
  while (isMap(node)) node = node.items[0]!.value as never;
  if (!isScalar(node) || typeof node.value !== "string") throw new Error("no string scalar");
  return node as Scalar<string>;
}

function offsets(source: string) {
  const node = scalarOf(source);
  const [start, end] = node.range!;
  return { node, mapped: valueOffsets(source, start, end, node.type as ScalarStyle, node.value) };
}

/** The column (1-based, on its line) of a source offset. */
const columnOf = (source: string, offset: number) => offset - source.lastIndexOf("\n", offset - 1);

describe("valueOffsets", () => {
  it.each([
    ["plain", "cel: size(x) > 0 &&\n", 18, "&"],
    ["double-quoted with escapes", 'cel: "a\\tb\\u00e9 && !"\n', 18, "&"],
    ["single-quoted with ''", "cel: 'it''s + ('\n", 13, "+"],
    ["literal block", "outer:\n  cel: |\n    first\n    second )\n", 12, ")"],
    ["folded block", "outer:\n  cel: >-\n    one\n    two )\n", 9, ")"],
  ])("%s", (_, source, column, char) => {
    const { node, mapped } = offsets(source);
    expect(mapped).toBeDefined();
    const index = node.value.indexOf(char);
    const offset = mapped!.at[index]!;
    expect(source[offset]).toBe(char);
    expect(columnOf(source, offset)).toBe(column);
  });

  it("an escape maps to its backslash; an escaped line break produces nothing", () => {
    const source = 'v: "x\\\n   y\\n"\n';
    const { node, mapped } = offsets(source);
    expect(node.value).toBe("xy\n");
    expect(mapped!.at.map((o) => source[o])).toEqual(["x", "y", "\\"]);
    expect(mapped!.after[2]).toBe(source.lastIndexOf('"'));
  });

  it("a source that does not produce the value maps nothing", () => {
    expect(valueOffsets("v: abc\n", 3, 6, "PLAIN", "abd")).toBeUndefined();
  });

  const STYLES = [
    "PLAIN",
    "QUOTE_SINGLE",
    "QUOTE_DOUBLE",
    "BLOCK_LITERAL",
    "BLOCK_FOLDED",
  ] as const;
  const text = fc.string({
    unit: fc.constantFrom(
      ..."ab {}:#'\"\\\t\n-é😀".split(/(?:)/u),
      "\u0085",
      "\u2028",
      "\x07",
      "  ",
    ),
    maxLength: 120,
  });

  it("maps every value character to source that writes it, in order (property)", () => {
    fc.assert(
      fc.property(
        text,
        fc.constantFrom(...STYLES),
        fc.integer({ min: 0, max: 2 }),
        (value, style, depth) => {
          let data: unknown = value;
          for (let d = 0; d < depth; d++) data = { k: data };
          const source = stringify(
            { v: data },
            { defaultStringType: style, lineWidth: 30, minContentWidth: 10 },
          );
          const { node, mapped } = offsets(source);
          // yaml does not round-trip every value in every style (blank-only block scalars).
          fc.pre(node.value === value);
          expect(mapped).toBeDefined();
          const { at, after } = mapped!;
          expect(at).toHaveLength(value.length);
          const [start, end] = node.range!;
          for (let k = 0; k < value.length; k++) {
            expect(at[k]).toBeGreaterThanOrEqual(start);
            expect(after[k]).toBeLessThanOrEqual(end);
            expect(after[k]).toBeGreaterThan(at[k]!);
            // In order: after the previous character's source (or at its escape, for a pair).
            if (k > 0 && at[k] !== at[k - 1]) expect(at[k]).toBeGreaterThanOrEqual(after[k - 1]!);
            const written = source[at[k]!]!;
            const c = value[k]!;
            const ok =
              written === c ||
              (node.type === "QUOTE_DOUBLE" && written === "\\") ||
              (node.type === "QUOTE_SINGLE" && c === "'" && written === "'") ||
              ((c === " " || c === "\n") && (written === "\n" || written === "\r")) ||
              (k > 0 && at[k] === at[k - 1]); // the second half of an escaped surrogate pair
            expect(
              ok,
              `value[${k}] ${JSON.stringify(c)} at ${at[k]} ${JSON.stringify(written)}`,
            ).toBe(true);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
