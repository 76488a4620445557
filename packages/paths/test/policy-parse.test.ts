import { checkPolicyFieldName, parsePolicyPath } from "@oatf/paths";
import { describe, expect, it } from "vitest";

describe("parsePolicyPath", () => {
  // The examples table of the path expression reference.
  it.each([
    ["parent.input.query", "parent", "input", ["query"], []],
    ["researcher.output.findings", "researcher", "output", ["findings"], []],
    ["parent.input.items.[].value", "parent", "input", ["items", "value"], [1]],
    ["quality_checker.output.score", "quality_checker", "output", ["score"], []],
    ["parent.input.config.nested.key", "parent", "input", ["config", "nested", "key"], []],
  ])("parses %j", (expression, source, direction, fields, iterate) => {
    expect(parsePolicyPath(expression)).toEqual({
      ok: true,
      value: { expression, source, direction, fields, iterate },
    });
  });

  it.each([
    ["parent.input.items.[]", ["items"], [1]],
    ["_a.output.x_1.[].y2", ["x_1", "y2"], [1]],
    // Syntactically valid; rejected by the load-time checks (multiple_iterations).
    ["parent.input.matrix.[].rows.[].value", ["matrix", "rows", "value"], [1, 2]],
    ["parent.input.a.[].[]", ["a"], [1, 1]],
  ])("parses iteration in %j", (expression, fields, iterate) => {
    expect(parsePolicyPath(expression)).toMatchObject({ ok: true, value: { fields, iterate } });
  });

  // The field-name constraints: identifier-only names, each rejection saying why.
  it.each([
    ["parent.input.my-field", 15, "hyphen in name", /hyphen/],
    ["parent.input.user name", 17, "space in name", /space/],
    ["parent.input.2fast", 13, "leading digit", /digit/],
    ["parent.input.café", 16, "invalid character", /identifiers/],
    ['parent.input["foo.bar"]', 12, "invalid iteration", /\.\[\]/],
    ["parent.input.items[]", 18, "invalid iteration", /\.\[\]/],
    ["parent.input.items.[0]", 19, "invalid iteration", /indices/],
    ["parent.input.items.[]x", 19, "invalid iteration", /\.\[\]/],
    ["parent.input..query", 13, "missing name", /empty/],
    ["parent.input.query.", 19, "missing name", /empty/],
    [".input.query", 0, "missing name", /identifier/],
    ["", 0, "missing name", /identifier/],
    ["parent", 6, "invalid direction", /input' or 'output/],
    ["parent.inputs.query", 7, "invalid direction", /input' or 'output/],
    ["parent.Input.query", 7, "invalid direction", /input' or 'output/],
    ["parent.input", 12, "missing field path", /field name must follow/],
    ["parent.output.", 14, "missing name", /empty/],
    ["parent.input.[]", 13, "missing field path", /field name must follow/],
    ["my-agent.output.x", 2, "hyphen in name", /hyphen/],
    ["1agent.output.x", 0, "leading digit", /digit/],
  ])("rejects %j at %i (%s)", (expression, position, reason, why) => {
    const result = parsePolicyPath(expression);
    expect(result).toMatchObject({ ok: false, error: { position, reason } });
    if (!result.ok) {
      expect(result.error.message).toMatch(why);
      expect(result.error.message).toContain(`position ${position}`);
    }
  });

  it("reads foo.bar as nested fields: a property named 'foo.bar' cannot be referenced", () => {
    expect(parsePolicyPath("parent.input.foo.bar")).toMatchObject({
      ok: true,
      value: { fields: ["foo", "bar"] },
    });
  });

  it("rejects a non-string without throwing", () => {
    expect(parsePolicyPath(null as unknown as string)).toMatchObject({
      ok: false,
      error: { reason: "not a string" },
    });
  });
});

describe("checkPolicyFieldName (the referenceable-names table)", () => {
  it.each(["query", "data_source", "myField2", "_x", "A"])("%j is referenceable", (name) => {
    expect(checkPolicyFieldName(name)).toBeUndefined();
  });

  it.each([
    ["foo.bar", 3, "dot in name", /ambiguous with the path separator/],
    ["my-field", 2, "hyphen in name", /not in \[a-zA-Z0-9_\]/],
    ["user name", 4, "space in name", /space/],
    ["2x", 0, "leading digit", /digit/],
    ["", 0, "missing name", /identifier/],
    ["é", 0, "invalid character", /identifiers/],
  ])("%j is not referenceable (position %i, %s)", (name, position, reason, why) => {
    const error = checkPolicyFieldName(name);
    expect(error).toMatchObject({ position, reason });
    expect(error?.message).toMatch(why);
  });
});
