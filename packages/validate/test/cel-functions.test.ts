// OATF-V014-FUNCTION (issue 32): a CEL call to a function the evaluator in use does not declare,
// or with an arity it does not declare, is a warning with a did-you-mean; the calls are read
// from the source (cel-calls.ts) and compared with `CelEvaluator.functions()`.
import {
  type CelEvaluator,
  type CelFunctionDeclaration,
  parseRecovering,
  type SourceRange,
} from "@oatf/model";
import { validate, validateRecovered } from "@oatf/validate";
import { describe, expect, it } from "vitest";
import { celCalls } from "../src/checks/cel-calls.js";
import { findings, withAttack } from "./findings.js";
import { celStub } from "./support.js";

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

/** A checker that accepts every expression and declares `declared`. */
const declaring = (declared: readonly CelFunctionDeclaration[]): CelEvaluator => ({
  ...celStub,
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

function warnings(cel: string, evaluator: CelEvaluator = declaring(STANDARD)) {
  const document = withAttack({ indicators: [{ target: "", expression: { cel } }] });
  return findings(document, { cel: evaluator }).warnings;
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
    expect(warnings("message.x.contans('a')", celStub)).toEqual([]);
  });

  it("an evaluator whose functions() throws or answers nonsense leaves calls unchecked", () => {
    const throwing: CelEvaluator = {
      ...celStub,
      functions: () => {
        throw new Error("no");
      },
    };
    expect(warnings("contans(1)", throwing)).toEqual([]);
    const nonsense = { ...celStub, functions: () => "size" } as unknown as CelEvaluator;
    expect(warnings("contans(1)", nonsense)).toEqual([]);
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

describe("reading the calls of an expression", () => {
  const calls = (e: string) =>
    celCalls(e).map((c) => `${c.receiver ? "." : ""}${c.name}/${c.arity}@${c.offset}`);

  it("global and receiver calls, their arguments counted at their own level", () => {
    expect(calls("f(a, g(b, c), [d, e], {'k': v})")).toEqual(["g/2@5", "f/4@0"]);
    expect(calls("x.y().z(1)")).toEqual([".y/0@2", ".z/1@6"]);
    expect(calls("f()")).toEqual(["f/0@0"]);
  });

  it("not in strings, bytes, raw strings or comments", () => {
    const e = `'f(1)' + "g(2)" + b'h()' + r'\\' + '''i(\n)''' // j(3)\n+ k()`;
    expect(calls(e)).toEqual([`k/0@${e.indexOf("k()")}`]);
  });

  it("a method on a call, an index or a literal", () => {
    expect(calls("f(x).g()")).toEqual(["f/1@0", ".g/0@5"]);
    expect(calls("l[0].g()")).toEqual([".g/0@5"]);
    expect(calls("'a'.g() + b'b'.h()")).toEqual([".g/0@4", ".h/0@15"]);
  });

  it("a dotted number is not a selection", () => {
    expect(calls("1.5 + f(2.0)")).toEqual(["f/1@6"]);
  });
});
