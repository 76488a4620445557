// The language service never throws or runs away on any text an editor can hold: the
// examples mutated as text (as test/fuzz.test.ts does for the SDK) and hostile documents
// (alias bombs, deep nesting, huge lines, oversized text, binary). Every feature is asked
// at many positions; `onError` (the guard's report of an exception) must never fire. Speed is
// measured in `pnpm bench`, not here (validate's bench has the long-string case this found).
import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TextDocument } from "vscode-languageserver-textdocument";
import { createLanguageService } from "../src/index.js";

const errors: string[] = [];
const service = createLanguageService({
  maxBytes: 256 * 1024,
  onError: (feature, error) =>
    errors.push(`${feature}: ${error instanceof Error ? error.stack : String(error)}`),
});

const examples = readdirSync("examples")
  .filter((name) => name.endsWith(".yaml"))
  .map((name) => readFileSync(`examples/${name}`, "utf8"));

let version = 0;
/** Every feature at `positions` offsets of `text`; fails on an exception or a runaway call. */
function exercise(text: string, positions: number): void {
  const document = TextDocument.create("file:///fuzz.yaml", "yaml", ++version, text);
  const timed = <T>(_name: string, f: () => T): T => f();
  const diagnostics = timed("diagnostics", () => service.diagnostics(document));
  timed("documentSymbols", () => service.documentSymbols(document));
  const whole = { start: { line: 0, character: 0 }, end: document.positionAt(text.length) };
  timed("codeActions", () => service.codeActions(document, whole, diagnostics));
  for (let i = 0; i < positions; i++) {
    const position = document.positionAt(Math.floor(((i + 0.5) * text.length) / positions));
    timed("hover", () => service.hover(document, position));
    timed("completion", () => service.completion(document, position));
    timed("definition", () => service.definition(document, position));
    timed("references", () => service.references(document, position, true));
  }
  expect(errors).toEqual([]);
}

describe("text mutations of the examples", () => {
  it("never throw or hang in any feature", () => {
    const edit = fc.record({
      at: fc.nat(),
      remove: fc.nat({ max: 12 }),
      insert: fc.oneof(
        fc.string({ maxLength: 8 }),
        fc.constantFrom(
          ": ",
          "- ",
          "\n  ",
          "{{",
          "}}",
          "[",
          "{",
          "'",
          '"',
          "&a ",
          "*a",
          "!!x ",
          "\t",
          "\r\n",
          "#",
          "|\n",
        ),
      ),
    });
    fc.assert(
      fc.property(
        fc.nat({ max: examples.length - 1 }),
        fc.array(edit, { minLength: 1, maxLength: 5 }),
        (index, edits) => {
          let text = examples[index] as string;
          for (const { at, remove, insert } of edits) {
            const position = at % (text.length + 1);
            text = text.slice(0, position) + insert + text.slice(position + remove);
          }
          exercise(text, 12);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("answer at every character of a small document", () => {
    const text = `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    phases:\n      - name: a\n        state: { x: "{{a.b}}" }\n  indicators:\n    - { actor: a, surface: tools/call, target: x, pattern: { contains: y } }\n`;
    exercise(text, text.length + 1);
  });
});

const deep = 20_000;
const hostile: [string, string][] = [
  ["empty", ""],
  ["only whitespace and newlines", " \n\n\t\r\n  "],
  ["binary", String.fromCharCode(...Array.from({ length: 2000 }, (_, i) => (i * 7919) % 65536))],
  ["a lone surrogate and a BOM", "\uFEFFoatf: \uD800\nattack: \uDFFF"],
  [
    "an alias bomb",
    `a: &a ["x","x","x","x","x","x","x","x","x"]\n${Array.from(
      { length: 9 },
      (_, i) =>
        `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(97 + i)}`)
          .join(",")}]`,
    ).join("\n")}\n`,
  ],
  ["deep flow nesting", `oatf: "0.1"\nattack: ${"[".repeat(deep)}${"]".repeat(deep)}\n`],
  [
    "deep block nesting",
    Array.from({ length: 2000 }, (_, i) => `${" ".repeat(i)}k${i}:`).join("\n"),
  ],
  [
    "deep list nesting",
    Array.from({ length: 2000 }, (_, i) => `${" ".repeat(i * 2)}- `).join("\n"),
  ],
  ["a 200 kB line", `oatf: "0.1"\nattack:\n  name: "${"x".repeat(200_000)}"\n`],
  ["over the size limit", `# ${"y".repeat(300 * 1024)}\noatf: "0.1"\n`],
  [
    "many templates",
    `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state: { t: "${"{{a}}{{b.c}}\\\\{{d}}".repeat(5000)}" }\n`,
  ],
  ["unterminated quotes", `oatf: "0.1\nattack:\n  name: 'x\n  execution: {\n`],
  ["many documents", "---\na: 1\n---\nb: 2\n---\n".repeat(200)],
];

describe.each(hostile)("a hostile document: %s", (_name, text) => {
  it("is answered without throwing or hanging", () => {
    exercise(text, 24);
  });
});

describe("limits", () => {
  it("reports an oversized document with one diagnostic and analyses nothing of it", () => {
    const small = createLanguageService({ maxDocuments: 2, maxBytes: 100 });
    const big = small.diagnostics({
      uri: "file:///big.yaml",
      text: `oatf: "0.1"\n# ${"z".repeat(200)}\n`,
    });
    expect(big.map((d) => d.code)).toEqual(["parse/too-large"]);
    expect(
      small.documentSymbols({
        uri: "file:///big.yaml",
        text: `oatf: "0.1"\n# ${"z".repeat(200)}\n`,
      }),
    ).toEqual([]);
  });
});
