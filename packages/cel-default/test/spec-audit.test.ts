// CEL language rules that @bufbuild/cel does not enforce or provide on its own, pinned here
// because each was found to differ from CEL (cel-spec langdef, cel-go) before the fix.
import { createCelEvaluator } from "@oatf/cel-default";
import { describe, expect, it } from "vitest";

const cel = createCelEvaluator({ timeoutMs: 10_000 });
const value = (e: string, context: Record<string, never> | object = {}) => {
  const r = cel.evaluate(e, context as never);
  return r.ok ? r.value : r.error;
};

describe("macro arguments are checked at parse time (V-014), as cel-go does", () => {
  it.each([
    ["has(message)", "has"],
    ["has(message.obj['a'])", "has"],
    ["has(message.a - b)", "has"],
    ["has(1)", "has"],
    ["message.list.all(1, true)", "simple name"],
    ["[1].exists(x.y, true)", "simple name"],
    ["[1].exists_one('x', true)", "simple name"],
    ["[1].filter(x + 1, true)", "simple name"],
    ["[1].map(x.y, x)", "simple name"],
    ["[1].map(x.y, true, x)", "simple name"],
  ])("%s is a syntax error with a position", (e, why) => {
    const r = cel.check(e);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.message).toContain(why);
      expect(r.error.line).toBe(1);
      expect(r.error.column).toBeGreaterThanOrEqual(1);
    }
    expect(value(e, { message: {} })).toMatchObject({ kind: "cel_error" });
  });

  it("the messages name the rule and point at the misused macro", () => {
    expect(cel.check("has(message)")).toEqual({
      ok: false,
      error: {
        message:
          "invalid argument to has() macro: it takes a single field selection such as has(message.field)",
        line: 1,
        column: 1,
      },
    });
    expect(cel.check("l.exists(x.y, true)")).toEqual({
      ok: false,
      error: {
        message: "invalid argument to exists() macro: the first argument must be a simple name",
        line: 1,
        column: 2,
      },
    });
  });

  it("with several misused macros, the one the walk meets first is reported", () => {
    // The walk visits a call's arguments from the last.
    expect(cel.check("has(m) && has(n)")).toMatchObject({ ok: false, error: { column: 11 } });
  });

  it("calls that are not these macros are left to evaluation (unsupported_method)", () => {
    for (const e of [
      "m.has(1)", // a method named has
      "exists(x.y, true)", // a global function named like a macro
      "[1].all(1)", // a macro name with another number of arguments
      "[1].map(x.y, true, x, 1)",
      "[1].toString(1)", // a name that every object has
    ]) {
      expect(cel.check(e), e).toEqual({ ok: true, value: undefined });
      expect(value(e, { m: {}, x: {} }), e).toMatchObject({ kind: "unsupported_method" });
    }
  });

  it("well-formed macros still pass", () => {
    for (const e of ["has(m.a)", "has(m.a.b)", "[1].map(x, x)", "[1].map(x, true, x)"]) {
      expect(cel.check(e), e).toEqual({ ok: true, value: undefined });
    }
  });
});

describe("integer literals must fit their type", () => {
  it.each([
    "9223372036854775808",
    "-9223372036854775809",
    "0x8000000000000000",
    "18446744073709551616u",
  ])("%s is a syntax error", (e) => {
    expect(cel.check(e).ok).toBe(false);
  });

  it("the message names the literal and its range, at the literal", () => {
    const at = (message: string) => ({ ok: false, error: { message, line: 1, column: 6 } });
    expect(cel.check("1 == 9223372036854775808")).toEqual(
      at("int literal 9223372036854775808 is out of range [-2^63, 2^63-1]"),
    );
    expect(cel.check("1 == -9223372036854775809")).toEqual(
      at("int literal -9223372036854775809 is out of range [-2^63, 2^63-1]"),
    );
    expect(cel.check("1 == 18446744073709551616u")).toEqual(
      at("uint literal 18446744073709551616u is out of range [0, 2^64-1]"),
    );
  });

  it("the extreme values are fine", () => {
    expect(cel.check("-9223372036854775808").ok).toBe(true);
    expect(cel.check("9223372036854775807").ok).toBe(true);
    expect(cel.check("18446744073709551615u").ok).toBe(true);
    expect(value("9223372036854775807 + 1")).toMatchObject({ message: "int overflow during _+_" });
  });
});

describe("matches has its global form too (CEL standard definitions)", () => {
  it("matches(string, string) is string.matches(string)", () => {
    expect(value("matches('abc', 'b')")).toBe(true);
    expect(value("matches('abc', '^b')")).toBe(false);
    expect(value("matches(s, '^a+$')", { s: "aaa" })).toBe(true);
    expect(value("matches('abc', 1)")).toMatchObject({ kind: "cel_error" });
    expect(cel.check("matches('abc', '(?=a)')").ok).toBe(true); // the regex is a runtime error
    expect(value("matches('abc', '(?=a)')")).toMatchObject({ kind: "cel_error" });
  });
});

describe("JSON integers bind as int across the whole int64 range", () => {
  it("an integral number beyond 2^53 is an int, like any other integer", () => {
    const big = { n: 2 ** 60 };
    expect(value("type(n) == int", big)).toBe(true);
    expect(value("n + 1 > n", big)).toBe(true);
    expect(value("n == 1152921504606846976", big)).toBe(true);
  });

  it("beyond int64 a number is a double", () => {
    expect(value("type(n) == double", { n: 2 ** 63 })).toBe(true);
    expect(value("type(n) == int", { n: -(2 ** 63) })).toBe(true);
    expect(value("type(n) == double", { n: 1.5 })).toBe(true);
  });
});

describe("nested comprehensions", () => {
  it("four and five levels are valid CEL and evaluate", () => {
    const e4 = "[[[[1]]]].exists(a, a.exists(b, b.exists(c, c.exists(d, d == 1))))";
    expect(cel.check(e4).ok).toBe(true);
    expect(value(e4)).toBe(true);
    const e5 = "[[[[[2]]]]].all(a, a.all(b, b.all(c, c.all(d, d.all(e, e == 2)))))";
    expect(value(e5)).toBe(true);
  });
});

describe("timestamp conversions follow CEL (int64_to_timestamp, RFC 3339)", () => {
  it("timestamp(int) reads Unix epoch seconds", () => {
    expect(value("timestamp(1704067200) == timestamp('2024-01-01T00:00:00Z')")).toBe(true);
    expect(value("int(timestamp(1704067200))")).toBe(1704067200);
    expect(value("int(timestamp(-1))")).toBe(-1);
    expect(value("timestamp(0) == timestamp('1970-01-01T00:00:00Z')")).toBe(true);
    expect(value("timestamp(1704067200).getFullYear()")).toBe(2024);
  });

  it("timestamp(int) outside year 1..9999 is an error", () => {
    expect(value("timestamp(253402300799) == timestamp('9999-12-31T23:59:59Z')")).toBe(true);
    expect(value("timestamp(253402300800)")).toMatchObject({ kind: "cel_error" });
    expect(value("timestamp(-62135596801)")).toMatchObject({ kind: "cel_error" });
  });

  it.each([
    "2024-02-30T00:00:00Z",
    "2023-02-29T00:00:00Z",
    "2024-04-31T00:00:00Z",
    "2024-13-01T00:00:00Z",
    "2024-00-10T00:00:00Z",
    "2024-01-00T00:00:00Z",
    "2024-01-01T24:00:00Z",
    "2024-01-01T00:60:00Z",
    "2024-01-01T00:00:60Z",
    "2024-01-01",
    "not a time",
  ])("timestamp('%s') is an error", (s) => {
    expect(value(`timestamp('${s}')`)).toMatchObject({ kind: "cel_error" });
  });

  it("valid RFC 3339 strings still convert", () => {
    expect(value("int(timestamp('2024-02-29T12:00:00Z'))")).toBe(1709208000);
    expect(value("int(timestamp('2024-01-01T01:00:00+01:00'))")).toBe(1704067200);
    expect(value("timestamp('2024-01-01T00:00:00.5Z') > timestamp('2024-01-01T00:00:00Z')")).toBe(
      true,
    );
    expect(value("string(timestamp('2024-12-31T23:59:59Z'))")).toBe("2024-12-31T23:59:59Z");
  });
});

describe("has(e.f) is an error unless e is a map or a message (langdef, Field Selection)", () => {
  const message = { a: null, s: "text", n: 1, d: 1.5, t: true, l: [1], m: { k: null } };

  it.each(["a", "s", "n", "d", "t", "l"])("has(message.%s.b) is an error", (f) => {
    expect(value(`has(message.${f}.b)`, { message })).toMatchObject({ kind: "cel_error" });
  });

  it("is an error on literals and nested selections too", () => {
    expect(value("has(x.f)", { x: null })).toMatchObject({ kind: "cel_error" });
    expect(value("has([1].f)")).toMatchObject({ kind: "cel_error" });
    expect(value("has('s'.f)")).toMatchObject({ kind: "cel_error" });
    expect(value("has(message.m.k.z)", { message })).toMatchObject({ kind: "cel_error" });
    // The error is absorbed like any other by || and &&.
    expect(value("true || has(message.a.b)", { message })).toBe(true);
    expect(value("has(message.a.b) || true", { message })).toBe(true);
  });

  it("on maps it is unchanged: a missing key is false, a null-valued key is present", () => {
    expect(value("has(message.m.k)", { message })).toBe(true);
    expect(value("has(message.m.z)", { message })).toBe(false);
    expect(value("has(message.a)", { message })).toBe(true);
    expect(value("has(message.zz)", { message })).toBe(false);
    expect(value("has({'x': 1}.x) && !has({'x': 1}.y)")).toBe(true);
    expect(value("message.l.exists(e, has(e.k))", { message: { l: [{ k: 1 }] } })).toBe(true);
    expect(value("has(message.m.z.y)", { message })).toMatchObject({ kind: "cel_error" });
  });
});

describe("string to number conversions accept what cel-go's strconv accepts", () => {
  it.each([
    "int('')",
    "int(' 1')",
    "int('1 ')",
    "int('0x10')",
    "int('0b11')",
    "int('0o7')",
    "int('1_000')",
    "int('1.0')",
    "int('99999999999999999999')",
    "int('9223372036854775808')",
    "uint('')",
    "uint('-1')",
    "uint('+5')",
    "uint('0x10')",
    "uint('18446744073709551616')",
    "double('')",
    "double(' 1.5 ')",
    "double('0x10')",
    "double('1_0')",
    "double('1e400')",
    "double('abc')",
  ])("%s is an error", (e) => {
    expect(value(e)).toMatchObject({ kind: "cel_error" });
  });

  it("valid decimal strings convert", () => {
    expect(value("int('-12')")).toBe(-12);
    expect(value("int('+5')")).toBe(5);
    expect(value("int('007')")).toBe(7);
    expect(value("int('-9223372036854775808') == -9223372036854775807 - 1")).toBe(true);
    expect(value("int('9223372036854775807') == 9223372036854775807")).toBe(true);
    expect(value("uint('5') == 5u")).toBe(true);
    expect(value("uint('18446744073709551615') == 18446744073709551615u")).toBe(true);
    expect(value("double('1.5')")).toBe(1.5);
    expect(value("double('1e3')")).toBe(1000);
    expect(value("double('-0.5')")).toBe(-0.5);
    expect(value("double('.5') == 0.5 && double('5.') == 5.0 && double('+2E-1') == 0.2")).toBe(
      true,
    );
    expect(value("double('0x1p-2')")).toBe(0.25);
  });

  it("double() accepts inf, infinity and nan in any case, as ParseFloat does", () => {
    expect(value("double('inf') > 1e308 && double('-Infinity') < -1e308")).toBe(true);
    expect(value("double('+INF') == double('infinity')")).toBe(true);
    expect(value("double('NaN') != double('nan')")).toBe(true);
  });
});

describe("strings order by Unicode code point (langdef), not UTF-16 code unit", () => {
  it("a character beyond the BMP sorts after every BMP character", () => {
    expect(value("'\\uffff' < '😀'")).toBe(true);
    expect(value("'\\uffff' <= '😀'")).toBe(true);
    expect(value("'😀' > '\\uffff'")).toBe(true);
    expect(value("'😀' >= '\\uffff'")).toBe(true);
    expect(value("'a\\uffffz' < 'a😀'")).toBe(true);
    expect(value("s < t", { s: "\uffff", t: "😀" })).toBe(true);
  });

  it("ordinary orderings are unchanged", () => {
    expect(value("'a' < 'b' && 'ab' > 'a' && 'a' <= 'a' && 'a' >= 'a' && !('b' < 'a')")).toBe(true);
    expect(value("'' < 'a' && '😀' < '😁' && '😀' < '😀a' && !('😀' < '😀')")).toBe(true);
    expect(value("'😀' <= '😀' && '😁' >= '😀' && 'Z' < 'a'")).toBe(true);
  });
});
