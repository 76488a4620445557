// The static limits (README, "Limits" 1 and 2) as `check` reports them: the source is measured
// before parsing (its identifiers and literals against maxAstNodes, its bracket nesting
// against maxAstDepth; such a report has no position), then the AST after parsing (the report
// names the node where the walk crossed the limit). Parse failures keep the parser's message
// and position.
import { celEnv } from "@bufbuild/cel";
import { type CelEvaluatorOptions, createCelEvaluator } from "@oatf/cel-default";
import { describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";

const check = (options: CelEvaluatorOptions, e: string) => createCelEvaluator(options).check(e);
const valid = { ok: true, value: undefined };
const invalid = (message: string, line?: number, column?: number) => ({
  ok: false,
  error: line === undefined ? { message } : { message, line, column },
});

describe("the source is measured before parsing", () => {
  it.each([
    ["identifiers", "a + b + c"],
    ["string literals", "'a' + \"b\" + '''c'''"],
    ["number literals", "0 + 9 + 5"],
    ["prefixed literals", "b'a' + r'b' + br'c'"],
    ["literals after a valid literal", "'a' + b + c"],
    ["the operands before an unterminated literal", "a + b + c + 'x"],
  ])("counts %s", (_, e) => {
    expect(check({ maxAstNodes: 2 }, e)).toEqual(invalid("expression has more than 2 nodes"));
  });

  it.each([
    "7",
    "12",
    "7U",
    "1.5",
    "1.25",
    "2.5e-3",
    "1e+2",
    "3.0E10",
    "0x1F",
    "0xFFu",
    "b'a'",
    "R'\\d'",
    "x",
    "_ab9",
  ])("%s is one operand", (e) => {
    expect(check({ maxAstNodes: 1 }, e)).toEqual(valid);
  });

  it("does not count what a comment holds", () => {
    expect(check({ maxAstNodes: 1 }, "x // a b c d\n")).toEqual(valid);
  });

  it("a single slash is division, not a comment", () => {
    expect(check({ maxAstNodes: 2 }, "a / b / c")).toEqual(
      invalid("expression has more than 2 nodes"),
    );
  });

  it.each(["(((1)))", "[[[1]]]", "{1: {2: {3: 4}}}"])("measures the bracket nesting of %s", (e) => {
    expect(check({ maxAstDepth: 2 }, e)).toEqual(invalid("expression nests deeper than 2 levels"));
  });

  it("a stray closing bracket does not lower the count below zero", () => {
    expect(check({ maxAstDepth: 3 }, ")((((1")).toEqual(
      invalid("expression nests deeper than 3 levels"),
    );
  });

  it.each(["((1)) == ((2))", "[[1]] == [[2]]", "{1: {2: 3}} == {1: {2: 3}}"])(
    "a closing bracket ends its level: %s nests two deep",
    (e) => {
      expect(check({ maxAstDepth: 3 }, e)).toEqual(valid);
    },
  );

  it("the limits are inclusive", () => {
    expect(check({ maxAstNodes: 3 }, "a + b + c")).toMatchObject({ ok: false }); // 5 AST nodes
    expect(check({ maxAstNodes: 5 }, "a + b + c")).toEqual(valid);
    expect(check({ maxAstDepth: 3 }, "(((1)))")).toEqual(valid);
  });
});

describe("the AST is measured after parsing, and the report names a node", () => {
  it("maxAstNodes: the walk visits a node's operands from the last, and stops at the breach", () => {
    // Visited: `+`, `-y`, `y`, `-x`, `x`.
    expect(check({ maxAstNodes: 3 }, "-x + -y")).toEqual(
      invalid("expression has more than 3 nodes", 1, 1),
    );
    expect(check({ maxAstNodes: 4 }, "-x + -y")).toEqual(
      invalid("expression has more than 4 nodes", 1, 2),
    );
    expect(check({ maxAstNodes: 5 }, "-x + -y")).toEqual(valid);
  });

  it("counts map keys and values", () => {
    expect(check({ maxAstNodes: 4 }, "{1: 2, 3: 4}")).toEqual(
      invalid("expression has more than 4 nodes", 1, 2),
    );
    expect(check({ maxAstNodes: 5 }, "{1: 2, 3: 4}")).toEqual(valid);
  });

  it("counts every part of an expanded macro", () => {
    // [1].all(x, x > 0): the range, the accumulator, the loop condition and step, the result.
    expect(check({ maxAstNodes: 12 }, "[1].all(x, x > 0)")).toEqual(valid);
    expect(check({ maxAstNodes: 11 }, "[1].all(x, x > 0)")).toEqual(
      invalid("expression has more than 11 nodes", 1, 2),
    );
  });

  it("walks message construction by field values", () => {
    expect(
      createCelEvaluator({ timeoutMs: 10_000 }).evaluate(
        "google.protobuf.Int64Value{value: 1} == 1",
        {},
      ),
    ).toEqual({
      ok: true,
      value: true,
    });
  });

  it("maxAstDepth counts selections, calls and their targets", () => {
    expect(check({ maxAstDepth: 2 }, "x.a.b")).toEqual(valid);
    expect(check({ maxAstDepth: 2 }, "x.a.b.c")).toEqual(
      invalid("expression nests deeper than 2 levels", 1, 1),
    );
    expect(check({ maxAstDepth: 2 }, "x.a.size()")).toEqual(valid);
    expect(check({ maxAstDepth: 2 }, "x.a.b.size()")).toEqual(
      invalid("expression nests deeper than 2 levels", 1, 1),
    );
  });
});

describe("parse failures", () => {
  it("keep the parser's message, without its prefix, at the place it went wrong", () => {
    const cel = createCelEvaluator();
    expect(cel.check(`${"\n".repeat(11)}           x +`)).toEqual(
      invalid("found end of input but expecting an expression", 12, 15),
    );
    expect(cel.check("var == 1")).toEqual(invalid("reserved identifier", 1, 1));
  });

  it("a parser stack overflow is reported as nesting, without a position", () => {
    const roomy = createCelEvaluator({ maxAstDepth: 1e6, maxExpressionLength: 1e6 });
    const parens = `${"(".repeat(5000)}1${")".repeat(5000)}`;
    expect(roomy.check(parens)).toEqual(invalid("expression nests too deeply to parse"));
    expect(roomy.evaluate(parens, {})).toEqual({
      ok: false,
      error: {
        kind: "cel_error",
        message: "invalid expression: expression nests too deeply to parse",
      },
    });
  });

  it("a failure to plan is reported, not thrown", () => {
    const limits = {
      maxExpressionLength: 100,
      maxAstNodes: 100,
      maxAstDepth: 100,
      maxComprehensionDepth: 10,
    };
    expect(compile("1 + 1", celEnv(), limits)).toMatchObject({ ok: true });
    const broken = {} as ReturnType<typeof celEnv>;
    expect(compile("1 + 1", broken, limits)).toEqual({
      ok: false,
      error: { message: expect.stringMatching(/^expression cannot be planned: \S/) },
    });
  });
});
