// OATF-V014-FUNCTION in @oatf/validate alone: the calls the evaluator reports (`calls`) against
// the functions it declares (`functions`). Reading calls from CEL source is @oatf/cel-default's
// (its calls.test.ts); the messages on real expressions are in oatf's cel-functions.test.ts.
import type { CelCall, CelEvaluator } from "@oatf/model";
import { validate } from "@oatf/validate";
import { describe, expect, it } from "vitest";
import { withAttack } from "./findings.js";
import { celStub } from "./support.js";

const EXPRESSION = "message.x.contans('a') && f(1, 2)";
const CALLS: CelCall[] = [
  { name: "contans", receiver: true, arity: 1, offset: 10 },
  { name: "f", receiver: false, arity: 2, offset: 26 },
];

function warnings(evaluator: CelEvaluator) {
  const document = withAttack({ indicators: [{ target: "", expression: { cel: EXPRESSION } }] });
  return validate(document as never, { cel: evaluator }).warnings;
}

describe("calls checked against declarations", () => {
  it("each undeclared call is a warning at its name, with what was meant", () => {
    const found = warnings({
      ...celStub,
      functions: () => [{ name: "contains", receiver: true, arity: 1 }],
      calls: () => CALLS,
    });
    expect(found.map((w) => [w.rule, w.path, w.message])).toEqual([
      [
        "OATF-V014-FUNCTION",
        "attack.indicators[0].expression.cel",
        "unknown CEL function `x.contans(…)`; did you mean `contains`?",
      ],
      ["OATF-V014-FUNCTION", "attack.indicators[0].expression.cel", "unknown CEL function `f(…)`"],
    ]);
  });

  it("unchecked when the evaluator lacks either extension", () => {
    expect(warnings({ ...celStub, calls: () => CALLS })).toEqual([]);
    expect(warnings({ ...celStub, functions: () => [] })).toEqual([]);
  });
});

describe("variables checked against the evaluation context (OATF-V014-VARIABLE)", () => {
  const read = (variables: Record<string, string> | undefined, evaluator: CelEvaluator) => {
    const expression = { cel: "mesage.x == args", ...(variables && { variables }) };
    const document = withAttack({ indicators: [{ target: "", expression }] });
    return validate(document as never, { cel: evaluator })
      .warnings.filter((w) => w.rule === "OATF-V014-VARIABLE")
      .map((w) => [w.path, w.message]);
  };
  const reading = (names: string[]): CelEvaluator => ({
    ...celStub,
    variables: () => names.map((name, i) => ({ name, offset: i * 10 })),
  });

  it("each variable neither `message` nor declared, with what was meant", () => {
    expect(read({ args: "arguments" }, reading(["mesage", "args", "message"]))).toEqual([
      [
        "attack.indicators[0].expression.cel",
        "unknown CEL variable `mesage`: an expression reads `message` and its declared variables; did you mean `message`?",
      ],
    ]);
    expect(read(undefined, reading(["args"]))[0]?.[1]).toMatch(/^unknown CEL variable `args`/);
  });

  it("unchecked when the evaluator does not read variables", () => {
    expect(read(undefined, celStub)).toEqual([]);
  });
});
