// OATF-V014-FUNCTION (issue 32): a CEL call to a function the evaluator in use does not declare,
// or with an arity it does not declare, is a warning with a did-you-mean. @oatf/validate asks
// the evaluator for the calls (`CelEvaluator.calls`, read from the source by @oatf/cel-default)
// and compares them with what it declares (`CelEvaluator.functions()`): here both packages
// together, as `oatf` wires them.
import { createCelEvaluator } from "@oatf/cel-default";
import {
  type CelEvaluator,
  type CelFunctionDeclaration,
  parseRecovering,
  type SourceRange,
} from "@oatf/model";
import { validate, validateRecovered } from "@oatf/validate";
import { describe, expect, it } from "vitest";

const cel = createCelEvaluator();
/** The default evaluator without the two extensions: calls go unchecked. */
const withoutExtensions: CelEvaluator = { evaluate: cel.evaluate, check: cel.check };

/** A conforming document around `attack`. */
const withAttack = (attack: Record<string, unknown>) => ({
  oatf: "0.1",
  attack: { execution: { mode: "mcp_server", state: { tools: [] } }, ...attack },
});

const fn = (name: string, arity: number): CelFunctionDeclaration => ({
  name,
  receiver: false,
  arity,
});
const method = (name: string, arity: number): CelFunctionDeclaration => ({
  name,
  receiver: true,
  arity,
});

/** The default evaluator, declaring `declared` instead of its own functions. */
const declaring = (declared: readonly CelFunctionDeclaration[]): CelEvaluator => ({
  ...cel,
  functions: () => declared,
});

const STANDARD = [
  fn("size", 1),
  method("size", 0),
  method("contains", 1),
  method("startsWith", 1),
  method("endsWith", 1),
  method("matches", 1),
  method("exists", 2),
  method("all", 2),
  method("map", 2),
  method("map", 3),
  method("getHours", 0),
  method("getHours", 1),
  fn("has", 1),
];
const PATH = "attack.indicators[0].expression.cel";

function warnings(expression: string, evaluator: CelEvaluator = declaring(STANDARD)) {
  const document = withAttack({ indicators: [{ target: "", expression: { cel: expression } }] });
  const found = validate(document as never, { cel: evaluator }).warnings;
  return found
    .filter((w) => w.rule === "OATF-V014-FUNCTION")
    .map(({ rule, path, message }) => ({ rule, path, message }));
}
const warning = (message: string) => ({ rule: "OATF-V014-FUNCTION", path: PATH, message });

describe("calls checked against the evaluator's declared functions", () => {
  it("a misspelt function, with what was meant", () => {
    expect(warnings("message.description.contans('IMPORTANT')")).toEqual([
      warning("unknown CEL function `x.contans(…)`; did you mean `contains`?"),
    ]);
    expect(warnings("sise(message.tools) > 2")).toEqual([
      warning("unknown CEL function `sise(…)`; did you mean `size`?"),
    ]);
  });

  it("an unknown function with nothing close", () => {
    expect(warnings("frobnicate(message)")).toEqual([
      warning("unknown CEL function `frobnicate(…)`"),
    ]);
  });

  it("a wrong arity, with the arities declared", () => {
    expect(warnings("message.name.startsWith('a', 'b')")).toEqual([
      warning("`x.startsWith(…)` takes 1 argument, got 2"),
    ]);
    expect(warnings("message.t.getHours('UTC', 1)")).toEqual([
      warning("`x.getHours(…)` takes 0 or 1 arguments, got 2"),
    ]);
    expect(warnings("message.tools.exists(t)")).toEqual([
      warning("`x.exists(…)` takes 2 arguments, got 1"),
    ]);
  });

  it("a function called in the form it does not have", () => {
    expect(warnings("contains(message.name, 'x')")).toEqual([
      warning("`contains(…)` is called as `x.contains(…)`"),
    ]);
  });

  it("declared calls, macros, nesting and strings that look like calls pass", () => {
    expect(
      warnings(
        "message.tools.exists(t, has(t.a) && t.name.startsWith('f(x, y)') && size(t.d) > 0) && message.tools.map(t, t.name).all(n, n.size() > 0) // nope(1)",
      ),
    ).toEqual([]);
  });

  it("each bad call of an expression, innermost first", () => {
    expect(warnings("foo(bar(1))").map((w) => w.message.slice(0, 29))).toEqual([
      "unknown CEL function `bar(…)`",
      "unknown CEL function `foo(…)`",
    ]);
  });

  it("a namespaced function the evaluator declares under its qualified name", () => {
    const evaluator = declaring([...STANDARD, fn("math.greatest", 2)]);
    expect(warnings("math.greatest(1, 2) > 0", evaluator)).toEqual([]);
    expect(warnings("math.greatest(1) > 0", evaluator)).toHaveLength(1);
    expect(warnings("greatest(1, 2) > 0", evaluator)).toHaveLength(1);
  });

  it("is a warning: the document stays valid", () => {
    const document = withAttack({
      indicators: [{ target: "", expression: { cel: "message.x.contans('a')" } }],
    });
    const result = validate(document as never, { cel: declaring(STANDARD) });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toMatchObject([
      { rule: "OATF-V014-FUNCTION", severity: "warning", path: PATH },
    ]);
  });

  it("not after a syntax error (V-014 reports that), nor without declarations", () => {
    expect(warnings("contans(")).toEqual([]);
    expect(warnings("message.x.contans('a')", withoutExtensions)).toEqual([]);
  });

  it("an evaluator whose functions() or calls() throws or answers nonsense leaves calls unchecked", () => {
    const no = () => {
      throw new Error("no");
    };
    expect(warnings("contans(1)")).toHaveLength(1);
    for (const broken of [
      { functions: no },
      { calls: no },
      { functions: () => "size" },
      { calls: () => "contans" },
      { calls: undefined },
    ]) {
      const evaluator = { ...declaring(STANDARD), ...broken } as unknown as CelEvaluator;
      expect(warnings("contans(1)", evaluator)).toEqual([]);
    }
  });

  it("the default evaluator's own declarations", () => {
    expect(warnings("message.x.contans('a')", cel)).toEqual([
      warning("unknown CEL function `x.contans(…)`; did you mean `contains`?"),
    ]);
    expect(warnings("message.x.contains('a') && size(message.y) > 0", cel)).toEqual([]);
  });

  it("points at the function's name in the file", () => {
    const text = `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state: {}\n  indicators:\n    - target: x\n      expression:\n        cel: |\n          size(message) > 0 &&\n            message.d.contans('x')\n`;
    const { warnings: found } = validateRecovered(parseRecovering(text), {
      cel: declaring(STANDARD),
    });
    const range = found[0]!.range as SourceRange;
    expect(text.slice(range.start.offset, range.end.offset)).toBe("contans");
    expect(range.start).toMatchObject({ line: 11, column: 23 });
  });
});

// OATF-V014-VARIABLE: an evaluation context holds `message` and the declared variables only.
describe("CEL variables checked against the evaluation context", () => {
  const variableWarnings = (
    cel_: string,
    variables?: Record<string, string>,
    evaluator: CelEvaluator = cel,
  ) =>
    validate(
      withAttack({
        indicators: [{ target: "", expression: { cel: cel_, ...(variables && { variables }) } }],
      }) as never,
      { cel: evaluator },
    ).warnings.filter((w) => w.rule === "OATF-V014-VARIABLE");

  it("a misspelt root is a warning with what was meant; the document stays valid", () => {
    const found = variableWarnings("mesage.tools.exists(t, t.name == 'x')");
    expect(found.map((w) => [w.code, w.path, w.message])).toEqual([
      [
        "OATF-V014-VARIABLE",
        "attack.indicators[0].expression.cel",
        "unknown CEL variable `mesage`: an expression reads `message` and its declared variables; did you mean `message`?",
      ],
    ]);
    const document = withAttack({
      indicators: [{ target: "", expression: { cel: "mesage.x == 1" } }],
    });
    expect(validate(document as never, { cel }).errors).toEqual([]);
  });

  it("declared variables, macro variables, type names and namespaces of functions are known", () => {
    const namespaced = declaring([...STANDARD, fn("math.greatest", 2)]);
    expect(variableWarnings("math.greatest(1, 2) > 0", undefined, namespaced)).toEqual([]);
    expect(
      variableWarnings("args.exists(k, k == 'x') && type(args) == list && size(message) > 0", {
        args: "arguments",
      }),
    ).toEqual([]);
    expect(variableWarnings("arg.size() > 0", { args: "arguments" })[0]?.message).toMatch(
      /did you mean `args`\?$/,
    );
  });

  it("the evaluator really fails on what it warns about", () => {
    const r = cel.evaluate("mesage.x == 1", { message: { x: 1 } });
    expect(r.ok).toBe(false);
    expect(cel.evaluate("message.x == 1", { message: { x: 1 } })).toEqual({
      ok: true,
      value: true,
    });
  });

  it("unchecked without the extension, or when it throws or answers nonsense", () => {
    expect(variableWarnings("mesage.x", undefined, withoutExtensions)).toEqual([]);
    for (const variables of [
      () => {
        throw new Error("no");
      },
      () => "mesage",
    ])
      expect(
        variableWarnings("mesage.x", undefined, { ...cel, variables } as unknown as CelEvaluator),
      ).toEqual([]);
  });

  it("points at the variable's name in the file", () => {
    const text = `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state: {}\n  indicators:\n    - target: x\n      expression:\n        cel: |\n          size(message) > 0 &&\n            mesage.d == 'x'\n`;
    const { warnings: found } = validateRecovered(parseRecovering(text), { cel });
    const variable = found.find((w) => w.rule === "OATF-V014-VARIABLE")!;
    const range = variable.range as SourceRange;
    expect(text.slice(range.start.offset, range.end.offset)).toBe("mesage");
    expect(range.start).toMatchObject({ line: 11, column: 13 });
  });
});
