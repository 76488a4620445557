// The lexer's markers and token types, named locally (src/parse/lexeme.ts), are exactly what
// `yaml`'s CST namespace says: every lexeme of YAML of every kind, and of random text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CST, Lexer } from "yaml";
import { BOM, DOCUMENT, FLOW_END, lexemeType, SCALAR } from "../src/parse/lexeme.js";
import { fixtureText, upstreamFiles } from "./fixtures.js";

const SAMPLES = [
  '\ufeff%YAML 1.2\n---\na: !!str &x "q\\"" # c\nb: *x\n? [1, {c: d}]\n: |\n  block\nc: >-\n  f\n...\n',
  "- 'single'\n-\t- x\r\n- {unclosed: [\n",
  "key: value\n  bad indent: x\n@ reserved\n`tick\n",
];

/** The lexemes of `text` that the two type differently, with both types (none expected). */
function disagreements(text: string): [string, string | null, string | null][] {
  const found: [string, string | null, string | null][] = [];
  for (const lexeme of new Lexer().lex(text)) {
    const ours = lexemeType(lexeme);
    const theirs = CST.tokenType(lexeme);
    if (ours !== theirs) found.push([lexeme, ours, theirs]);
  }
  return found;
}

describe("lexeme types", () => {
  it("names the markers as yaml does", () => {
    expect([BOM, DOCUMENT, FLOW_END, SCALAR]).toEqual([
      CST.BOM,
      CST.DOCUMENT,
      CST.FLOW_END,
      CST.SCALAR,
    ]);
  });

  it("types every lexeme of hand-picked and upstream YAML as CST.tokenType does", () => {
    const dirs = ["parse/valid", "parse/invalid", "validate", "evaluate", "verdict"];
    const texts = [...SAMPLES];
    for (const dir of dirs)
      for (const file of upstreamFiles(dir)) texts.push(fixtureText(`${dir}/${file}`));
    expect(texts.flatMap(disagreements)).toEqual([]);
  });

  it("types every lexeme of arbitrary text as CST.tokenType does", () => {
    const yamlish = fc.stringMatching(/^[-?:{}[\],#%*&!'"|>\s\t\r\n.a-z0-9\ufeff]*$/);
    fc.assert(
      fc.property(fc.oneof(fc.string(), yamlish), (text) => disagreements(text).length === 0),
    );
  });
});
