// YAML text → one YAML 1.2 document (SDK §3.1): byte order marks, line breaks, characters YAML
// allows only escaped, the one-document rule, `%YAML` directives and the strict syntax checks.
import { getSourceInfo, type ParseError, parse } from "@oatf/model";
import { describe, expect, it } from "vitest";

const inState = (yaml: string) =>
  `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state:\n${yaml}`;

function errors(input: string): ParseError[] {
  const result = parse(input);
  if (result.ok) throw new Error("expected parse errors");
  return result.error;
}

/** Rule, message and 1-based position of each error. */
function problems(input: string) {
  return errors(input).map(({ rule, message, range }) => ({
    rule,
    message,
    line: range?.start.line,
    column: range?.start.column,
  }));
}

function state(input: string): unknown {
  const result = parse(input);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value.attack.execution?.state;
}

describe("text before the YAML", () => {
  it("ignores a leading byte order mark: columns on line 1 count as editors do", () => {
    const result = parse(`\ufeff${inState("      a: 1\n")}`);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(getSourceInfo(result.value)!.rangeOf!("oatf")).toEqual({
      start: { line: 1, column: 7, offset: 6 },
      end: { line: 1, column: 12, offset: 11 },
    });
  });

  it("keeps U+FEFF inside a string", () => {
    expect(state(inState('      a: "x\ufeffy"\n'))).toEqual({ a: "x\ufeffy" });
  });

  it("reads a lone CR as a line break", () => {
    expect(
      state(`oatf: "0.1"\rattack:\r  execution:\r    mode: mcp_server\r    state:\r      a: 1\r`),
    ).toEqual({ a: 1 });
  });
});

describe("characters YAML allows only escaped", () => {
  it("names the character and how to write it", () => {
    expect(problems('oatf: "0.1\x07"\n')).toEqual([
      {
        rule: "parse/syntax",
        message:
          "the input contains U+0007, which YAML allows only escaped (write \\x07 in a double-quoted string)",
        line: 1,
        column: 11,
      },
    ]);
    expect(problems('oatf: "0.1\ufffe"\n')).toEqual([
      {
        rule: "parse/syntax",
        message:
          "the input contains U+FFFE, which YAML allows only escaped (write \\ufffe in a double-quoted string)",
        line: 1,
        column: 11,
      },
    ]);
  });
});

describe("one document per file", () => {
  it("says when the second document is empty (a trailing `---`)", () => {
    const message =
      "an OATF file holds exactly one YAML document, found 2 (the second is empty: remove its `---`)";
    for (const tail of ["---\n", "--- \n...\n", "---\n# only a comment\n"]) {
      expect(problems(`${inState("      a: 1\n")}${tail}`)).toEqual([
        { rule: "parse/syntax", message, line: 7, column: 1 },
      ]);
    }
  });

  it("counts the documents when the second has content", () => {
    expect(problems(`${inState("      a: 1\n")}--- text\n`)).toEqual([
      {
        rule: "parse/syntax",
        message: "an OATF file holds exactly one YAML document, found 2",
        line: 7,
        column: 1,
      },
    ]);
    expect(problems(`${inState("      a: 1\n")}---\nb: 1\n---\nc: 2\n`)).toEqual([
      {
        rule: "parse/syntax",
        message: "an OATF file holds exactly one YAML document, found 3",
        line: 7,
        column: 1,
      },
    ]);
  });

  it("reports an input with no document as empty", () => {
    for (const input of ["", "# nothing\n"]) {
      expect(problems(input)).toEqual([
        { rule: "parse/syntax", message: "the input is empty", line: 1, column: 1 },
      ]);
    }
  });
});

describe("%YAML directives", () => {
  it("reads YAML 1.x documents as YAML 1.2", () => {
    for (const version of ["1.1", "1.2", "1.3"]) {
      expect(state(`%YAML ${version}\n---\n${inState("      a: 1\n")}`)).toEqual({ a: 1 });
    }
  });

  it("refuses another major version, quoting the directive's version", () => {
    for (const directive of ["%YAML 2.0", "%YAML  2.10", "%YAML 12.0"]) {
      const version = directive.slice(5).trim();
      expect(problems(`# c\n${directive}\n---\n${inState("      a: 1\n")}`)).toEqual([
        {
          rule: "parse/syntax",
          message: `OATF documents are YAML 1.2; a %YAML ${version} directive names another major version`,
          line: 2,
          column: 1,
        },
      ]);
    }
  });
});

describe("YAML 1.2 syntax, strictly", () => {
  it("keeps `<<` a plain key: merge keys are not YAML 1.2", () => {
    expect(state(inState("      b: &b {x: 1}\n      o: {<<: *b, y: 2}\n"))).toEqual({
      b: { x: 1 },
      o: { "<<": { x: 1 }, y: 2 },
    });
  });

  it("rejects what YAML 1.2 forbids and lenient parsers accept", () => {
    expect(problems(inState(`      ${"k".repeat(1_100)}: v\n`))).toEqual([
      {
        rule: "parse/syntax",
        message:
          "The : indicator must be at most 1024 chars after the start of an implicit block mapping key",
        line: 6,
        column: 7,
      },
    ]);
    expect(problems(inState("      a: |#c\n        text\n"))).toEqual([
      {
        rule: "parse/syntax",
        message: "Comments must be separated from other tokens by white space characters",
        line: 6,
        column: 11,
      },
    ]);
  });

  it("reports at most 10 syntax errors", () => {
    const reported = problems(`${inState("      a: ]\n")}${"]\n".repeat(12)}`);
    expect(reported).toHaveLength(10);
    expect(reported.map((e) => e.line)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(reported[0]).toEqual({
      rule: "parse/syntax",
      message: 'Unexpected flow-seq-end token in YAML stream: "]"',
      line: 6,
      column: 10,
    });
  });
});
