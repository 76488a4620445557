// Typing (issue 33): a newer version that differs from the last analysis of its document on one
// line is answered from that analysis (line-edit.ts), so completion and hover while typing read
// nothing again; each version the service analyses is read as YAML once, its validation
// included. Reads are counted on the YAML lexer, which every read of a text goes through.
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { Position } from "vscode-languageserver-types";
import { Lexer } from "yaml";
import { createLanguageService } from "../src/index.js";
import { lineEdit } from "../src/line-edit.js";

const example = readFileSync(
  new URL("../../../examples/cross-protocol-chain.yaml", import.meta.url),
  "utf8",
);
const URI = "file:///typing.yaml";

function at(text: string, needle: string, shift = 0): Position {
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`no ${needle} in the text`);
  return TextDocument.create(URI, "yaml", 0, text).positionAt(index + shift);
}

let lex: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  lex = vi.spyOn(Lexer.prototype, "lex");
});
afterEach(() => {
  lex.mockRestore();
});
const reads = () => lex.mock.calls.length;

describe("lineEdit", () => {
  it("finds the characters typed or deleted on one line", () => {
    expect(lineEdit("a: b\nc: d\n", "a: b\nc: dx\n")).toEqual({ start: 9, before: 9, after: 10 });
    expect(lineEdit("a: bcd\n", "a: d\n")).toEqual({ start: 3, before: 5, after: 3 });
    expect(lineEdit("a: b\n", "a: b\n")).toEqual({ start: 5, before: 5, after: 5 });
  });

  it("is undefined when a line break is typed or deleted", () => {
    expect(lineEdit("a: b\n", "a: b\n\n")).toBeUndefined();
    expect(lineEdit("a: b\nc: d\n", "a: bc: d\n")).toBeUndefined();
    expect(lineEdit("a: b\r\n", "a: b\r")).toBeUndefined();
  });
});

describe("a version typed on one line", () => {
  // `description` of the first indicator gains characters, one version at a time.
  const typed = (n: number) =>
    example.replace(
      /(indicators:\n\s+- id: \S+\n(?:.*\n)*?\s+description: ")/,
      `$1${"x".repeat(n)}`,
    );

  it("reads each analysed version once, validation included, and nothing while typing", () => {
    const service = createLanguageService();
    service.diagnostics({ uri: URI, version: 1, text: example });
    expect(reads()).toBe(1);
    for (let v = 2; v <= 6; v++) {
      const text = typed(v - 1);
      const document = { uri: URI, version: v, text };
      service.completion(document, at(text, "direction: request", 11));
      service.hover(document, at(text, "surface:", 2));
    }
    expect(reads()).toBe(1);
    service.diagnostics({ uri: URI, version: 6, text: typed(5) });
    expect(reads()).toBe(2);
  });

  it("completes and hovers as a fresh analysis of the new text does", () => {
    const service = createLanguageService();
    service.diagnostics({ uri: URI, version: 1, text: example });
    const text = typed(3);
    expect(text).toContain('description: "xxx');
    const document = { uri: URI, version: 2, text };
    const fresh = createLanguageService();
    const freshDocument = { uri: URI, version: 1, text };
    const positions = [
      at(text, "direction: request", 13),
      at(text, "{{", 2),
      at(text, "surface: message/send", 10),
      at(text, "requested_env}}", 3),
      at(text, 'description: "x', 16),
    ];
    let answered = 0;
    for (const position of positions) {
      const completion = service.completion(document, position);
      expect(completion).toEqual(fresh.completion(freshDocument, position));
      const hover = service.hover(document, position);
      expect(hover).toEqual(fresh.hover(freshDocument, position));
      answered += completion.items.length > 0 && hover !== null ? 1 : 0;
    }
    expect(answered).toBeGreaterThanOrEqual(3);
  });

  it("hovers after the edit on the same line at the new offsets", () => {
    const service = createLanguageService();
    const before = 'oatf: "0.1"\nattack:\n  severity: {level: high}\n';
    service.diagnostics({ uri: URI, version: 1, text: before });
    const text = before.replace("{level", "{ level");
    const position = at(text, "high", 1);
    const got = service.hover({ uri: URI, version: 2, text }, position);
    expect(reads()).toBe(1);
    expect(got).toEqual(createLanguageService().hover({ uri: URI, text }, position));
    expect(got?.range?.start).toEqual(at(text, "high"));
  });

  it("takes a host's document updated in place for the new version it is", () => {
    const service = createLanguageService();
    const document = TextDocument.create(URI, "yaml", 1, example);
    service.diagnostics(document);
    const start = document.positionAt(example.indexOf("surface:"));
    TextDocument.update(document, [{ range: { start, end: start }, text: "x" }], 2);
    const text = document.getText();
    const position = at(text, "direction: request", 13);
    const got = service.hover(document, position);
    expect(reads()).toBe(1);
    expect(got).toEqual(createLanguageService().hover({ uri: URI, text }, position));
    expect(got?.range?.start).toEqual(at(text, "direction: request", 11));
  });

  it("is read again when a line is added, so new names complete", () => {
    const service = createLanguageService();
    service.diagnostics({ uri: URI, version: 1, text: example });
    const text = example.replace("  indicators:\n", "  indicators:\n    - actor: \n");
    const got = service.completion({ uri: URI, version: 2, text }, at(text, "- actor: ", 9));
    expect(reads()).toBe(2);
    expect(got.items.map((i) => i.label)).toContain("mcp_poisoner");
  });

  it("is not taken for the same version with another text", () => {
    const service = createLanguageService();
    service.diagnostics({ uri: URI, version: 1, text: example });
    service.completion({ uri: URI, version: 1, text: typed(1) }, at(example, "tier:", 6));
    expect(reads()).toBe(2);
  });
});
