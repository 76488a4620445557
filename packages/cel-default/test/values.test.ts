import { isCelList, isCelMap } from "@bufbuild/cel";
import type { Value } from "@oatf/model";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toCel } from "../src/values.js";
import { celError, evaluator, outcome } from "./helpers.js";

const cel = { evaluate: (e: string, c: Record<string, Value>) => evaluator().evaluate(e, c) };
const check = (e: string) => evaluator().check(e);

/** Walks a result and fails on anything that is not plain JSON. */
function assertPlainJson(v: unknown): void {
  if (v === null || ["string", "boolean", "number"].includes(typeof v)) return;
  if (Array.isArray(v)) {
    for (const item of v) assertPlainJson(item);
    return;
  }
  expect(typeof v).toBe("object");
  expect([Object.prototype, null]).toContain(Object.getPrototypeOf(v));
  for (const item of Object.values(v as object)) assertPlainJson(item);
}

describe("JSON views", () => {
  it("are recognized by @bufbuild/cel as its list and map (guards the pinned brand)", () => {
    expect(isCelList(toCel([1]))).toBe(true);
    expect(isCelMap(toCel({ a: 1 }))).toBe(true);
  });

  it("treat a key with a null value as present (has, in)", () => {
    expect(cel.evaluate("has(m.a) && 'a' in m && m.a == null", { m: { a: null } })).toEqual({
      ok: true,
      value: true,
    });
  });

  it("bind __proto__, constructor and toString keys as plain data", () => {
    const m = JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1, "toString": "s"}');
    expect(
      cel.evaluate("m.__proto__.polluted && m.constructor == 1 && m.toString == 's'", { m }),
    ).toEqual({ ok: true, value: true });
    expect(cel.evaluate("has(m.hasOwnProperty) || has(m.valueOf)", { m })).toEqual({
      ok: true,
      value: false,
    });
    const r = cel.evaluate("m", { m });
    expect(r.ok && Object.keys(r.value as object)).toEqual([
      "__proto__",
      "constructor",
      "toString",
    ]);
    expect(r.ok && Object.getPrototypeOf(r.value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("never resolves a variable through the prototype chain", () => {
    for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty"]) {
      const r = cel.evaluate(name, {});
      expect(r.ok ? "ok" : r.error.kind, name).toBe("cel_error");
    }
    expect(cel.evaluate("__proto__", JSON.parse('{"__proto__": 1}'))).toEqual({
      ok: true,
      value: 1,
    });
  });

  it("round-trip any JSON value, with nothing from the CEL library leaking out", () => {
    const cel = evaluator();
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const r = cel.evaluate("x", { x: v as Value });
        expect(r.ok).toBe(true);
        if (r.ok) {
          assertPlainJson(r.value);
          expect(JSON.stringify(r.value)).toBe(JSON.stringify(v));
        }
      }),
    );
  });

  it("return computed lists and maps as plain JSON", () => {
    const r = cel.evaluate("{'a': [1, 2.5, 'x', null, {'b': true}], 1: 2u}.map(k, k)", {});
    expect(r).toEqual({ ok: true, value: ["a", 1] });
    const m = cel.evaluate("{'a': [1, 2.5, 'x', null, {'b': true}], 1: 2u}", {});
    expect(m).toEqual({ ok: true, value: { a: [1, 2.5, "x", null, { b: true }], "1": 2 } });
    assertPlainJson(m.ok && m.value);
  });
});

describe("JSON lists", () => {
  const l = [1, 2, 3];

  it("index from 0 to their size - 1", () => {
    expect(outcome("[l[0], l[2], size(l)]", { l })).toEqual([1, 3, 3]);
    expect(outcome("l[3]", { l })).toEqual(celError("index 3 out of bounds [0, -1)", 1, 1));
    expect(outcome("l[-1]", { l })).toEqual(celError("index -1 out of bounds [0, -1)", 1, 1));
  });

  it("iterate every element once, in order", () => {
    expect(outcome("l.map(x, x * 10)", { l })).toEqual([10, 20, 30]);
    expect(outcome("l == [1, 2, 3] && !(l == [1, 2])", { l })).toBe(true);
  });
});

describe("JSON objects", () => {
  const m = { b: 1, a: null, "1": "one" };

  it("have string keys only", () => {
    expect(outcome("[m['1'], '1' in m, 1 in m]", { m })).toEqual(["one", true, false]);
    expect(outcome("m[1]", { m })).toEqual(celError("index 1 out of bounds [0, -1)", 1, 1));
  });

  it("iterate their keys in order, and count them", () => {
    expect(outcome("[m.map(k, k), size(m)]", { m })).toEqual([["1", "b", "a"], 3]);
  });

  it("a missing key is an error, a null-valued one is present", () => {
    expect(outcome("m.c", { m })).toEqual(celError("field not found: c", 1, 2));
    expect(outcome("[m.a, has(m.a), has(m.c)]", { m })).toEqual([null, true, false]);
  });
});

describe("numbers bind as int within the int64 range, as double beyond it", () => {
  it.each([
    [-(2 ** 64), "double"],
    [-(2 ** 63), "int"],
    [2 ** 63 - 1024, "int"], // the largest double below 2^63
    [2 ** 63, "double"],
    [1.5, "double"],
    [3, "int"],
  ])("%d is %s", (x, type) => {
    expect(outcome("type(x)", { x })).toEqual(outcome(type));
    expect(outcome(`type(x) == ${type}`, { x })).toBe(true);
  });

  it("a bigint (an in-memory message may hold one) binds as int", () => {
    expect(outcome("type(x) == int && x == 5", { x: 5n })).toBe(true);
  });

  it("strings, booleans and null bind as themselves; what is not JSON binds as null", () => {
    const context = { s: "x", t: true, f: false, z: null, u: undefined, g: () => 1 };
    expect(outcome("[s, t, f, z, u, g]", context)).toEqual(["x", true, false, null, null, null]);
    expect(outcome("u == null && type(s) == string && type(t) == bool", context)).toBe(true);
  });
});

describe("results", () => {
  /** `[[...[1]...]]`: `levels` nested lists. */
  const nestedList = (levels: number) => {
    let v: Value = [1];
    for (let i = 1; i < levels; i++) v = [v];
    return v;
  };
  const noJson = (type: string) => ({
    kind: "type_error",
    message: `result of type ${type} has no JSON form`,
  });

  it("convert scalars, lists and maps to plain JSON", () => {
    expect(outcome("['s', true, null, 1.5, 2, 3u, [], {}]")).toEqual([
      "s",
      true,
      null,
      1.5,
      2,
      3,
      [],
      {},
    ]);
    expect(outcome("{1u: 'x', true: 'y'}")).toEqual({ "1": "x", true: "y" });
  });

  it("are ordinary writable objects", () => {
    const r = evaluator().evaluate("{'a': 1}", {});
    expect(r.ok && Object.getOwnPropertyDescriptors(r.value)).toEqual({
      a: { value: 1, writable: true, enumerable: true, configurable: true },
    });
  });

  it("convert up to 1,001 levels of nesting", () => {
    expect(outcome("x", { x: nestedList(1001) })).toEqual(nestedList(1001));
    expect(outcome("x", { x: nestedList(1002) })).toEqual(noJson("value nested too deep"));
    expect(outcome("[x]", { x: nestedList(1001) })).toEqual(noJson("value nested too deep"));
    expect(outcome("{'k': x}", { x: nestedList(1001) })).toEqual(noJson("value nested too deep"));
  });

  it("a cyclic value is nested too deep", () => {
    const obj: Record<string, unknown> = { name: "a" };
    obj.self = obj;
    expect(outcome("obj", { obj })).toEqual(noJson("value nested too deep"));
  });

  it("bytes, types and timestamps have no JSON form, wherever they sit", () => {
    expect(outcome("b'abc'")).toEqual(noJson("bytes"));
    expect(outcome("[1, b'abc']")).toEqual(noJson("bytes"));
    expect(outcome("{'k': b'abc'}")).toEqual(noJson("bytes"));
    expect(outcome("type(1)")).toEqual(noJson("non-JSON value"));
    expect(outcome("[timestamp(0)]")).toEqual(noJson("non-JSON value"));
  });
});

describe("hostile input never throws", () => {
  const cases: [string, unknown][] = [
    ["undefined context", undefined],
    ["null context", null],
    ["string context", "nope"],
    ["undefined value", { x: undefined }],
    ["function value", { x: () => 1 }],
    ["symbol value", { x: Symbol("s") }],
    ["sparse array", { x: new Array(3) }],
    ["Date", { x: new Date(0) }],
    ["Map", { x: new Map([["a", 1]]) }],
    ["NaN", { x: Number.NaN }],
    [
      "throwing getter",
      {
        x: {
          get a() {
            throw new Error("boom");
          },
        },
      },
    ],
  ];
  it.each(cases)("%s", (_name, context) => {
    for (const e of ["x", "x.a", "size(x)", "x == null", "x.exists(k, true)"]) {
      expect(() => cel.evaluate(e, context as Record<string, Value>)).not.toThrow();
    }
  });

  it("cyclic structures", () => {
    const obj: Record<string, unknown> = { name: "a" };
    obj.self = obj;
    const arr: unknown[] = [1];
    arr.push(arr);
    const ctx = { obj, arr } as unknown as Record<string, Value>;
    expect(cel.evaluate("obj.self.self.self.name == 'a' && arr[1][1][0] == 1", ctx)).toEqual({
      ok: true,
      value: true,
    });
    expect(cel.evaluate("obj", ctx).ok).toBe(false);
    expect(cel.evaluate("arr", ctx).ok).toBe(false);
  });

  it("non-string expressions", () => {
    for (const e of [undefined, null, 1, {}]) {
      const r = cel.evaluate(e as unknown as string, {});
      expect(r.ok).toBe(false);
      expect(check(e as unknown as string).ok).toBe(false);
    }
  });

  it("arbitrary expression strings", () => {
    const cel = evaluator();
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (e) => {
        expect(() => cel.check(e)).not.toThrow();
        expect(() => cel.evaluate(e, { x: 1 })).not.toThrow();
      }),
    );
  });
});
