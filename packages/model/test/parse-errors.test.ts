// The ParseError shape (SDK §7.1) and the 1-based positions and ranges parse problems carry.

import { describe, expect, it } from "vitest";
import { LineCounter } from "yaml";
import { parseError, position, span } from "../src/parse/errors.js";
import { PARSE_RULES, VALIDATION_RULES } from "../src/rule-ids.js";

/** A line counter for text whose lines start at `starts`. */
function lines(...starts: number[]): LineCounter {
  const counter = new LineCounter();
  for (const start of starts) counter.addNewLine(start);
  return counter;
}

describe("parseError: one diagnostic shape for every parse problem", () => {
  it("a parse rule implies its kind; the path defaults to the root and there is no range", () => {
    expect(parseError({ rule: "parse/duplicate-key", message: "m" })).toEqual({
      kind: "syntax",
      severity: "error",
      rule: "parse/duplicate-key",
      code: "parse/duplicate-key",
      message: "m",
      path: "",
      spec_ref: PARSE_RULES["parse/duplicate-key"].spec_ref,
    });
    expect(parseError({ rule: "parse/unknown-variant", message: "m" }).kind).toBe(
      "unknown_variant",
    );
  });

  it("a V-rule is a type mismatch unless the problem says otherwise, and cites the V-rule", () => {
    expect(parseError({ rule: "V-001", message: "m", path: "oatf" })).toEqual({
      kind: "type_mismatch",
      severity: "error",
      rule: "V-001",
      code: "V-001",
      message: "m",
      path: "oatf",
      spec_ref: VALIDATION_RULES["V-001"].spec_ref,
    });
    expect(parseError({ rule: "V-020", message: "m", kind: "syntax" }).kind).toBe("syntax");
  });

  it("a range gives the spec's line and column (its start); without one there are none", () => {
    const range = span(lines(0, 10), 12, 15);
    const error = parseError({ rule: "parse/syntax", message: "m", range });
    expect(error).toMatchObject({ line: 2, column: 3, range });
    expect(range.start).toMatchObject({ line: 2, column: 3 });
    const unplaced = parseError({ rule: "parse/syntax", message: "m" });
    expect(Object.keys(unplaced)).not.toContain("line");
    expect(Object.keys(unplaced)).not.toContain("column");
  });
});

describe("position and span: 1-based lines and columns", () => {
  it("counts lines and columns from the recorded line starts", () => {
    expect(position(lines(0, 10), 0)).toEqual({ line: 1, column: 1, offset: 0 });
    expect(position(lines(0, 10), 12)).toEqual({ line: 2, column: 3, offset: 12 });
  });

  it("places an offset on line 1 when no line start is known yet", () => {
    expect(position(lines(), 4)).toEqual({ line: 1, column: 5, offset: 4 });
  });

  it("ends a range where it says, and an empty, inverted or open range one character on", () => {
    const counter = lines(0);
    expect(span(counter, 2, 6).end).toEqual({ line: 1, column: 7, offset: 6 });
    expect(span(counter, 2).end).toEqual({ line: 1, column: 4, offset: 3 });
    expect(span(counter, 2, 2).end).toEqual({ line: 1, column: 4, offset: 3 });
    expect(span(counter, 2, 1).end).toEqual({ line: 1, column: 4, offset: 3 });
    expect(span(counter, 2, 6).start).toEqual({ line: 1, column: 3, offset: 2 });
  });
});
