// Helpers every evaluation path relies on: thrown values as messages, options read once
// without throwing, and the per-message coercion memo of the trace evaluator (SDK §5.3).
import type { Value } from "@oatf/model";
import { describe, expect, it } from "vitest";
import { readOptions } from "../src/base/options.js";
import { describeThrown } from "../src/compile/compile-error.js";
import { coerceForMatch, withCoercionMemo } from "../src/primitives/coercion-memo.js";

describe("describeThrown", () => {
  it("gives an Error's message, anything else as text", () => {
    expect(describeThrown(new RangeError("too deep"))).toBe("too deep");
    expect(describeThrown("plain")).toBe("plain");
    expect(describeThrown({ message: "not an Error" })).toBe("[object Object]");
    expect(describeThrown(undefined)).toBe("undefined");
  });

  it("falls back when the thrown value cannot be made text", () => {
    const hostile = {
      toString() {
        throw new Error("no");
      },
    };
    expect(describeThrown(hostile)).toBe("unknown error");
  });
});

describe("readOptions", () => {
  it("reads the named fields", () => {
    expect(readOptions({ a: 1, b: 2, c: 3 }, ["a", "b"])).toEqual({ a: 1, b: 2 });
  });

  it("missing or unreadable options count as none", () => {
    expect(readOptions(undefined as { a?: number } | undefined, ["a"])).toEqual({});
    expect(readOptions(null as unknown as { a?: number }, ["a"])).toEqual({});
    const hostile = Object.defineProperty({ a: 1 }, "b", {
      get() {
        throw new Error("no");
      },
    }) as { a: number; b: number };
    expect(readOptions(hostile, ["a", "b"])).toEqual({});
  });
});

describe("coercion memo", () => {
  it("without a memo, every call coerces afresh", () => {
    const value: Record<string, Value> = { a: 1 };
    expect(coerceForMatch(value)).toBe('{"a":1}');
    value.a = 2;
    expect(coerceForMatch(value)).toBe('{"a":2}');
  });

  it("within one message, an object's text is computed once", () => {
    const value: Record<string, Value> = { b: 1, a: 2 };
    const seen: string[] = [];
    withCoercionMemo(() => {
      seen.push(coerceForMatch(value));
      value.a = 3; // messages do not change while evaluated: the memo may keep the first text
      seen.push(coerceForMatch(value));
      seen.push(coerceForMatch(null), coerceForMatch(5), coerceForMatch("s"));
    });
    expect(seen).toEqual(['{"a":2,"b":1}', '{"a":2,"b":1}', "null", "5", "s"]);
    expect(coerceForMatch(value)).toBe('{"a":3,"b":1}');
  });

  it("answers right past its size, and forgets each message's objects after it", () => {
    const values = Array.from({ length: 40 }, (_, i): Record<string, Value> => ({ i }));
    const texts = (): string[] => values.map((v) => coerceForMatch(v));
    let first: string[] = [];
    withCoercionMemo(() => {
      first = texts();
      expect(texts()).toEqual(first);
    });
    expect(first).toEqual(values.map((_, i) => `{"i":${i}}`));
    // A later message with changed objects sees their new text, remembered or not before.
    for (const v of values) v.i = -1;
    withCoercionMemo(() => expect(new Set(texts())).toEqual(new Set(['{"i":-1}'])));
  });

  it("is off again after an evaluation that throws", () => {
    const value: Record<string, Value> = { a: 1 };
    expect(() =>
      withCoercionMemo(() => {
        coerceForMatch(value);
        throw new Error("boom");
      }),
    ).toThrow("boom");
    value.a = 2;
    expect(coerceForMatch(value)).toBe('{"a":2}');
  });
});
