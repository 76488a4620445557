// Issue 15 / issue 12 §3–§5: one diagnostic shape with ranges, rule ids from one closed table,
// a terminal-safe formatter, input limits checked before the YAML library recurses.
import {
  DEFAULT_LIMITS,
  type Diagnostic,
  isDiagnosticRule,
  type ParseError,
  parse,
  parseRecovering,
  ruleInfo,
} from "@oatf/model";
import { MAX_DEPTH } from "@oatf/model/internal";
import { escapeForTerminal, formatDiagnostics, formatStylish } from "@oatf/model/terminal";
import { describe, expect, it } from "vitest";
import { at } from "./at.js";
import { MINIMAL } from "./fixtures.js";

function errors(input: string, options?: Parameters<typeof parse>[1]): ParseError[] {
  const result = parse(input, options);
  if (result.ok) throw new Error("expected parse errors");
  return result.error;
}

describe("escapeForTerminal", () => {
  it("escapes C0, DEL, C1, line separators and bidi controls, and keeps other text", () => {
    const unsafe = ["\x00", "\x07", "\x1b", "\n", "\r", "\t", "\x7f", "\x85", "\x9b"];
    const bidi = [
      "\u061c",
      "\u200e",
      "\u200f",
      "\u202a",
      "\u202b",
      "\u202c",
      "\u202d",
      "\u202e",
      "\u2066",
      "\u2067",
      "\u2068",
      "\u2069",
    ];
    for (const char of [...unsafe, ...bidi, "\u2028", "\u2029"]) {
      const shown = escapeForTerminal(`a${char}b`);
      expect(shown).not.toContain(char);
      expect(shown).toMatch(/^a\\(x[0-9a-f]{2}|u[0-9a-f]{4}|[nrt])b$/);
    }
    expect(escapeForTerminal("\x1b[2J\x1b]0;title\x07")).toBe("\\x1b[2J\\x1b]0;title\\x07");
    expect(escapeForTerminal("\u202eevil")).toBe("\\u202eevil");
    expect(escapeForTerminal("naïve — 日本語 🎉")).toBe("naïve — 日本語 🎉");
  });

  it.each([
    ["\n", "\\n"],
    ["\r", "\\r"],
    ["\t", "\\t"],
    ["\x00", "\\x00"],
    ["\x0b", "\\x0b"],
    ["\x7f", "\\x7f"],
    ["\x85", "\\x85"],
    ["\x9f", "\\x9f"],
    ["\u2028", "\\u2028"],
    ["\u2029", "\\u2029"],
    ["\u202a", "\\u202a"],
    ["\u2069", "\\u2069"],
    ["\u061c", "\\u061c"],
    ["\u200e", "\\u200e"],
    ["\u200f", "\\u200f"],
  ])("shows %j as %s", (char, shown) => {
    expect(escapeForTerminal(`a${char}b`)).toBe(`a${shown}b`);
  });

  it("keeps the characters just outside the unsafe ranges", () => {
    const safe = " ~\xa0\u0100\u061b\u061d\u200d\u2010\u2027\u202f\u2065\u206a";
    expect(escapeForTerminal(safe)).toBe(safe);
  });

  it("escapes exactly C0, DEL, C1, U+2028/U+2029 and the Bidi_Control set in the whole BMP", () => {
    // Unicode's Bidi_Control property (PropList.txt), listed by hand rather than by \p{...}.
    const bidiControl = [0x61c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e];
    bidiControl.push(0x2066, 0x2067, 0x2068, 0x2069);
    const unsafe = (c: number) =>
      c < 0x20 ||
      (c >= 0x7f && c <= 0x9f) ||
      c === 0x2028 ||
      c === 0x2029 ||
      bidiControl.includes(c);
    const wrong: string[] = [];
    for (let c = 0; c < 0x10000; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const char = String.fromCharCode(c);
      if ((escapeForTerminal(char) !== char) !== unsafe(c)) wrong.push(c.toString(16));
    }
    expect(wrong).toEqual([]);
  });
});

describe("the diagnostic shape", () => {
  it("gives parse errors a rule from the table, a spec reference, a path and a range", () => {
    const found = errors(`oatf: "0.1"
attack:
  status: finished
  nme: x
  description: [1]
  references:
    - title: no url
  execution:
    mode: mcp_server
    state: {}
`);
    expect(found.map((e) => [e.rule, e.path])).toEqual([
      ["V-005", "attack.status"],
      ["parse/unknown-field", "attack.nme"],
      ["parse/type-mismatch", "attack.description"],
      ["parse/missing-field", "attack.references[0].url"],
    ]);
    for (const e of found) {
      expect(isDiagnosticRule(e.rule)).toBe(true);
      expect(e.severity).toBe("error");
      expect(e.spec_ref).toBe(ruleInfo(e.rule)!.spec_ref);
      expect(e.range!.start.offset).toBeTypeOf("number");
    }
    // The range spans the value: `finished` on line 3, columns 11..19.
    expect(found[0]!.range).toEqual({
      start: { line: 3, column: 11, offset: 30 },
      end: { line: 3, column: 19, offset: 38 },
    });
    expect(found[1]!.message).toContain("did you mean `name`?");
  });

  it("has one entry per rule id in the table, and no unknown ids", () => {
    expect(ruleInfo("V-013")).toEqual({
      severity: "error",
      spec_ref: "§6.2",
      check: expect.any(String),
    });
    expect(ruleInfo("W-002")?.spec_ref).toBe("SDK §7.0");
    expect(ruleInfo("parse/syntax")?.spec_ref).toBe("SDK §3.1");
    expect(ruleInfo("E-NO-INDICATORS")?.spec_ref).toBe("SDK §4.5");
    expect(isDiagnosticRule("V-099")).toBe(false);
    expect(isDiagnosticRule("toString")).toBe(false);
  });
});

describe("formatDiagnostics", () => {
  const source = "a: 1\nb: \x1b[2Jvalue\nc: 3\nd: 4\n";
  const diagnostic: Diagnostic = {
    severity: "error",
    rule: "parse/type-mismatch",
    code: "parse/type-mismatch",
    message: "bad \x1b]0;pwned\x07 value",
    path: "b",
    range: { start: { line: 2, column: 4, offset: 8 }, end: { line: 2, column: 13, offset: 17 } },
  };

  it("prints a code frame with carets under the whole range, every character escaped", () => {
    const text = formatDiagnostics(source, [diagnostic], { fileName: "x.yaml", contextLines: 1 });
    expect(text).toBe(
      [
        "x.yaml:2:4  error  parse/type-mismatch  bad \\x1b]0;pwned\\x07 value (b)",
        "  1 | a: 1",
        "> 2 | b: \\x1b[2Jvalue",
        "    |    ^^^^^^^^^^^^",
        "  3 | c: 3",
        "",
      ].join("\n"),
    );
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point of the test
    expect(text).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
  });

  it("colours only on request, and says how many diagnostics it left out", () => {
    expect(formatDiagnostics(source, [diagnostic])).not.toContain("\x1b[");
    expect(formatDiagnostics(source, [diagnostic], { color: true })).toContain("\x1b[31m");
    const many = Array.from({ length: 5 }, () => diagnostic);
    const text = formatDiagnostics(source, many, { maxDiagnostics: 2, contextLines: 0 });
    expect(text.match(/^> /gm)).toHaveLength(2);
    expect(text).toContain("… 3 more diagnostics not shown");
  });

  it("shows every one of 20,000 diagnostics on a 260 KB source (linear: `pnpm bench`)", () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `k${i}: ${"v".repeat(8)}`);
    const big = lines.join("\n");
    const many: Diagnostic[] = lines.map((_, i) => ({
      severity: "error",
      rule: "parse/duplicate-key",
      code: "parse/duplicate-key",
      message: "duplicate key",
      range: {
        start: { line: i + 1, column: 1, offset: 0 },
        end: { line: i + 1, column: 3, offset: 2 },
      },
    }));
    // Quadratic (a split of the source per diagnostic) took ~19 s here; bench/hostile.bench.ts
    // measures it against a quarter of the diagnostics.
    const text = formatDiagnostics(big, many);
    expect(text.match(/^> /gm)).toHaveLength(20_000);
  });

  it("shows a window of a long line around the range", () => {
    const long = `x: "${"a".repeat(500)}BAD${"b".repeat(500)}"`;
    const at = long.indexOf("BAD");
    const text = formatDiagnostics(long, [
      {
        ...diagnostic,
        range: {
          start: { line: 1, column: at + 1, offset: at },
          end: { line: 1, column: at + 4, offset: at + 3 },
        },
      },
    ]);
    const [, frameLine, caretLine] = text.split("\n");
    expect(frameLine!.length).toBeLessThan(200);
    expect(frameLine!.indexOf("BAD")).toBe(caretLine!.indexOf("^^^"));
  });
});

describe("formatStylish", () => {
  it("groups by file and totals the problems", () => {
    const warning: Diagnostic = {
      severity: "warning",
      rule: "W-002",
      code: "W-002",
      message: "mode",
      range: { start: { line: 4, column: 11 }, end: { line: 4, column: 12 } },
      source: "a.yaml",
    };
    const error: Diagnostic = {
      severity: "error",
      rule: "V-013",
      code: "V-013",
      message: "bad\x1bregex",
      range: { start: { line: 9, column: 5 }, end: { line: 9, column: 6 } },
      source: "a.yaml",
    };
    const text = formatStylish([error, warning]);
    expect(text).toBe(
      [
        "a.yaml",
        "  9:5       error    bad\\x1bregex  V-013",
        "  4:11      warning  mode  W-002",
        "",
        "✖ 2 problems (1 error, 1 warning)",
        "",
      ].join("\n"),
    );
    expect(formatStylish([])).toBe("");
  });
});

describe("input limits", () => {
  it("rejects input over maxBytes at once, counting UTF-8 bytes", () => {
    expect(errors("x".repeat(DEFAULT_LIMITS.maxBytes + 1))).toMatchObject([
      { rule: "parse/too-large", ...at(1, 1) },
    ]);
    const text = `${MINIMAL}# ${"é".repeat(600)}\n`;
    // 1,200 bytes of é, 600 characters.
    expect(parse(text, { maxBytes: 1_400 }).ok).toBe(true);
    expect(errors(text, { maxBytes: 1_200 })[0]!.rule).toBe("parse/too-large");
  });

  it("rejects more than maxNodes YAML nodes before composing them", () => {
    const list = `[${Array.from({ length: 2_000 }, (_, i) => i).join(", ")}]`;
    const text = MINIMAL.replace("tools: []", `tools: ${list}`);
    expect(parse(text).ok).toBe(true);
    expect(errors(text, { maxNodes: 1_000 })).toMatchObject([
      { rule: "parse/too-large", message: expect.stringContaining("more than 1000 YAML nodes") },
    ]);
  });

  it("gives the nesting diagnostic with a position for 5,000 nested block sequences", () => {
    const nested = `${"- ".repeat(5_000)}x\n- y\n`; // 10 KB
    expect(errors(nested)).toMatchObject([
      {
        rule: "parse/too-large",
        code: "parse/too-large",
        message: `collections are nested more than ${MAX_DEPTH} levels deep`,
        ...at(1),
      },
    ]);
    // One level per line (12.5 MB: above the default size limit, so raised here).
    let text = "";
    for (let i = 0; i < 5_000; i++) text += `${" ".repeat(i)}-\n`;
    text += "x: 1\n";
    const [error] = errors(text, { maxBytes: 64 * 1024 * 1024 });
    expect(error).toMatchObject({
      rule: "parse/too-large",
      code: "parse/too-large",
      message: `collections are nested more than ${MAX_DEPTH} levels deep`,
      ...at(MAX_DEPTH + 2),
    });
  });

  it("accepts documents nested up to the limit", () => {
    let state = "";
    for (let i = 0; i < MAX_DEPTH - 5; i++) state += `${" ".repeat(6 + 2 * i)}k:\n`;
    const text = `${MINIMAL.replace("state: {}", "state:")}${state}`;
    expect(parse(text).ok).toBe(true);
  });

  it("counts the bytes aliases expand to: 600 aliases of a 1 MB string are refused", () => {
    const big = "x".repeat(1_000_000);
    const aliases = Array.from({ length: 600 }, () => "        - *big").join("\n");
    const text = `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state:\n      a: &big "${big}"\n      b:\n${aliases}\n`;
    const [error] = errors(text);
    expect(error).toMatchObject({ rule: "V-020", message: expect.stringContaining("bytes") });
  });
});

describe("parseRecovering", () => {
  it("keeps what it can read, marks what it cannot, and keeps list positions", () => {
    const recovered = parseRecovering(`oatf: "0.1"
attack:
  severity: {level: enormous}
  execution:
    mode: mcp_server
    state: {}
  indicators:
    - 42
    - target: "a.b"
      pattern: {contains: x}
`);
    expect(recovered.errors.map((e) => e.rule)).toEqual(["V-005", "parse/type-mismatch"]);
    expect(recovered.unreadable).toEqual(["attack.severity.level", "attack.indicators[0]"]);
    expect(recovered.document!.attack.indicators).toEqual([
      null,
      { target: "a.b", pattern: { contains: "x" } },
    ]);
  });

  it("stops early on invalid YAML syntax and exhausted limits, with no document", () => {
    const syntax = parseRecovering("oatf: [unclosed\n");
    expect(syntax.document).toBeUndefined();
    expect(syntax.errors[0]!.rule).toBe("parse/syntax");
  });
});
