import { isCelList, isCelMap } from "@bufbuild/cel";
import { createCelEvaluator } from "@oatf/cel-default";
import type { Value } from "@oatf/model";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toCel } from "../src/values.js";

// A generous time limit: the limit has its own tests (limits.test.ts), and a loaded
// machine must not turn these into timeouts.
const cel = createCelEvaluator({ timeoutMs: 10_000 });

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
      expect(cel.check(e as unknown as string).ok).toBe(false);
    }
  });

  it("arbitrary expression strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (e) => {
        expect(() => cel.check(e)).not.toThrow();
        expect(() => cel.evaluate(e, { x: 1 })).not.toThrow();
      }),
    );
  });
});
