// SDK §7 human-readable diagnostics: the exact text of code frames and stylish reports, for
// every kind of position a diagnostic may carry, with and without colour.
import type { Diagnostic } from "@oatf/model";
import { lineRange } from "@oatf/model/internal";
import { formatDiagnostics, formatStylish } from "@oatf/model/terminal";
import { describe, expect, it } from "vitest";

const at = (line: number, column: number, endLine = line, endColumn = column + 1) => ({
  start: { line, column, offset: 0 },
  end: { line: endLine, column: endColumn, offset: 0 },
});

const error = (extra: Partial<Diagnostic> = {}): Diagnostic => ({
  severity: "error",
  rule: "V-001",
  code: "V-001",
  message: "bad",
  ...extra,
});

const source = Array.from({ length: 12 }, (_, i) => `k${i + 1}: v`).join("\n");

describe("formatDiagnostics heads", () => {
  it("gives position, severity, rule, message and path, separated by two spaces", () => {
    expect(
      formatDiagnostics(source, [error({ path: "a.b", range: at(1, 2) })], { contextLines: 0 }),
    ).toBe("1:2  error  V-001  bad (a.b)\n> 1 | k1: v\n    |  ^\n");
  });

  it("underlines a whole line (a trace line) or from a column to the line's end, without offsets", () => {
    const text = formatDiagnostics(source, [error({ range: lineRange(2) })], { contextLines: 0 });
    expect(text).toBe("2:1  error  V-001  bad\n> 2 | k2: v\n    | ^^^^^\n");
    const fromColumn = { start: { line: 2, column: 3 }, end: { line: 3, column: 1 } };
    expect(formatDiagnostics(source, [error({ range: fromColumn })], { contextLines: 0 })).toBe(
      "2:3  error  V-001  bad\n> 2 | k2: v\n    |   ^^^\n",
    );
  });

  it("prefixes the diagnostic's source when no file name is given", () => {
    expect(
      formatDiagnostics(source, [error({ source: "t.jsonl", range: lineRange(1) })], {
        contextLines: 0,
      }),
    ).toMatch(/^t\.jsonl:1:1 {2}error/);
  });

  it("has no frame and no position without one; the file name stands alone", () => {
    expect(formatDiagnostics(source, [error()])).toBe("error  V-001  bad\n");
    expect(formatDiagnostics(source, [error()], { fileName: "f.yaml" })).toBe(
      "f.yaml  error  V-001  bad\n",
    );
  });

  it("says warning for a warning", () => {
    expect(formatDiagnostics("", [error({ severity: "warning", rule: "W-001" })])).toBe(
      "warning  W-001  bad\n",
    );
  });

  it("keeps a message on one line and cuts it at 200 characters", () => {
    expect(formatDiagnostics("", [error({ message: "first  \n  second\nthird" })])).toBe(
      "error  V-001  first ⏎ second ⏎ third\n",
    );
    const long = "m".repeat(300);
    expect(formatDiagnostics("", [error({ message: long })])).toBe(
      `error  V-001  ${"m".repeat(199)}…\n`,
    );
    expect(formatDiagnostics("", [error({ message: "m".repeat(200) })])).toBe(
      `error  V-001  ${"m".repeat(200)}\n`,
    );
  });

  it("escapes control characters in the file name and the path", () => {
    expect(formatDiagnostics("", [error({ path: "a\x1b" })], { fileName: "f\x07" })).toBe(
      "f\\x07  error  V-001  bad (a\\x1b)\n",
    );
  });

  it("separates blocks by a blank line and counts what it left out", () => {
    const two = [error({ rule: "V-001" }), error({ rule: "V-002" })];
    expect(formatDiagnostics("", two)).toBe("error  V-001  bad\n\nerror  V-002  bad\n");
    expect(formatDiagnostics("", two, { maxDiagnostics: 1 })).toBe(
      "error  V-001  bad\n\n… 1 more diagnostic not shown\n",
    );
    expect(formatDiagnostics("", two, { maxDiagnostics: 0 })).toBe(
      "… 2 more diagnostics not shown\n",
    );
    expect(formatDiagnostics("", two, { maxDiagnostics: 2 })).not.toContain("not shown");
  });
});

describe("formatDiagnostics code frames", () => {
  it("shows two lines of context by default, with a gutter as wide as the last number", () => {
    expect(formatDiagnostics(source, [error({ range: at(10, 1) })])).toBe(
      [
        "10:1  error  V-001  bad",
        "   8 | k8: v",
        "   9 | k9: v",
        "> 10 | k10: v",
        "     | ^",
        "  11 | k11: v",
        "  12 | k12: v",
        "",
      ].join("\n"),
    );
  });

  it("clips the context at the first and last line", () => {
    expect(formatDiagnostics("a\nb", [error({ range: at(1, 1) })], { contextLines: 5 })).toBe(
      "1:1  error  V-001  bad\n> 1 | a\n    | ^\n  2 | b\n",
    );
    expect(formatDiagnostics("a\nb", [error({ range: at(2, 1) })], { contextLines: 5 })).toBe(
      "2:1  error  V-001  bad\n  1 | a\n> 2 | b\n    | ^\n",
    );
  });

  it("rounds a fractional context down and treats a negative one as none", () => {
    const frame = (contextLines: number) =>
      formatDiagnostics(source, [error({ range: at(5, 1) })], { contextLines });
    expect(frame(1.9)).toBe(frame(1));
    expect(frame(-3)).toBe(frame(0));
    expect(frame(0)).toBe("5:1  error  V-001  bad\n> 5 | k5: v\n    | ^\n");
  });

  it("treats a missing source as one empty line", () => {
    expect(formatDiagnostics(null as never, [error({ range: at(1, 1) })])).toBe(
      "1:1  error  V-001  bad\n> 1 |\n    | ^\n",
    );
  });

  it("splits the source at \\r\\n, \\r and \\n", () => {
    expect(
      formatDiagnostics("a\r\nb\rc\nd", [error({ range: at(3, 1) })], { contextLines: 1 }),
    ).toBe("3:1  error  V-001  bad\n  2 | b\n> 3 | c\n    | ^\n  4 | d\n");
  });

  it("has no frame for a line outside the source", () => {
    expect(formatDiagnostics("a", [error({ range: at(3, 1) })])).toBe("3:1  error  V-001  bad\n");
    expect(formatDiagnostics("a", [error({ range: at(0, 1) })])).toBe("0:1  error  V-001  bad\n");
  });

  it("underlines a range over several lines to the end of its first line", () => {
    expect(
      formatDiagnostics("key: value\nnext", [error({ range: at(1, 6, 2, 3) })], {
        contextLines: 0,
      }),
    ).toBe("1:6  error  V-001  bad\n> 1 | key: value\n    |      ^^^^^\n");
  });

  it("underlines at least one character, also past the end of the line", () => {
    expect(formatDiagnostics("ab", [error({ range: at(1, 2, 1, 2) })])).toBe(
      "1:2  error  V-001  bad\n> 1 | ab\n    |  ^\n",
    );
    expect(formatDiagnostics("ab", [error({ range: at(1, 9, 1, 12) })])).toBe(
      "1:9  error  V-001  bad\n> 1 | ab\n    |   ^\n",
    );
    expect(formatDiagnostics("ab", [error({ range: at(1, 0, 1, 2) })])).toBe(
      "1:0  error  V-001  bad\n> 1 | ab\n    | ^\n",
    );
  });

  it("trims trailing spaces of frame lines, and shows empty lines as a bare gutter", () => {
    expect(formatDiagnostics("a  \n\nb", [error({ range: at(3, 1) })])).toBe(
      "3:1  error  V-001  bad\n  1 | a\n  2 |\n> 3 | b\n    | ^\n",
    );
  });

  it("shows a long line as a window of 160 characters around the range", () => {
    const line = `${"a".repeat(100)}BAD${"b".repeat(200)}`;
    const text = formatDiagnostics(line, [error({ range: at(1, 101, 1, 104) })]);
    const shown = `…${line.slice(60, 220)}…`;
    expect(text).toBe(`1:101  error  V-001  bad\n> 1 | ${shown}\n    | ${" ".repeat(41)}^^^\n`);
  });

  it("starts the window at the line's start while the range is in its first 40 characters", () => {
    const line = `${"a".repeat(40)}BAD${"b".repeat(200)}`;
    const text = formatDiagnostics(line, [error({ range: at(1, 41, 1, 44) })]);
    expect(text).toBe(
      `1:41  error  V-001  bad\n> 1 | ${line.slice(0, 160)}…\n    | ${" ".repeat(40)}^^^\n`,
    );
  });

  it("has no ellipsis for a line of exactly 160 characters", () => {
    const line = `${"a".repeat(100)}BAD${"b".repeat(57)}`;
    const text = formatDiagnostics(line, [error({ range: at(1, 101, 1, 104) })]);
    expect(text).toBe(`1:101  error  V-001  bad\n> 1 | ${line}\n    | ${" ".repeat(100)}^^^\n`);
  });

  it("cuts the carets at the window's end", () => {
    const line = "a".repeat(400);
    const text = formatDiagnostics(line, [error({ range: at(1, 101, 1, 401) })]);
    const [, , carets] = text.split("\n");
    // The window shows characters 61–220: the range starts at 101, so 120 are underlined.
    expect(carets).toBe(`    | ${" ".repeat(41)}${"^".repeat(120)}`);
  });

  it("counts escaped characters when placing carets", () => {
    expect(formatDiagnostics("\x1bab", [error({ range: at(1, 2, 1, 4) })])).toBe(
      "1:2  error  V-001  bad\n> 1 | \\x1bab\n    |     ^^\n",
    );
    expect(formatDiagnostics("a\tb", [error({ range: at(1, 2, 1, 3) })])).toBe(
      "1:2  error  V-001  bad\n> 1 | a\\tb\n    |  ^^\n",
    );
  });

  it("colours the severity, message, marker, gutter and carets on request", () => {
    const red = (t: string) => `\x1b[31m${t}\x1b[0m`;
    const gray = (t: string) => `\x1b[90m${t}\x1b[0m`;
    const bold = (t: string) => `\x1b[1m${t}\x1b[0m`;
    expect(formatDiagnostics("ab", [error({ range: at(1, 1) })], { color: true })).toBe(
      `1:1  ${red("error")}  V-001  ${bold("bad")}\n${red(">")} ${gray("1 |")} ab\n  ${gray("  |")} ${red("^")}\n`,
    );
    expect(formatDiagnostics("", [error({ severity: "warning" })], { color: true })).toBe(
      `\x1b[33mwarning\x1b[0m  V-001  ${bold("bad")}\n`,
    );
  });
});

describe("formatStylish", () => {
  it("pads positions and severities into columns, 0:0 without a position", () => {
    const text = formatStylish([
      error({ source: "a.yaml", range: at(12, 34) }),
      error({ source: "a.yaml", severity: "warning", rule: "W-002", message: "x\ny" }),
      error({ source: "a.yaml", range: lineRange(3) }),
    ]);
    expect(text).toBe(
      [
        "a.yaml",
        "  12:34     error    bad  V-001",
        "  0:0       warning  x ⏎ y  W-002",
        "  3:1       error    bad  V-001",
        "",
        "✖ 3 problems (2 errors, 1 warning)",
        "",
      ].join("\n"),
    );
  });

  it("says problem, error and warning in the singular for one", () => {
    expect(formatStylish([error({ source: "a", range: at(1, 1) })])).toBe(
      "a\n  1:1       error    bad  V-001\n\n✖ 1 problem (1 error, 0 warnings)\n",
    );
  });

  it("groups by source in order of first appearance, shows at most maxDiagnostics per file but counts them all", () => {
    const a = { source: "a" };
    const three = [
      error(a),
      error({ source: "b" }),
      error(a),
      error({ ...a, severity: "warning" }),
    ];
    expect(formatStylish(three, { maxDiagnostics: 1 })).toBe(
      [
        "a",
        "  0:0       error    bad  V-001",
        "  … 2 more not shown",
        "",
        "b",
        "  0:0       error    bad  V-001",
        "",
        "✖ 4 problems (3 errors, 1 warning)",
        "",
      ].join("\n"),
    );
  });

  it("colours the file, severities, rules and the total: red with errors, yellow without", () => {
    const paint = (code: number, t: string) => `\x1b[${code}m${t}\x1b[0m`;
    expect(
      formatStylish([error({ source: "a", severity: "warning" })], {
        color: true,
      }),
    ).toBe(
      `${paint(4, "a")}\n  0:0       ${paint(33, "warning")}  bad  ${paint(90, "V-001")}\n\n${paint(33, paint(1, "✖ 1 problem (0 errors, 1 warning)"))}\n`,
    );
    expect(formatStylish([error({ source: "a" })], { color: true })).toBe(
      `${paint(4, "a")}\n  0:0       ${paint(31, "error  ")}  bad  ${paint(90, "V-001")}\n\n${paint(31, paint(1, "✖ 1 problem (1 error, 0 warnings)"))}\n`,
    );
  });

  it("escapes the file name", () => {
    expect(formatStylish([error({ source: "a\x1b" })])).toMatch(/^a\\x1b\n/);
  });
});
