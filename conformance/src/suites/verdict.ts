// verdict/: computeVerdict from pre-computed indicator verdicts. `expected.max_tier` (own
// extension, spec README item 2) is compared too; when it is not given, the verdict must
// not carry one.
import type { Attack, Indicator, IndicatorVerdict } from "@oatf/model";
import { type FixtureCase, FixtureError, fail, type Outcome, PASS } from "../case.js";
import { deepEqual, show } from "../compare.js";
import { computeVerdict } from "../sdk.js";
import { fields, list, noExtra, oneOf, str } from "../shape.js";

export function runVerdict(c: FixtureCase): Outcome {
  noExtra(c.extra);
  const input = fields(c.input, "input", ["correlation_logic", "indicators", "verdicts"]);
  const exp = fields(c.expected, "expected", ["result", "evaluation_summary"], ["max_tier"]);
  const logic = oneOf(input.correlation_logic, "input.correlation_logic", ["any", "all"]);
  const indicators = list(input.indicators, "input.indicators") as Indicator[];
  const verdicts = new Map<string, IndicatorVerdict>();
  list(input.verdicts, "input.verdicts").forEach((v, i) => {
    const f = fields(
      v,
      `input.verdicts[${i}]`,
      ["indicator_id", "result"],
      ["timestamp", "evidence", "source"],
    );
    const id = str(f.indicator_id, `input.verdicts[${i}].indicator_id`);
    if (verdicts.has(id)) throw new FixtureError(`duplicate verdict for ${id}`);
    verdicts.set(id, f as unknown as IndicatorVerdict);
  });
  const attack = { execution: {}, indicators, correlation: { logic } } as Attack;

  const verdict = computeVerdict(attack, verdicts);
  const actual = {
    result: verdict?.result,
    evaluation_summary: verdict?.evaluation_summary,
    max_tier: verdict?.max_tier,
  };
  const expected = {
    result: exp.result,
    evaluation_summary: exp.evaluation_summary,
    max_tier: exp.max_tier,
  };
  return deepEqual(actual, expected) ? PASS : fail(show(expected), show(actual));
}
