// SDK §5.3 / §5.6: the compact JSON the evaluator builds from values (sorted keys for
// string operators, bounded length) and deep equality.
import { boundedJson, coerceToString, deepEqual, toText } from "@oatf/evaluate/internal";
import type { Value } from "@oatf/model";
import { describe, expect, it } from "vitest";

describe("sorted keys (coerceToString)", () => {
  it("sorts by code point, shorter prefix first", () => {
    expect(coerceToString({ b: 1, ab: 2, a: 3 })).toBe('{"a":3,"ab":2,"b":1}');
    expect(coerceToString({ ac: 1, ab: 2 })).toBe('{"ab":2,"ac":1}');
  });

  it("orders characters above U+FFFF after U+FFFF, as UTF-8 bytes do", () => {
    expect(coerceToString({ "😀": 1, "\uffff": 2 })).toBe('{"\uffff":2,"😀":1}');
    expect(coerceToString({ "\uffffb": 1, "\uffffa": 2 })).toBe('{"\uffffa":2,"\uffffb":1}');
    expect(coerceToString({ "😀b": 1, "😀a": 2 })).toBe('{"😀a":2,"😀b":1}');
  });
});

describe("coerceToString writes small values directly, as boundedJson does", () => {
  const deep = (n: number): unknown => (n === 0 ? "leaf" : { [`k${n}`]: deep(n - 1), z: [n] });
  const keys = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`key${(i * 7) % 20}`, i]));
  const values: unknown[] = [
    42,
    -0,
    Number.NaN,
    true,
    null,
    10n,
    undefined,
    Symbol("s"),
    { path: "/srv/data/1.txt", note: 'a "quoted"\n line' },
    [{ type: "text", text: "hi" }, [], {}, [[1, [2]]]],
    { a: Symbol("s"), f: () => 1, u: undefined, b: [undefined, () => 1] },
    { "😀b": 1, "😀a": 2, "\uffff": 3, "": 4 },
    keys, // more keys than the insertion sort takes
    deep(20), // deeper than written directly
    Array.from({ length: 300 }, (_, i) => i), // more values than written directly
    { long: "x".repeat(5000) },
    { ["y".repeat(5000)]: 1 },
    { when: new Date(0) },
    { toJSON: 5 },
    { nested: { toJSON: () => "t" } },
  ];
  it.each(values.map((value, i) => [i, value]))("value %i", (_, value) => {
    expect(coerceToString(value as never)).toBe(boundedJson(value, { sortKeys: true }).text);
  });

  it("still throws on a value that contains itself", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => coerceToString(cyclic as never)).toThrow(TypeError);
  });
});

describe("toText", () => {
  it("leaves out what JSON.stringify leaves out", () => {
    expect(toText({ a: Symbol("s"), f: () => 1, u: undefined, b: 1 } as never)).toBe('{"b":1}');
    expect(toText([Symbol("s"), undefined] as never)).toBe("[null,null]");
    expect(toText(undefined as never)).toBe("null");
  });

  it("writes a bigint as its digits", () => {
    expect(toText(10n as never)).toBe("10");
  });

  it("uses toJSON only when it is a function", () => {
    expect(toText({ toJSON: 5 } as never)).toBe('{"toJSON":5}');
    expect(toText(new Date(0) as never)).toBe('"1970-01-01T00:00:00.000Z"');
  });

  it("throws on a value that contains itself", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => toText(cyclic as never)).toThrow(
      new TypeError("cannot write a value that contains itself as JSON"),
    );
  });
});

describe("boundedJson length limit", () => {
  it("is complete when the text is exactly the limit", () => {
    expect(boundedJson("ab", { maxLength: 4 })).toEqual({ text: '"ab"', complete: true });
    expect(boundedJson([], { maxLength: 2 })).toEqual({ text: "[]", complete: true });
  });

  it("cuts a container whose closing bracket passes the limit", () => {
    expect(boundedJson([], { maxLength: 1 })).toEqual({ text: "[", complete: false });
    expect(boundedJson([1, 2], { maxLength: 4 })).toEqual({ text: "[1,2", complete: false });
    expect(boundedJson({ a: [1] }, { maxLength: 8 })).toEqual({
      text: '{"a":[1]',
      complete: false,
    });
  });
});

describe("deepEqual", () => {
  it.each([
    [[1], [1, 2], false],
    [[1, 2], [1], false],
    [{ 0: 1 }, [1], false],
    [{ a: 1, b: undefined }, { a: 1 }, true],
    [{ a: 1 }, { a: 1, b: undefined }, true],
    [{ a: 1 }, { b: 1 }, false],
    [{ a: 1 }, { a: 2 }, false],
    [{ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }, true],
  ])("%j and %j: %s", (a, b, expected) => {
    expect(deepEqual(a as Value, b as Value)).toBe(expected);
  });
});
