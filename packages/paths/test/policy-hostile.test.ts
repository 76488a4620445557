// Issue 12 §5: the policy-path resolvers are entry points for untrusted configuration;
// an object or array where an expression string belongs is an error, never a throw.
import {
  iterationPrefix,
  type PolicyContext,
  type PolicyPath,
  parsePolicyPath,
  resolveBatchMapping,
  resolveInputMapping,
  resolvePolicyPath,
} from "@oatf/paths";
import { describe, expect, it } from "vitest";

const context: PolicyContext = { parent: { input: { items: [{ v: 1 }], query: "q" } } };

const notStrings: [string, unknown][] = [
  ["an empty object", {}],
  ["an array", []],
  ["an array of strings", ["parent.input.query"]],
  ["a null-prototype object", Object.create(null)],
  [
    "an object with a throwing toString",
    {
      toString: () => {
        throw new Error("boom");
      },
    },
  ],
  [
    "a path-like object with fields not an array",
    { expression: "x", source: "parent", direction: "input", fields: "query", iterate: [] },
  ],
  [
    "a path-like object with an iteration past its fields",
    { expression: "x", source: "parent", direction: "input", fields: [], iterate: [3] },
  ],
  ["a number", 42],
  ["null", null],
];

describe.each(notStrings)("an expression that is %s", (_name, expr) => {
  const expectSyntaxError = (result: {
    ok: boolean;
    error?: { code: string; message: string };
  }) => {
    expect(result.ok).toBe(false);
    expect(result.error?.code).toBe("invalid_syntax");
    expect(result.error?.message).toMatch(/must be a string/);
  };

  it("resolvePolicyPath returns invalid_syntax", () => {
    expectSyntaxError(resolvePolicyPath(expr as string, context));
  });

  it("resolveInputMapping returns invalid_syntax for that field", () => {
    const result = resolveInputMapping({ q: expr as string }, context);
    expectSyntaxError(result);
    expect(!result.ok && result.error.field).toBe("q");
  });

  it("resolveBatchMapping returns invalid_syntax for that field", () => {
    const result = resolveBatchMapping(
      { v: "parent.input.items.[].v", q: expr as string },
      context,
    );
    expectSyntaxError(result);
    expect(!result.ok && result.error.field).toBe("q");
  });

  it("iterationPrefix has no prefix for it", () => {
    expect(iterationPrefix(expr as PolicyPath)).toBeUndefined();
  });
});

describe("parsed paths are still accepted in place of text", () => {
  it("resolves a PolicyPath from parsePolicyPath", () => {
    const parsed = parsePolicyPath("parent.input.items.[].v");
    if (!parsed.ok) throw new Error("fixture");
    expect(resolvePolicyPath(parsed.value, context)).toEqual({ ok: true, value: [1] });
    expect(iterationPrefix(parsed.value)).toBe("parent.input.items");
  });

  it("a mapping that is an array is read by its indices, each still checked", () => {
    const result = resolveInputMapping(["parent.input.query"] as never, context);
    expect(result).toEqual({ ok: true, value: { 0: "q" } });
  });
});

describe("error messages name what was found (Stryker showed them unchecked)", () => {
  const found: PolicyContext = {
    parent: { input: { text: "t", none: null, map: { a: 1 }, n: 1, list: [{ x: 1 }, {}] } },
  };
  it.each([
    ["text", "string"],
    ["none", "null"],
    ["map", "object"],
    ["n", "number"],
  ])("'.[]' on %s names %s", (field, type) => {
    const result = resolvePolicyPath(`parent.input.${field}.[].x`, found);
    expect(!result.ok && result.error.message).toBe(
      `parent.input.${field}.[].x: '.[]' applied to ${type}, not an array`,
    );
  });

  it("absent and type-mismatched fields say which field and which element", () => {
    const absent = resolvePolicyPath("parent.input.list.[].x", found);
    expect(absent).toEqual({
      ok: false,
      error: {
        code: "absent",
        expression: "parent.input.list.[].x",
        message: "parent.input.list.[].x: field 'x' is absent (element 1)",
        index: 1,
      },
    });
    const mismatch = resolvePolicyPath("parent.input.text.y", found);
    expect(!mismatch.ok && mismatch.error.message).toBe(
      "parent.input.text.y: cannot read field 'y' of a non-object",
    );
    expect(!mismatch.ok && "index" in mismatch.error).toBe(false);
  });
});
