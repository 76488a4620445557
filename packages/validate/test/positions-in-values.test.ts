// A problem inside a string value (a CEL syntax error at line:column, a regex error at an
// offset, an unclosed or dangling `{{…}}`) is reported at that character of the file, through
// YAML quoting, escapes and block scalars (issue 25), not over the whole scalar.
import { type CelEvaluator, parseRecovering, type SourceRange } from "@oatf/model";
import { validateRecovered } from "@oatf/validate";
import { describe, expect, it } from "vitest";

/** A CEL checker that reports the first `@` in an expression as a syntax error there. */
const hashIsAnError: CelEvaluator = {
  evaluate: () => ({ ok: true, value: true }),
  check(expression) {
    const index = expression.indexOf("@");
    if (index < 0) return { ok: true, value: undefined };
    const before = expression.slice(0, index);
    const line = before.split("\n").length;
    const column = index - (before.lastIndexOf("\n") + 1) + 1;
    return { ok: false, error: { message: "unexpected @", line, column } };
  },
};

function findings(text: string) {
  const { errors, warnings } = validateRecovered(parseRecovering(text), { cel: hashIsAnError });
  return [...errors, ...warnings];
}

/** The text of `source` at a diagnostic's range. */
function underlined(source: string, range: SourceRange) {
  return source.slice(range.start.offset, range.end.offset);
}

const HEAD = 'oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n';
const indicator = (body: string) => `${HEAD}    state: {}\n  indicators:\n    - target: x\n${body}`;

describe("V-014: the CEL error's line and column", () => {
  it.each([
    ["plain", "      expression: {cel: size(x) > 0 && @y}\n"],
    ["double-quoted, after escapes", '      expression: {cel: "\\u00e9 \\t \\"q\\" == @y"}\n'],
    ["single-quoted, after ''", "      expression: {cel: 'a == ''b'' || @y'}\n"],
    [
      "a literal block, second line",
      "      expression:\n        cel: |\n          a > 1 &&\n            b == @y\n",
    ],
    ["a folded block", "      expression:\n        cel: >-\n          a > 1\n          && @y\n"],
  ])("%s", (_, body) => {
    const text = indicator(body);
    const [error] = findings(text).filter((d) => d.rule === "V-014");
    expect(error!.message).toMatch(/^CEL syntax error at \d+:\d+: unexpected @$/);
    expect(underlined(text, error!.range!)).toBe("@");
  });
});

describe("V-013: the regex error's offset", () => {
  it.each([
    ["double-quoted with an escape", '      pattern: {regex: "\\ta[b"}\n', "["],
    ["a literal block", "      pattern:\n        regex: |-\n          x\\d+[b\n", "["],
  ])("%s", (_, body, char) => {
    const text = indicator(body);
    const [error] = findings(text).filter((d) => d.rule === "V-013");
    expect(error!.message).toContain("(at offset");
    expect(underlined(text, error!.range!)).toBe(char);
  });
});

describe("templates: the `{{…}}` in the value", () => {
  const state = (value: string) =>
    `${HEAD}    phases:\n      - state:\n          tools:\n            - name: t\n              description: ${value}\n`;

  it("V-016: an unclosed `{{`", () => {
    const text = state('"a\\tb {{ok}} {{open"');
    const [error] = findings(text).filter((d) => d.rule === "V-016");
    expect(underlined(text, error!.range!)).toBe("{{");
    expect(error!.range!.start.column).toBe(text.split("\n")[8]!.lastIndexOf("{{") + 1);
  });

  it("W-004: the whole reference", () => {
    const text = state(">-\n                one {{nobody}}\n                two");
    const [warning] = findings(text).filter((d) => d.rule === "W-004");
    expect(underlined(text, warning!.range!)).toBe("{{nobody}}");
  });
});

describe("without a position inside the value", () => {
  it("a problem keeps the whole scalar's range", () => {
    const text = indicator("      expression: {cel: 5}\n");
    const [error] = findings(text).filter((d) => d.rule === "V-014");
    expect(underlined(text, error!.range!)).toBe("5");
  });
});
