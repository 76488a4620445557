// Syntax errors point at the character where the expression went wrong (issue 32), not where
// @bufbuild/cel's parser stopped reading a shorter whole expression: `size(message.arguments`
// was "found ( but expecting end of input" at the `(`.
import { createCelEvaluator } from "@oatf/cel-default";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const cel = createCelEvaluator();
const error = (expression: string) => {
  const r = cel.check(expression);
  if (r.ok) throw new Error(`${expression} passed check`);
  return r.error;
};

describe("a syntax error is reported where the expression went wrong", () => {
  it.each([
    // [expression, message, column]
    ["size(message.arguments", "missing ')' to close the ( at 1:5", 23],
    [
      "message.tools.exists(t, t.description.contains('IMPORTANT')",
      "missing ')' to close the ( at 1:21",
      60,
    ],
    ["f(g(a, b)", "missing ')' to close the ( at 1:2", 10],
    ["[1, 2", "missing ']' to close the [ at 1:1", 6],
    ["[1 2]", "found 2 but expecting ',' or ']'", 4],
    ["f(a]", "found ] but expecting ')' to close the ( at 1:2", 4],
    ["{'a': f(}", "found } but expecting ')' to close the ( at 1:8", 9],
    ["size(x))", "found ) but no bracket is open", 8],
    ["size(x) >", "found end of input but expecting an expression", 10],
    ["a +* b", "found * but expecting an expression", 4],
    ["a in", "found end of input but expecting an expression", 5],
    ["f(a b)", "found b but expecting ',' or ')'", 5],
    ["[f(a b)]", "found b but expecting ',' or ')'", 6],
    ["m.f(a,)", "found ) but expecting an expression", 7],
    ["x.exists(t, t.a == 'b' ||)", "found ) but expecting an expression", 26],
    ["f(a + )", "found ) but expecting an expression", 7],
    ["a.b.", "found end of input but expecting a field or function name", 5],
    ["x.5", "found 5 but expecting a field or function name", 3],
    ["'abc", "found a string literal without its closing '", 1],
    ["f('a', \"b)", 'found a string literal without its closing "', 8],
    ["a + r'x", "found a string literal without its closing '", 5],
    // A conditional stopped at its `?`: the first branch, a missing `:`, or the second branch.
    ["a ? b", "found end of input but expecting ':'", 6],
    ["size(a ? b)", "found ) but expecting ':'", 11],
    ["a ? b +", "found end of input but expecting an expression", 8],
    ["a ? b : ", "found end of input but expecting an expression", 8],
    ["a ? b : c d", "found d but expecting end of input", 11],
    ["a ? : b", "found : but expecting an expression", 5],
    ["[a ? b]", "found ] but expecting ':'", 7],
    ["(a ? b)", "found ) but expecting ':'", 7],
    ["a ? (b : c)", "found : but expecting ')'", 8],
    ["x.exists(y, y ? 1)", "found ) but expecting ':'", 18],
    ["a[]", "found ] but expecting an expression", 3],
    ["m[ ] == 1", "found ] but expecting an expression", 4],
  ])("%s", (expression, message, column) => {
    expect(error(expression)).toEqual({ message, line: 1, column });
  });

  it("at the last token when only space follows it", () => {
    expect(error("size(x\n")).toEqual({
      message: "missing ')' to close the ( at 1:5",
      line: 1,
      column: 7,
    });
    expect(error("a +\n  \n")).toEqual({
      message: "found end of input but expecting an expression",
      line: 1,
      column: 4,
    });
  });

  it("on any line", () => {
    expect(error("a &&\n  size(b")).toEqual({
      message: "missing ')' to close the ( at 2:7",
      line: 2,
      column: 9,
    });
  });

  it("brackets inside strings and comments do not count", () => {
    expect(error("f(')') // (\n  + g(")).toEqual({
      message: "missing ')' to close the ( at 2:6",
      line: 2,
      column: 7,
    });
    expect(cel.check("f(')') // (\n").ok).toBe(true);
  });

  it("a bracket closed by the wrong one, and errors the parser places well", () => {
    expect(error("[1, (2]")).toEqual({
      message: "found ] but expecting ')' to close the ( at 1:5",
      line: 1,
      column: 7,
    });
    expect(error("a b")).toEqual({
      message: "found b but expecting end of input",
      line: 1,
      column: 3,
    });
  });
});

describe("any input", () => {
  it("gets an error within the source, or passes, and the same every time", () => {
    const alphabet = fc.constantFrom(..."ab1 ()[]{},.+-*/!<>=&|?:'\"\\\nrxf_");
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 40 }), (expression) => {
        const r = createCelEvaluator().check(expression);
        expect(createCelEvaluator().check(expression)).toEqual(r);
        if (r.ok || r.error.column === undefined) return;
        const lines = expression.split("\n");
        expect(r.error.line).toBeGreaterThanOrEqual(1);
        expect(r.error.line).toBeLessThanOrEqual(lines.length);
        const line = lines[r.error.line! - 1]!;
        expect(r.error.column).toBeGreaterThanOrEqual(1);
        expect(r.error.column).toBeLessThanOrEqual(line.length + 1);
      }),
      { numRuns: 500 },
    );
  });
});
