// Escape sequences in string and bytes literals follow the CEL grammar (langdef, "Syntax"):
// @bufbuild/cel's parser reads an unknown escape as a literal backslash, so these passed
// check (V-014) before, or failed with "Invalid code point NaN" and no position.
import { createCelEvaluator } from "@oatf/cel-default";
import { describe, expect, it } from "vitest";

const cel = createCelEvaluator({ timeoutMs: 10_000 });
const raw = String.raw;

describe("invalid escape sequences are syntax errors at the backslash", () => {
  it.each([
    [raw`'\q' == 'q'`, 1, 2, raw`\q`],
    [raw`'\8'`, 1, 2, raw`\8`],
    [raw`'\400'`, 1, 2, raw`\400`],
    [raw`'\19'`, 1, 2, raw`\19`],
    [raw`'\u12'`, 1, 2, "four hex digits"],
    [raw`'\U0010FFF'`, 1, 2, "eight hex digits"],
    [raw`"\q"`, 1, 2, raw`\q`],
    [raw`'''\q'''`, 1, 4, raw`\q`],
    [raw`"""a\q"""`, 1, 5, raw`\q`],
    [raw`b'\u00e9'`, 1, 3, "bytes literal"],
    [raw`B"\U000000e9"`, 1, 3, "bytes literal"],
    [raw`b'\q'`, 1, 3, raw`\q`],
    [raw`'\x4'`, 1, 2, "two hex digits"],
    [raw`'\x'`, 1, 2, "two hex digits"],
    [raw`'\U0011FFFF'`, 1, 2, "U+10FFFF"],
    [raw`'\uD800'`, 1, 2, "surrogate"],
    [raw`'\udfff'`, 1, 2, "surrogate"],
    [raw`'\U0000D800'`, 1, 2, "surrogate"],
    [raw`'ok\n' + 'a\q'`, 1, 12, raw`\q`],
    [raw`'\\\q'`, 1, 4, raw`\q`],
    [raw`r'\q' + '\q'`, 1, 10, raw`\q`],
    [raw`"it's" + '\q'`, 1, 11, raw`\q`],
    [`x == 1 // it's\n  && y == '\\q'`, 2, 12, raw`\q`],
    [`'''line one\nline \\q'''`, 2, 6, raw`\q`],
    [`'''a\\\nb'''`, 1, 5, "end a line"],
  ])("%s", (e, line, column, what) => {
    const r = cel.check(e);
    expect(r).toMatchObject({ ok: false, error: { line, column } });
    if (!r.ok) expect(r.error.message).toContain(what);
    const v = cel.evaluate(e, { x: 1, y: "q" });
    expect(v).toMatchObject({ ok: false, error: { kind: "cel_error" } });
    if (!v.ok) expect(v.error.message).toContain(`at ${line}:${column}: invalid escape sequence`);
  });
});

describe("valid escapes and raw literals still work", () => {
  const value = (e: string) => {
    const r = cel.evaluate(e, {});
    return r.ok ? r.value : r.error;
  };

  it("every escape the grammar allows", () => {
    const e = raw`'\a\b\f\n\r\t\v\"\'\\\?\`'`;
    expect(cel.check(e)).toEqual({ ok: true, value: undefined });
    expect(value(e)).toBe("\x07\b\f\n\r\t\v\"'\\?`");
    expect(value(raw`'\x41\X42\u0043\U00000044\105\000\377'`)).toBe("ABCDE\0\xff");
    expect(value(raw`'\U0010FFFF\uFFFF\u00e9'`)).toBe("\u{10ffff}\uffff\u00e9");
    expect(value(raw`"\q" == "q"`)).toMatchObject({ kind: "cel_error" });
  });

  it("quotes of every kind, and escapes next to comments and other tokens", () => {
    expect(value(raw`"\"" + '\'' + '''\'''' + """a\"""" + "'" + '"'`)).toBe(`"''a"'"`);
    expect(value(raw`['\n', '\t'].exists(s, s == '\t')`)).toBe(true);
    expect(value("'a\\n' // '\\q' and \"\\x\" in a comment\n == 'a\\n'")).toBe(true);
    expect(value("'a//b\\t' == 'a//' + 'b\\t'")).toBe(true);
    expect(value(raw`'\\' + 'q' == '\\q'`)).toBe(true);
  });

  it("raw strings process no escapes", () => {
    expect(value(raw`r'\q'`)).toBe(raw`\q`);
    expect(value(raw`R"\d+"`)).toBe(raw`\d+`);
    expect(value(raw`r'''\q'''`)).toBe(raw`\q`);
    expect(value(raw`r"\x" + '\x41'`)).toBe(raw`\xA`);
    expect(value(raw`'12'.matches(r'^\d+$')`)).toBe(true);
  });

  it("bytes literals, raw bytes in either prefix order", () => {
    for (const e of [
      raw`b'\xff' == b'\377'`,
      raw`size(B"\x00\n") == 2`,
      raw`br'\q' == b'\\q'`,
      raw`Br"\u00e9" == b'\\u00e9'`,
      raw`b'''\t''' == b'\x09'`,
    ]) {
      expect(cel.check(e), e).toEqual({ ok: true, value: undefined });
      expect(value(e), e).toBe(true);
    }
    // The parser has no rb prefix, but its contents are raw: the error is the parser's own.
    expect(cel.check(raw`rb'\q'`)).toMatchObject({ ok: false, error: { line: 1, column: 3 } });
    const r = cel.check(raw`rb'\q'`);
    expect(r.ok || r.error.message).not.toContain("escape");
  });

  it("identifiers that merely end in r or b are not prefixes", () => {
    expect(value(raw`{'br': 'x\ty'}.br == 'x\ty'`)).toBe(true);
  });

  it("an unterminated literal is reported at its start", () => {
    const r = cel.check(raw`'abc\q`);
    expect(r).toMatchObject({ ok: false, error: { line: 1, column: 1 } });
    expect(r.ok || r.error.message).toBe("found a string literal without its closing '");
  });
});

describe("the message names the escape exactly", () => {
  const error = (e: string) => {
    const r = cel.check(e);
    return r.ok ? "ok" : r.error;
  };

  it.each([
    [raw`'\q'`, 2, raw`invalid escape sequence: \q`],
    [raw`'\😀'`, 2, raw`invalid escape sequence: \😀`],
    [
      raw`'\9'`,
      2,
      raw`invalid escape sequence: \9 (an octal escape is three octal digits from \000 to \377)`,
    ],
    [
      raw`'\12'`,
      2,
      raw`invalid escape sequence: \12 (an octal escape is three octal digits from \000 to \377)`,
    ],
    [
      raw`'\4000'`,
      2,
      raw`invalid escape sequence: \400 (an octal escape is three octal digits from \000 to \377)`,
    ],
    [raw`'\x4'`, 2, raw`invalid escape sequence: \x must be followed by two hex digits`],
    [raw`'\X'a'`, 2, raw`invalid escape sequence: \X must be followed by two hex digits`],
    [raw`'\u12'`, 2, raw`invalid escape sequence: \u must be followed by four hex digits`],
    [raw`'\u'123'`, 2, raw`invalid escape sequence: \u must be followed by four hex digits`],
    [raw`'\U0010FFF'`, 2, raw`invalid escape sequence: \U must be followed by eight hex digits`],
    [
      raw`'\U00110000'`,
      2,
      raw`invalid escape sequence: \U00110000 is beyond the last code point U+10FFFF`,
    ],
    [
      raw`'\uD800'`,
      2,
      raw`invalid escape sequence: \uD800 is a surrogate code point (U+D800 to U+DFFF)`,
    ],
    [
      raw`b'\u00e9'`,
      3,
      raw`invalid escape sequence: \u is not allowed in a bytes literal (use \x or an octal escape)`,
    ],
    [
      raw`b'\U000000e9'`,
      3,
      raw`invalid escape sequence: \U is not allowed in a bytes literal (use \x or an octal escape)`,
    ],
    ["'''a\\\rb'''", 5, "invalid escape sequence: a backslash cannot end a line"],
    ["'''a\\\nb'''", 5, "invalid escape sequence: a backslash cannot end a line"],
  ])("%s", (e, column, message) => {
    expect(error(e)).toEqual({ message, line: 1, column });
  });

  it("the first invalid escape of a literal is the one reported", () => {
    expect(error(raw`'\q\z'`)).toEqual({
      message: raw`invalid escape sequence: \q`,
      line: 1,
      column: 2,
    });
  });

  it("code points next to the surrogates and the last one are fine", () => {
    for (const e of [
      raw`'\uD7FF'`,
      raw`'\uE000'`,
      raw`'\U0010FFFF'`,
      raw`'\377'`,
      raw`'\x0a\XfF'`,
    ]) {
      expect(cel.check(e), e).toEqual({ ok: true, value: undefined });
    }
  });
});

describe("what the scan treats as a literal", () => {
  it("a word is a prefix only when it is exactly r, b or both", () => {
    // `rx` and `xr` are identifiers: the literal after them is an ordinary one.
    for (const e of [raw`rx'\q'`, raw`xr'\q'`]) {
      expect(cel.check(e), e).toEqual({
        ok: false,
        error: { message: raw`invalid escape sequence: \q`, line: 1, column: 4 },
      });
    }
  });

  it("a comment ends at a carriage return too", () => {
    expect(cel.check("x == 1 // c\r&& y == '\\q'")).toMatchObject({
      ok: false,
      error: { message: raw`invalid escape sequence: \q` },
    });
  });

  it("a single-quoted literal ends at a line break: the parser reports it", () => {
    for (const e of ["'a\n' == '\\q'", "'a\r' == '\\q'"]) {
      const r = cel.check(e);
      expect(r, JSON.stringify(e)).toMatchObject({ ok: false, error: { line: 1, column: 1 } });
      expect(r.ok || r.error.message, JSON.stringify(e)).toBe(
        "found a string literal without its closing '",
      );
    }
  });

  it("a backslash that ends the source leaves the literal to the parser", () => {
    const r = cel.check("'abc\\");
    expect(r).toMatchObject({ ok: false, error: { line: 1, column: 1 } });
    expect(r.ok || r.error.message).toBe("found a string literal without its closing '");
  });
});
