// Which documents the language server answers for (issue 37): OATF documents only, so an
// editor can attach it to every YAML file without flagging CI workflows.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TextDocument } from "vscode-languageserver-textdocument";
import { stringify } from "yaml";
import { createDocumentFilter, hasOatfKey } from "../src/document-filter.js";
import { createLanguageService } from "../src/index.js";

// Seven lines of a GitHub Actions workflow: five diagnostics from `oatf lsp` before it
// answered for OATF documents only.
const WORKFLOW = readFileSync(
  new URL("../../../test/fixtures/github-actions-workflow.yml", import.meta.url),
  "utf8",
);

describe("hasOatfKey", () => {
  it.each([
    ["block mapping", 'oatf: "0.1"\nattack: {}\n'],
    ["after comments, a directive and ---", '# an attack\n%YAML 1.2\n---\noatf: "0.1"\n'],
    ["as JSON", '{\n  "attack": {},\n  "oatf": "0.1"\n}'],
    ["quoted", "'oatf': '0.1'\n"],
    ["indented top-level mapping", '  attack: {}\n  oatf: "0.1"\n'],
    ["as an explicit key", '? oatf\n: "0.1"\n'],
    ["before a syntax error further down", 'oatf: "0.1"\nattack: [unclosed\n'],
  ])("finds the key: %s", (_, text) => {
    expect(hasOatfKey(text)).toBe(true);
  });

  it.each([
    ["a GitHub Actions workflow", WORKFLOW],
    ["a nested oatf key", "attack:\n  oatf: x\n"],
    ["oatf as a value", "name: oatf\n"],
    ["a sequence", "- oatf: x\n"],
    ["a flow sequence of pairs", "[oatf: x]\n"],
    ["a scalar", "oatf\n"],
    ["an empty text", ""],
    ["oatf only in a second YAML document", "a: 1\n---\noatf: x\n"],
    ["a key that only starts with oatf", "oatf_version: 1\n"],
  ])("does not find it: %s", (_, text) => {
    expect(hasOatfKey(text)).toBe(false);
  });

  it("agrees with the parsed mapping, in YAML of any style and JSON, for any top-level keys", () => {
    const key = fc.oneof(fc.constantFrom("oatf", "attack", "name", "oatf ", "OATF"), fc.string());
    // Values hold `oatf` keys too: only the top level counts.
    const value = fc.oneof(fc.jsonValue(), fc.dictionary(key, fc.jsonValue(), { maxKeys: 3 }));
    const style = fc.record({
      indent: fc.integer({ min: 1, max: 4 }),
      collectionStyle: fc.constantFrom("any", "block", "flow") as fc.Arbitrary<
        "any" | "block" | "flow"
      >,
      defaultKeyType: fc.constantFrom(
        null,
        "PLAIN",
        "QUOTE_DOUBLE",
        "QUOTE_SINGLE",
      ) as fc.Arbitrary<null | "PLAIN" | "QUOTE_DOUBLE" | "QUOTE_SINGLE">,
      lineWidth: fc.constantFrom(0, 20, 80),
    });
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 6 }), style, (object, options) => {
        const expected = Object.hasOwn(object, "oatf");
        expect(hasOatfKey(stringify(object, options))).toBe(expected);
        expect(hasOatfKey(`# a comment\n---\n${stringify(object, options)}`)).toBe(expected);
        expect(hasOatfKey(JSON.stringify(object, null, options.indent))).toBe(expected);
      }),
    );
  });

  it("answers hostile text without throwing, lexing it once", () => {
    // 5,000 nested block levels then a dedent: yaml's parser recurses there and overflows.
    let deep = "";
    for (let level = 0; level < 5000; level++) deep += `${" ".repeat(level)}a:\n`;
    expect(hasOatfKey(`${deep}oatf: 1\n`)).toBe(true);
    expect(hasOatfKey(`${"{a: ".repeat(20_000)}oatf: 1`)).toBe(false);
    expect(hasOatfKey(`${"[".repeat(100_000)}oatf`)).toBe(false);
    expect(hasOatfKey(`${"- ".repeat(50_000)}oatf: 1`)).toBe(false);
    expect(hasOatfKey(`oatf: ${"a".repeat(2_000_000)}`)).toBe(true);
    fc.assert(
      fc.property(
        fc.string({ unit: "binary" }),
        (text) => typeof hasOatfKey(`${text}oatf:`) === "boolean",
      ),
    );
  });
});

describe("createDocumentFilter", () => {
  const doc = (uri: string, text = WORKFLOW) => ({ uri, version: 1, text });

  it("accepts OATF documents by content whatever their name", () => {
    const filter = createDocumentFilter();
    expect(filter.accepts(doc("file:///repo/attack.yaml", 'oatf: "0.1"\n'))).toBe(true);
    expect(filter.accepts(doc("file:///repo/.github/workflows/ci.yml"))).toBe(false);
    expect(
      filter.accepts(TextDocument.create("untitled:Untitled-1", "yaml", 1, 'oatf: "0.1"')),
    ).toBe(true);
  });

  it("accepts paths matching a glob: the file name without '/', the whole path with it", () => {
    const filter = createDocumentFilter({ globs: ["*.oatf.{yaml,yml}", "**/attacks/**"] });
    expect(filter.accepts(doc("file:///home/me/new.oatf.yaml", ""))).toBe(true);
    expect(filter.accepts(doc("file:///home/me/x.oatf.yml"))).toBe(true);
    expect(filter.accepts(doc("file:///home/me/my%20attacks/draft%20one.oatf.yaml"))).toBe(true);
    expect(filter.accepts(doc("file:///repo/attacks/drafts/wip.yaml", ""))).toBe(true);
    expect(filter.accepts(doc("file:///repo/.github/workflows/ci.yml"))).toBe(false);
    expect(filter.accepts(doc("file:///repo/oatf.yaml.bak"))).toBe(false);
    expect(
      createDocumentFilter({ globs: "*.oatf.yaml" }).accepts(doc("file:///a/b.oatf.yaml")),
    ).toBe(true);
  });

  it("lists what is not a usable glob and ignores it", () => {
    const filter = createDocumentFilter({
      globs: ["*.oatf.yaml", 3, "", "*".repeat(70_000)] as unknown as string[],
    });
    expect(filter.ignored).toEqual([3, "", "*".repeat(70_000)]);
    expect(filter.accepts(doc("file:///a/b.oatf.yaml"))).toBe(true);
    expect(filter.accepts(doc("file:///a/b.yaml"))).toBe(false);
    expect(createDocumentFilter({ globs: { a: 1 } as unknown as string }).ignored).toEqual([
      { a: 1 },
    ]);
  });

  it("looks for the key only in the first maxBytes of a document", () => {
    const late = `${"# padding\n".repeat(20)}oatf: "0.1"\n`;
    expect(createDocumentFilter({ maxBytes: 50 }).accepts(doc("file:///a.yaml", late))).toBe(false);
    expect(createDocumentFilter().accepts(doc("file:///a.yaml", late))).toBe(true);
  });

  it("is what keeps a GitHub Actions workflow silent: the service alone reports on it", () => {
    // The language service validates whatever it is given (5 diagnostics on this workflow
    // before the filter existed); the filter is the decision not to give it.
    const service = createLanguageService();
    expect(service.diagnostics(doc("file:///ci.yml")).length).toBeGreaterThan(0);
    expect(createDocumentFilter().accepts(doc("file:///ci.yml"))).toBe(false);
  });
});
