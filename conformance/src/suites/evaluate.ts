// evaluate/: evaluateIndicator on one message. `cel_evaluator: absent` withholds the CEL
// evaluator (otherwise the default one is passed); `semantic_evaluator` configures a mock
// that returns `mock_score` for every text. `expected_error_kind` is checked on the error of
// the method-level function (evaluateExpression / evaluatePattern), since a verdict carries
// only evidence text.
import type { CelEvaluator, Indicator, SemanticEvaluator, Value } from "@oatf/model";
import { type FixtureCase, FixtureError, fail, type Outcome, PASS } from "../case.js";
import { show } from "../compare.js";
import {
  defaultCelEvaluator,
  evaluateExpression,
  evaluateIndicator,
  evaluatePattern,
} from "../sdk.js";
import { fields, isObject, noExtra, oneOf } from "../shape.js";

const RESULTS = ["matched", "not_matched", "error", "skipped"] as const;

export function runEvaluate(c: FixtureCase): Outcome {
  noExtra(c.extra, ["expected_error_kind"]);
  const input = fields(
    c.input,
    "input",
    ["indicator", "message"],
    ["cel_evaluator", "semantic_evaluator"],
  );
  const expected = oneOf(c.expected, "expected", RESULTS);
  const cel = celFor(input.cel_evaluator);
  const semantic = semanticFor(input.semantic_evaluator);
  if (!isObject(input.indicator)) throw new FixtureError("input.indicator must be a mapping");
  const indicator = input.indicator as unknown as Indicator;
  const message = input.message as Value;

  const verdict = evaluateIndicator(indicator, message, { cel, semantic });
  if (verdict?.result !== expected) return fail(expected, `${verdict?.result} (${show(verdict)})`);

  if (!("expected_error_kind" in c.extra)) return PASS;
  const kind = c.extra.expected_error_kind;
  if (typeof kind !== "string") throw new FixtureError("expected_error_kind must be a string");
  const actualKind = methodErrorKind(indicator, message, cel);
  return actualKind === kind ? PASS : fail(`error kind ${kind}`, `error kind ${actualKind}`);
}

/** `input.cel_evaluator` (evaluate/ and trace/): the default evaluator unless it says `absent`. */
export function celFor(setting: unknown): CelEvaluator | undefined {
  if (setting === undefined) return defaultCelEvaluator();
  return oneOf(setting, "input.cel_evaluator", ["present", "absent"]) === "present"
    ? defaultCelEvaluator()
    : undefined;
}

function semanticFor(setting: unknown): SemanticEvaluator | undefined {
  if (setting === undefined) return undefined;
  const f = fields(setting, "input.semantic_evaluator", ["present"], ["mock_score"]);
  if (f.present === false) return undefined;
  if (f.present !== true)
    throw new FixtureError("input.semantic_evaluator.present must be a boolean");
  const score = f.mock_score;
  if (typeof score !== "number" || score < 0 || score > 1) {
    throw new FixtureError("input.semantic_evaluator.mock_score must be a number in [0, 1]");
  }
  return { evaluate: () => ({ ok: true, value: score }) };
}

/** The EvaluationError kind of the indicator's method-level evaluation, if it errs. */
function methodErrorKind(
  indicator: Indicator,
  message: Value,
  cel: CelEvaluator | undefined,
): string {
  const result = indicator.expression
    ? evaluateExpression(indicator.expression, message, cel)
    : indicator.pattern
      ? evaluatePattern(indicator.pattern, message)
      : undefined;
  if (result === undefined) return "(no pattern or expression to check)";
  return result.ok ? "(no error)" : result.error.kind;
}
