// SDK §5.6 extractors: RFC 9535 selectors compiled through json-p3, with match()/search()
// on RE2 and I-Regexp semantics, and compile errors that carry a message and an offset.
import { compileJsonPath } from "@oatf/evaluate/compilers";
import type { Value } from "@oatf/model";
import { describe, expect, it } from "vitest";

function all(selector: string, value: Value): Value[] {
  const compiled = compileJsonPath(selector);
  if (!compiled.ok) throw new Error(compiled.error.message);
  return compiled.value.all(value);
}

describe("compileJsonPath errors", () => {
  it("rejects a selector that is not a string", () => {
    expect(compileJsonPath(5 as never)).toEqual({
      ok: false,
      error: { message: "a JSONPath selector must be a string" },
    });
  });

  it("reports a syntax error with the parser's offset", () => {
    expect(compileJsonPath("$[")).toEqual({
      ok: false,
      error: { message: "invalid JSONPath: unclosed bracketed selection ('$[':2)", offset: 2 },
    });
  });

  it("rejects a comparison whose operand is itself a comparison (RFC 9535 comparison-expr)", () => {
    const message =
      "invalid JSONPath: a comparison operand must be a literal, a singular query or a function";
    expect(compileJsonPath("$[?(@.a == 1) == true]")).toEqual({
      ok: false,
      error: { message, offset: 14 },
    });
    expect(compileJsonPath("$[?@.a < 1 < 2]")).toEqual({
      ok: false,
      error: { message, offset: 7 },
    });
  });

  it("rejects a hyphen in a shorthand member name (RFC 9535 name-char has none)", () => {
    const message =
      "invalid JSONPath: a shorthand member name has no `-`; write the name in brackets, e.g. ['b-c']";
    // json-p3 reads `$.a.b-c` as the name `b-c`, even in strict mode (V-015).
    expect(compileJsonPath("$.a.b-c")).toEqual({ ok: false, error: { message, offset: 5 } });
    expect(compileJsonPath("$..x-y")).toEqual({ ok: false, error: { message, offset: 4 } });
    expect(compileJsonPath("$[?@.a-b == 1]")).toEqual({ ok: false, error: { message, offset: 6 } });
    // Bracketed names may hold any character.
    expect(all("$.a['b-c']", { a: { "b-c": 1 } })).toEqual([1]);
    expect(all("$[?@['a-b'] == 1]", [{ "a-b": 1 }, { "a-b": 2 }])).toEqual([{ "a-b": 1 }]);
  });

  it("accepts comparisons joined by logical operators", () => {
    expect(
      all("$[?@.a == 1 && @.b == 2]", [
        { a: 1, b: 2 },
        { a: 1, b: 3 },
      ]),
    ).toEqual([{ a: 1, b: 2 }]);
  });
});

describe("match() and search() on I-Regexp", () => {
  it("`.` matches neither \\n nor \\r", () => {
    expect(all("$[?match(@, 'a.b')]", ["a\rb", "a\nb", "axb"])).toEqual(["axb"]);
  });

  it("`.` inside a class and after a backslash is a literal dot", () => {
    expect(all("$[?match(@, '[.]x')]", [".x", "ax"])).toEqual([".x"]);
    expect(all("$[?match(@, 'a\\\\.b')]", ["a.b", "axb"])).toEqual(["a.b"]);
    expect(all("$[?match(@, '[\\\\].]x')]", ["]x", ".x", "ax"])).toEqual(["]x", ".x"]);
  });

  it("a class ends at its `]`: a later `.` is a wildcard again", () => {
    expect(all("$[?match(@, '[a.]')]", ["a", ".", "x"])).toEqual(["a", "."]);
    expect(all("$[?match(@, '[a].')]", ["ax", "a\r", "x"])).toEqual(["ax"]);
  });

  it("match() is anchored, search() is not", () => {
    expect(all("$[?match(@, 'b')]", ["abc", "b"])).toEqual(["b"]);
    expect(all("$[?search(@, 'b')]", ["abc", "xyz"])).toEqual(["abc"]);
  });

  it("is false for a non-string subject or pattern, and for an invalid pattern", () => {
    expect(all("$[?match(@, 1)]", ["", "1", 1])).toEqual([]);
    expect(all("$[?match(@, '1')]", [1, "1"])).toEqual(["1"]);
    expect(all("$[?match(@.a, 'x')]", [{ a: 1 }, { a: "x" }])).toEqual([{ a: "x" }]);
    expect(all("$[?match(@, '(')]", ["("])).toEqual([]);
    expect(all("$[?match(@, 'a\\\\')]", ["a\\", "a"])).toEqual([]);
  });
});

describe("evaluation never throws", () => {
  it("answers nothing when recursive descent exceeds its depth limit", () => {
    let deep: Value = { a: 1 };
    for (let i = 0; i < 200; i++) deep = { x: deep };
    const compiled = compileJsonPath("$..a");
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    expect(compiled.value.all(deep)).toEqual([]);
    expect(compiled.value.first(deep)).toBeUndefined();
  });
});
