import {
  type PolicyContext,
  parsePolicyPath,
  resolveBatchMapping,
  resolveInputMapping,
  resolvePolicyPath,
  type Value,
} from "@oatf/paths";
import { describe, expect, it } from "vitest";

const items: Value[] = [{ name: "a", value: 1 }, { name: "b", value: null }, { name: "c" }];
const context: PolicyContext = {
  parent: {
    input: {
      query: "q",
      nothing: null,
      config: { nested: { key: "k" } },
      items,
      prices: [{ amount: 1 }, { amount: 2 }],
      text: "not an array",
      matrix: [{ rows: [{ value: 1 }] }],
    },
  },
  researcher: { output: { findings: ["f1"], score: 0.9 } },
  quality_checker: { output: { score: 3 } },
};

describe("resolvePolicyPath", () => {
  // The examples table of the path expression reference.
  it.each([
    ["parent.input.query", "q"],
    ["researcher.output.findings", ["f1"]],
    ["parent.input.items.[].name", ["a", "b", "c"]],
    ["quality_checker.output.score", 3],
    ["parent.input.config.nested.key", "k"],
    ["parent.input.items.[]", items],
  ])("resolves %j", (expression, expected) => {
    expect(resolvePolicyPath(expression, context)).toEqual({ ok: true, value: expected });
  });

  it("passes an explicit null through", () => {
    expect(resolvePolicyPath("parent.input.nothing", context)).toEqual({ ok: true, value: null });
  });

  it("reports an absent field distinctly from null", () => {
    const result = resolvePolicyPath("parent.input.missing", context);
    expect(result).toMatchObject({
      ok: false,
      error: { code: "absent", expression: "parent.input.missing" },
    });
    expect(!result.ok && result.error.message).toMatch(/'missing' is absent/);
  });

  it("treats a field of an explicit null as absent", () => {
    expect(resolvePolicyPath("parent.input.nothing.x", context)).toMatchObject({
      ok: false,
      error: { code: "absent" },
    });
  });

  it("reports .[] on a non-array as a type mismatch", () => {
    for (const expression of [
      "parent.input.text.[]",
      "parent.input.config.[]",
      "parent.input.nothing.[]",
    ]) {
      const result = resolvePolicyPath(expression, context);
      expect(result).toMatchObject({ ok: false, error: { code: "type_mismatch", expression } });
      expect(!result.ok && result.error.message).toMatch(/not an array/);
    }
  });

  it("reports reading a field of a string, number or array as a type mismatch", () => {
    for (const expression of ["parent.input.query.length", "parent.input.items.name"]) {
      expect(resolvePolicyPath(expression, context)).toMatchObject({
        ok: false,
        error: { code: "type_mismatch" },
      });
    }
  });

  it("reports an element missing the field under .[] as absent, with its index", () => {
    expect(resolvePolicyPath("parent.input.items.[].value", context)).toMatchObject({
      ok: false,
      error: { code: "absent", index: 2 },
    });
  });

  it("reports a source without data (not executed, or no such direction)", () => {
    for (const expression of ["writer.output.x", "researcher.input.x", "toString.input.x"]) {
      expect(resolvePolicyPath(expression, context)).toMatchObject({
        ok: false,
        error: { code: "source_unavailable", expression },
      });
    }
  });

  it("looks fields up as own properties only", () => {
    const ctx: PolicyContext = { parent: { input: { a: {} } } };
    expect(resolvePolicyPath("parent.input.a.constructor", ctx)).toMatchObject({
      ok: false,
      error: { code: "absent" },
    });
    const own: PolicyContext = { parent: { input: JSON.parse('{"__proto__": 7}') } };
    expect(resolvePolicyPath("parent.input.__proto__", own)).toEqual({ ok: true, value: 7 });
  });

  it("rejects multiple .[] and syntax errors", () => {
    expect(resolvePolicyPath("parent.input.matrix.[].rows.[].value", context)).toMatchObject({
      ok: false,
      error: { code: "multiple_iterations" },
    });
    expect(resolvePolicyPath("parent.input.my-field", context)).toMatchObject({
      ok: false,
      error: { code: "invalid_syntax", position: 15 },
    });
  });

  it("accepts an already parsed path", () => {
    const parsed = parsePolicyPath("parent.input.query");
    if (!parsed.ok) throw new Error("expected ok");
    expect(resolvePolicyPath(parsed.value, context)).toEqual({ ok: true, value: "q" });
  });
});

describe("resolveBatchMapping", () => {
  it("returns one input per element, iterating in lockstep", () => {
    const result = resolveBatchMapping(
      { name: "parent.input.items.[].name", value: "parent.input.items.[].value" },
      context,
    );
    // value: absent on the third element (left out), null on the second (kept).
    expect(result).toEqual({
      ok: true,
      value: [{ name: "a", value: 1 }, { name: "b", value: null }, { name: "c" }],
    });
  });

  it("repeats non-iterated fields in every input and leaves absent ones out", () => {
    const result = resolveBatchMapping(
      {
        amount: "parent.input.prices.[].amount",
        query: "parent.input.query",
        none: "parent.input.nothing",
        gone: "parent.input.missing",
      },
      context,
    );
    expect(result).toEqual({
      ok: true,
      value: [
        { amount: 1, query: "q", none: null },
        { amount: 2, query: "q", none: null },
      ],
    });
  });

  it("fails on a length mismatch between iterated arrays", () => {
    const result = resolveBatchMapping(
      { name: "parent.input.items.[].name", price: "parent.input.prices.[].amount" },
      context,
    );
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: "length_mismatch",
        field: "price",
        expression: "parent.input.prices.[].amount",
      },
    });
    expect(!result.ok && result.error.message).toMatch(/2 elements .* over 3/);
  });

  it("zips arrays of equal length even under different prefixes (the load-time check rejects those)", () => {
    const ctx: PolicyContext = { parent: { input: { a: [1, 2], b: ["x", "y"] } } };
    expect(resolveBatchMapping({ n: "parent.input.a.[]", s: "parent.input.b.[]" }, ctx)).toEqual({
      ok: true,
      value: [
        { n: 1, s: "x" },
        { n: 2, s: "y" },
      ],
    });
  });

  it("returns no inputs for an empty array", () => {
    const ctx: PolicyContext = { parent: { input: { a: [] } } };
    expect(resolveBatchMapping({ n: "parent.input.a.[].x" }, ctx)).toEqual({ ok: true, value: [] });
  });

  it("reports .[] on a non-array as a type mismatch, naming the field", () => {
    expect(resolveBatchMapping({ t: "parent.input.text.[]" }, context)).toMatchObject({
      ok: false,
      error: { code: "type_mismatch", field: "t" },
    });
  });

  it("reports a type mismatch inside an element with its index", () => {
    const ctx: PolicyContext = { parent: { input: { a: [{ b: 1 }, "str"] } } };
    expect(resolveBatchMapping({ b: "parent.input.a.[].b" }, ctx)).toMatchObject({
      ok: false,
      error: { code: "type_mismatch", field: "b", index: 1 },
    });
  });

  it("fails without any .[] field, and on multiple .[] or bad syntax", () => {
    expect(resolveBatchMapping({ q: "parent.input.query" }, context)).toMatchObject({
      ok: false,
      error: { code: "no_iteration" },
    });
    expect(
      resolveBatchMapping({ v: "parent.input.matrix.[].rows.[].value" }, context),
    ).toMatchObject({ ok: false, error: { code: "multiple_iterations", field: "v" } });
    expect(resolveBatchMapping({ v: "parent.input.a-b.[]" }, context)).toMatchObject({
      ok: false,
      error: { code: "invalid_syntax", field: "v", position: 14 },
    });
  });

  it("reports a missing source", () => {
    expect(resolveBatchMapping({ x: "writer.output.items.[]" }, context)).toMatchObject({
      ok: false,
      error: { code: "source_unavailable", field: "x" },
    });
  });

  it("sets a __proto__ target field as an own key, not the prototype", () => {
    const ctx: PolicyContext = { parent: { input: { a: [{ x: 1 }] } } };
    const result = resolveBatchMapping(JSON.parse('{"__proto__": "parent.input.a.[].x"}'), ctx);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [input] = result.value;
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    expect(Object.hasOwn(input!, "__proto__")).toBe(true);
  });
});

describe("resolveInputMapping", () => {
  it("resolves each field, keeps null and leaves absent fields out", () => {
    expect(
      resolveInputMapping(
        {
          query: "parent.input.query",
          none: "parent.input.nothing",
          gone: "parent.input.missing",
          score: "researcher.output.score",
        },
        context,
      ),
    ).toEqual({ ok: true, value: { query: "q", none: null, score: 0.9 } });
  });

  it("rejects .[] and reports other errors with the field", () => {
    expect(resolveInputMapping({ x: "parent.input.items.[].name" }, context)).toMatchObject({
      ok: false,
      error: { code: "iteration_outside_batch", field: "x" },
    });
    expect(resolveInputMapping({ x: "parent.input.query.deep" }, context)).toMatchObject({
      ok: false,
      error: { code: "type_mismatch", field: "x" },
    });
  });
});
