// SDK §5.5 / §5.5a template interpolation: how references are classified, what each
// unresolved reference warns (W-004), and the limits that keep rendering bounded.
import { interpolateTemplate, interpolateValue } from "@oatf/evaluate";
import { parseTemplate, renderTemplate } from "@oatf/evaluate/compilers";
import { MAX_TEXT_LENGTH } from "@oatf/evaluate/internal";
import type { Value } from "@oatf/model";
import { describe, expect, it } from "vitest";

const w004 = (message: string) => ({
  severity: "warning",
  rule: "W-004",
  code: "W-004",
  message,
  spec_ref: "SDK §7.0",
});

function references(template: string) {
  const parsed = parseTemplate(template);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value.references;
}

describe("parseTemplate", () => {
  it("classifies references by their dots", () => {
    expect(references("{{request}} {{a.b.c}} {{.x}} {{actor.name}} {{response.a.b}}")).toEqual([
      { kind: "extractor", name: "request", expression: "request", offset: 0 },
      { kind: "extractor", name: "a.b.c", expression: "a.b.c", offset: 12 },
      { kind: "extractor", name: ".x", expression: ".x", offset: 22 },
      {
        kind: "actor_extractor",
        actor: "actor",
        name: "name",
        expression: "actor.name",
        offset: 29,
      },
      { kind: "response", path: "a.b", expression: "response.a.b", offset: 44 },
    ]);
  });

  it("reports an unclosed {{ with its offset", () => {
    expect(parseTemplate("a {{b")).toEqual({
      ok: false,
      error: { message: 'unclosed "{{" at offset 2 in template', offset: 2 },
    });
  });

  it("rejects a template that is not a string", () => {
    expect(parseTemplate(5 as never)).toEqual({
      ok: false,
      error: { message: "a template must be a string" },
    });
  });

  it("reads `\\{{` at the very start as a literal", () => {
    expect(interpolateTemplate("\\{{x}} {{x}}", { x: "v" }).value).toBe("{{x}} v");
  });
});

describe("unresolved references (W-004)", () => {
  it("warns about an unknown extractor, with or without a map", () => {
    for (const extractors of [undefined, null, {}, new Map<string, string>()]) {
      expect(interpolateTemplate("[{{x}}]", extractors as never)).toEqual({
        value: "[]",
        diagnostics: [w004("{{x}}: unknown extractor or unavailable message")],
      });
    }
  });

  it("does not read a message for a plain extractor name", () => {
    expect(interpolateTemplate("{{x}}", {}, { x: "q" }, { x: "r" })).toEqual({
      value: "",
      diagnostics: [w004("{{x}}: unknown extractor or unavailable message")],
    });
  });

  it("warns when the message is unavailable or the path does not resolve", () => {
    expect(interpolateTemplate("{{request.a}}", {})).toEqual({
      value: "",
      diagnostics: [w004("{{request.a}}: unknown extractor or unavailable message")],
    });
    expect(interpolateTemplate("{{response.a}}", {}, null, { b: 1 })).toEqual({
      value: "",
      diagnostics: [w004("{{response.a}}: the response path did not resolve")],
    });
    expect(interpolateTemplate("{{request.a}}", {}, { a: { b: [1] } })).toEqual({
      value: '{"b":[1]}',
      diagnostics: [],
    });
  });

  it("warns when the extractor map cannot be read", () => {
    const hostile = new Proxy(
      {},
      {
        getOwnPropertyDescriptor() {
          throw new Error("map is locked");
        },
      },
    );
    expect(interpolateTemplate("{{x}}", hostile)).toEqual({
      value: "",
      diagnostics: [w004("{{x}}: could not be read: map is locked")],
    });
  });
});

describe("rendering", () => {
  it("renders a parsed template, tolerating missing literal parts", () => {
    const parsed = parseTemplate("a{{x}}b");
    if (!parsed.ok) throw new Error("parse");
    expect(renderTemplate(parsed.value, { x: "1" })).toEqual({ value: "a1b", diagnostics: [] });
    const bare = {
      source: "{{x}}",
      references: [{ kind: "extractor" as const, name: "x", expression: "x", offset: 0 }],
      parts: [],
    };
    expect(renderTemplate(bare, { x: "1" })).toEqual({ value: "1", diagnostics: [] });
  });

  it("interpolates a template that is not a string as its text", () => {
    expect(interpolateTemplate(5 as never)).toEqual({ value: "5", diagnostics: [] });
  });

  it("keeps output of exactly the limit without a warning", () => {
    const text = "x".repeat(MAX_TEXT_LENGTH);
    const result = interpolateTemplate(text);
    expect(result.value.length).toBe(MAX_TEXT_LENGTH);
    expect(result.diagnostics).toEqual([]);
  });
});

describe("interpolateValue", () => {
  it("returns a value that contains itself unchanged, with a warning", () => {
    const cyclic: { a: Value; s: string } = { a: null, s: "{{x}}" };
    cyclic.a = cyclic as unknown as Value;
    const result = interpolateValue(cyclic as unknown as Value, { x: "1" });
    expect(result.value).toBe(cyclic);
    expect(result.diagnostics).toEqual([w004("value not interpolated: the value contains itself")]);
  });
});
