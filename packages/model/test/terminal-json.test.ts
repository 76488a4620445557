// jsonForTerminal: the JSON the CLI prints (reports, alerts) carries strings from documents
// and traces; every character escapeForTerminal would escape is written as a JSON escape, so
// a parser reads the same value and a terminal shows nothing raw.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonForTerminal } from "../src/terminal/index.js";

// Raw on a terminal: controls (a JSON layout's own line feeds aside), DEL, C1, U+2028/9, bidi.
const RAW = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/u;
const withoutLayout = (text: string) => text.replaceAll("\n", "");

describe("jsonForTerminal", () => {
  it("escapes C1 controls, DEL, line separators and bidi controls the JSON way", () => {
    const value = { e: "x\u009b31m\u007f\u2028\u202e\u2066\u061c\u200f\u001b[2J" };
    expect(jsonForTerminal(value)).toBe(
      '{"e":"x\\u009b31m\\u007f\\u2028\\u202e\\u2066\\u061c\\u200f\\u001b[2J"}',
    );
  });

  it("writes null for what JSON cannot write at all, and never throws", () => {
    expect(jsonForTerminal(undefined)).toBe("null");
    expect(jsonForTerminal({ a: undefined, f: () => 1 })).toBe("{}");
  });

  it("is the same JSON to a parser, with nothing raw on a terminal (property)", () => {
    const text = fc.string({ unit: "binary" });
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 3, stringUnit: "binary" }),
        fc.dictionary(text, text),
        fc.constantFrom(undefined, 2),
        (value, record, indent) => {
          const v = { value, record };
          const out = jsonForTerminal(v, indent);
          expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(v)));
          expect(withoutLayout(out)).not.toMatch(RAW);
        },
      ),
      { numRuns: 500 },
    );
  });
});
