// Runs the upstream conformance cases under primitives/, evaluate/ and verdict/ that
// @oatf/evaluate owns (dot-paths, durations and protocols are run by their own packages).
import { upstreamCases } from "@oatf/conformance";
import {
  computeEffectiveState,
  computeVerdict,
  evaluateCondition,
  evaluateExpression,
  evaluateExtractor,
  evaluateIndicator,
  evaluatePredicate,
  evaluateTrigger,
  interpolateTemplate,
  interpolateValue,
  selectResponse,
} from "@oatf/evaluate";
import {
  type Attack,
  type CelEvaluator,
  type Condition,
  type EvaluationError,
  type Extractor,
  type ExtractorSource,
  type Indicator,
  type IndicatorVerdict,
  type MatchPredicate,
  type Phase,
  parseDuration,
  type ResponseEntry,
  type Result,
  type SemanticEvaluator,
  type Trigger,
  type Value,
} from "@oatf/model";
import { err, ok } from "@oatf/model/internal";
import { describe, expect, it } from "vitest";

// biome-ignore lint/suspicious/noExplicitAny: fixture inputs are untyped YAML
type Case = { name: string; id: string; input: any; expected: any; expected_error_kind?: string };

/** One upstream file's cases, from the conformance harness (it throws when there are none). */
function suite(file: string, run: (c: Case) => void): void {
  const [dir, name] = file.split("/") as [string, string];
  const all = upstreamCases<Case["input"], Case["expected"]>(dir, { file: name }).map(
    (c): Case => ({ ...c, ...c.extra }),
  );
  describe(file, () => {
    for (const c of all) it(`${c.id}: ${c.name}`, () => run(c));
  });
}

suite("primitives/evaluate-condition.yaml", ({ input, expected }) => {
  expect(evaluateCondition(input.condition as Condition, input.value as Value)).toBe(expected);
});

suite("primitives/evaluate-predicate.yaml", ({ input, expected }) => {
  expect(evaluatePredicate(input.predicate as MatchPredicate, input.value as Value)).toBe(expected);
});

suite("primitives/interpolate-template.yaml", ({ input, expected }) => {
  const { value } = interpolateTemplate(
    input.template,
    input.extractors,
    input.request,
    input.response,
  );
  expect(value).toBe(expected);
});

suite("primitives/interpolate-value.yaml", ({ input, expected }) => {
  const { value } = interpolateValue(input.value, input.extractors, input.request, input.response);
  expect(value).toEqual(expected);
});

suite("primitives/evaluate-extractor.yaml", ({ input, expected }) => {
  const got = evaluateExtractor(
    input.extractor as Extractor,
    input.message as Value,
    input.direction as ExtractorSource,
  );
  expect(got ?? null).toBe(expected);
});

suite("primitives/select-response.yaml", ({ input, expected }) => {
  const selected = selectResponse(input.entries as ResponseEntry[], input.request as Value);
  if (expected === null) expect(selected).toBeUndefined();
  else expect(selected).toMatchObject(expected);
});

suite("primitives/evaluate-trigger.yaml", ({ input, expected }) => {
  const elapsed = parseDuration(input.elapsed);
  expect(elapsed.ok).toBe(true);
  const state = { ...input.state };
  const result = evaluateTrigger(
    input.trigger as Trigger,
    input.event,
    elapsed.ok ? elapsed.value : 0,
    state,
  );
  expect(result.advanced ? "advanced" : "not_advanced").toBe(expected.result);
  if (result.advanced) expect(result.reason).toBe(expected.reason);
  expect(state).toEqual(expected.state);
});

suite("primitives/compute-effective-state.yaml", ({ input, expected }) => {
  expect(computeEffectiveState(input.phases as Phase[], input.phase_index)).toEqual(expected);
});

// --------------------------------------------------------------- evaluate/

type Context = Record<string, Value> & { message: Value };
// biome-ignore lint/suspicious/noExplicitAny: the fake reads fixture messages freely
type AnyContext = Record<string, any>;

/** A fake CEL evaluator: each fixture expression, written out in JavaScript. */
const FAKE_CEL: Record<string, (c: AnyContext) => Value> = {
  "size(message.tools) > 2": (c) => c.message.tools.length > 2,
  "size(message.tools) > 10": (c) => c.message.tools.length > 10,
  "tools[0].description.contains('inject')": (c) => c.tools[0].description.includes("inject"),
  true: () => true,
  "message.tools.exists(t, t.name == 'admin' && size(t.description) > 100)": (c) =>
    c.message.tools.some((t: AnyContext) => t.name === "admin" && t.description.length > 100),
  "message.nonexistent.field > 0": (c) => c.message.nonexistent.field > 0,
  "size(message.tools)": (c) => c.message.tools.length,
  "desc == null || desc.contains('inject')": (c) => c.desc === null || c.desc.includes("inject"),
  "has(message.toolChoice) && message.toolChoice.mode == 'required'": (c) =>
    c.message.toolChoice !== undefined && c.message.toolChoice.mode === "required",
  "message.tools.exists(t, has(t.annotations) && has(t.annotations.title) && t.annotations.title.contains('Override'))":
    (c) =>
      c.message.tools.some((t: AnyContext) => t.annotations?.title?.includes("Override") === true),
  "message.tools.exists(t, has(t.execution) && t.execution.taskSupport == 'required')": (c) =>
    c.message.tools.some((t: AnyContext) => t.execution?.taskSupport === "required"),
};

const fakeCel: CelEvaluator = {
  evaluate(expression: string, context: Context): Result<Value, EvaluationError> {
    const run = FAKE_CEL[expression];
    if (run === undefined) return err({ kind: "cel_error", message: `fake CEL: ${expression}` });
    try {
      return ok(run(context));
    } catch (e) {
      return err({ kind: "cel_error", message: `no such key: ${(e as Error).message}` });
    }
  },
};

function fixedScore(score: number): SemanticEvaluator {
  return { evaluate: () => ok(score) };
}

suite("evaluate/pattern.yaml", ({ input, expected }) => {
  const verdict = evaluateIndicator(input.indicator as Indicator, input.message as Value);
  expect(verdict.result).toBe(expected);
});

suite("evaluate/expression.yaml", ({ input, expected, expected_error_kind }) => {
  const cel = input.cel_evaluator === "present" ? fakeCel : undefined;
  const indicator = input.indicator as Indicator;
  const verdict = evaluateIndicator(indicator, input.message as Value, { cel });
  expect(verdict.result).toBe(expected);
  if (expected_error_kind !== undefined) {
    const result = evaluateExpression(indicator.expression!, input.message as Value, cel);
    expect(result.ok ? undefined : result.error.kind).toBe(expected_error_kind);
  }
});

suite("evaluate/semantic.yaml", ({ input, expected }) => {
  const { present: has, mock_score } = input.semantic_evaluator;
  const semantic = has ? fixedScore(mock_score) : undefined;
  const verdict = evaluateIndicator(input.indicator as Indicator, input.message as Value, {
    semantic,
  });
  expect(verdict.result).toBe(expected);
});

// ---------------------------------------------------------------- verdict/

function verdictCase({ input, expected }: Case): void {
  const attack = {
    execution: {},
    indicators: input.indicators,
    correlation: { logic: input.correlation_logic },
  } as Attack;
  const verdict = computeVerdict(attack, input.verdicts as IndicatorVerdict[]);
  expect(verdict.result).toBe(expected.result);
  expect(verdict.evaluation_summary).toEqual(expected.evaluation_summary);
}

suite("verdict/any.yaml", verdictCase);
suite("verdict/all.yaml", verdictCase);
