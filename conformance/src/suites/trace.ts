// trace/ (own fixtures): evaluateTrace over a document and a list of trace messages.
// input: {document: YAML text (loaded: parse, validate, normalize), messages: TraceMessage[],
// cel_evaluator?: present|absent}; expected: {result, evaluation_summary, max_tier?,
// indicator_verdicts?: [{indicator_id, result}]} — max_tier absent means the verdict has none.
import type { TraceMessage } from "@oatf/evaluate";
import { type FixtureCase, FixtureError, fail, type Outcome, PASS } from "../case.js";
import { firstDifference, show } from "../compare.js";
import { evaluateTrace, load } from "../sdk.js";
import { fields, list, noExtra, str } from "../shape.js";
import { celFor } from "./evaluate.js";

export function runTrace(c: FixtureCase): Outcome {
  noExtra(c.extra);
  const input = fields(c.input, "input", ["document", "messages"], ["cel_evaluator"]);
  const exp = fields(
    c.expected,
    "expected",
    ["result", "evaluation_summary"],
    ["max_tier", "indicator_verdicts"],
  );
  const loaded = load(str(input.document, "input.document"));
  if (!loaded.ok)
    throw new FixtureError(`input.document does not load: ${show(loaded.error, 200)}`);
  const messages = list(input.messages, "input.messages") as TraceMessage[];

  const verdict = evaluateTrace(loaded.value.document, messages, {
    cel: celFor(input.cel_evaluator),
  });
  const actual: Record<string, unknown> = {
    result: verdict.result,
    evaluation_summary: verdict.evaluation_summary,
    max_tier: verdict.max_tier,
  };
  const expected: Record<string, unknown> = {
    result: exp.result,
    evaluation_summary: exp.evaluation_summary,
    max_tier: exp.max_tier,
  };
  if (exp.indicator_verdicts !== undefined) {
    expected.indicator_verdicts = exp.indicator_verdicts;
    actual.indicator_verdicts = verdict.indicator_verdicts.map((v) => ({
      indicator_id: v.indicator_id,
      result: v.result,
    }));
  }
  const diff = firstDifference(expected, actual);
  return diff === undefined ? PASS : fail(show(expected), `differs ${diff}`);
}
