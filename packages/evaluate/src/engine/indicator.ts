// Indicator evaluation (SDK §4.2–§4.4): an indicator is compiled once into a program
// (paths, condition, regexes), then run against any number of messages.
import type {
  CelEvaluator,
  EvaluationError,
  ExpressionMatch,
  Indicator,
  IndicatorMethod,
  IndicatorResult,
  IndicatorVerdict,
  PatternMatch,
  Result,
  SemanticEvaluator,
  SemanticMatch,
  Value,
} from "@oatf/model";
import { err, evaluationError, INDICATOR_METHODS, ok } from "@oatf/model/internal";
import { patternCondition } from "@oatf/model/rules";
import { compileSimplePath, compileWildcardPath, findResolved } from "@oatf/paths";
import { cutText, toText } from "../base/json.js";
import { WeakCache } from "../base/lru.js";
import { readOptions } from "../base/options.js";
import { nowIso } from "../base/timestamp.js";
import { describeThrown } from "../compile/compile-error.js";
import { compileCondition } from "../primitives/condition.js";

/** The optional evaluators of SDK §4.4; without them, those methods are `skipped`. */
export interface IndicatorEvaluators {
  cel?: CelEvaluator;
  semantic?: SemanticEvaluator;
}

export interface CompileIndicatorOptions extends IndicatorEvaluators {
  /** Verdict `indicator_id` when the indicator has no `id` (un-normalized documents). */
  id?: string;
  /** Verdict `source`: the tool producing the verdict. */
  source?: string;
}

/** The result of one evaluation, before it is dressed as a verdict. */
export interface Outcome {
  result: IndicatorResult;
  evidence?: string;
}

/** An indicator compiled for repeated evaluation. */
export interface CompiledIndicator {
  readonly id: string;
  /** Runs the indicator on one message; never throws. */
  run(message: Value, evaluators?: IndicatorEvaluators): Outcome;
  /** `run`, wrapped as an IndicatorVerdict with id, timestamp and source. */
  evaluate(message: Value): IndicatorVerdict;
}

/** SDK §6.2 / format §6.4: the threshold when the indicator sets none. */
export const DEFAULT_SEMANTIC_THRESHOLD = 0.7;

const NOT_MATCHED: Outcome = Object.freeze({ result: "not_matched" });
const NO_EVALUATORS: IndicatorEvaluators = Object.freeze({});
const EVIDENCE_LIMIT = 200;

/** An indicator compiled to one function of a message (internal to the engine). */
export type Program = (message: Value, evaluators: IndicatorEvaluators) => Outcome;

/**
 * Set by a program when its target (an expression: one of its variables) resolved in the
 * message it ran on; the trace evaluator clears it before each run to count coverage
 * (issue 22 §5) without resolving the target twice.
 */
export const targetResolution = { seen: false };

// A plug-in's error as evidence: its `message`, or the error itself when it is a bare string.
function errorMessage(error: unknown, fallback: string): string {
  if (typeof error === "string" && error !== "") return error;
  const message = (error as { message?: unknown } | null | undefined)?.message;
  return typeof message === "string" && message !== "" ? message : fallback;
}

// An outcome carries no error kind: only the message survives, as evidence.
function errorProgram(message: string): Program {
  const outcome: Outcome = Object.freeze({ result: "error", evidence: message });
  return () => outcome;
}

function preview(value: Value): string {
  const text = toText(value);
  return text.length > EVIDENCE_LIMIT ? `${cutText(text, EVIDENCE_LIMIT)}…` : text;
}

// ------------------------------------------------------------------ pattern

/** What an `exists`-only pattern reports when it matches: there is no value to show. */
const EXISTS = Symbol("exists");

type PatternTest = (message: Value) => Value | typeof EXISTS | undefined;

/**
 * Compiles a pattern: the test returns the first matching value (or `EXISTS` for an
 * `exists`-only match), `undefined` for no match.
 */
function compilePattern(
  pattern: PatternMatch,
  defaultTarget: string | undefined,
): Result<{ target: string; test: PatternTest }, EvaluationError> {
  if (typeof pattern !== "object" || pattern === null) {
    return err(evaluationError("type_error", "pattern must be a mapping"));
  }
  const target = pattern.target ?? defaultTarget ?? "";
  const path = compileWildcardPath(target);
  if (!path.ok) return err(evaluationError("path_resolution", path.error.message));
  const condition = patternCondition(pattern);
  if (condition === undefined) {
    return err(evaluationError("type_error", "pattern has no condition"));
  }
  const compiled = compileCondition(condition);
  if (!compiled.ok) return err(evaluationError("type_error", compiled.error.message));
  const { exists, existsOnly, test } = compiled.value;
  if (existsOnly) {
    // SDK §4.2 step 1: only whether the target resolves matters.
    const resolves = findResolved(path.value, () => {
      targetResolution.seen = true;
      return true;
    });
    const existsTest: PatternTest = (message) =>
      (resolves(message) !== undefined) === exists ? EXISTS : undefined;
    return ok({ target, test: existsTest });
  }
  // `exists: false` with a value-inspecting operator can never hold (SDK §5.3).
  if (exists === false) {
    const never = () => {
      targetResolution.seen = true; // resolved, and so never holds
      return false;
    };
    return ok({ target, test: findResolved(path.value, never) });
  }
  const seen = (value: Value) => {
    targetResolution.seen = true;
    return test(value);
  };
  return ok({ target, test: findResolved(path.value, seen) });
}

type CompiledPattern = ReturnType<typeof compilePattern>;

// The one-shot functions compile once per pattern/expression object too (as indicators
// are), so calling them per message compiles nothing.
const patterns = /* @__PURE__ */ new WeakCache<
  PatternMatch,
  { defaultTarget?: string; compiled: CompiledPattern }
>();

function cachedPattern(pattern: PatternMatch, defaultTarget: string | undefined): CompiledPattern {
  if (typeof pattern !== "object" || pattern === null)
    return compilePattern(pattern, defaultTarget);
  let entry = patterns.getOrCreate(pattern, () => ({
    defaultTarget,
    compiled: compilePattern(pattern, defaultTarget),
  }));
  if (entry.defaultTarget !== defaultTarget && pattern.target === undefined) {
    entry = { defaultTarget, compiled: compilePattern(pattern, defaultTarget) };
    patterns.set(pattern, entry);
  }
  return entry.compiled;
}

/** SDK §4.2 evaluate_pattern. `defaultTarget` stands in for a missing `pattern.target`. */
export function evaluatePattern(
  pattern: PatternMatch,
  message: Value,
  defaultTarget?: string,
): Result<boolean, EvaluationError> {
  try {
    const compiled = cachedPattern(pattern, defaultTarget);
    if (!compiled.ok) return compiled;
    return ok(compiled.value.test(message) !== undefined);
  } catch (thrown) {
    return err(evaluationError("type_error", describeThrown(thrown)));
  }
}

function patternProgram(pattern: PatternMatch, defaultTarget: string | undefined): Program {
  const compiled = compilePattern(pattern, defaultTarget);
  if (!compiled.ok) return errorProgram(compiled.error.message);
  const { target, test } = compiled.value;
  return (message) => {
    const found = test(message);
    if (found === undefined) return NOT_MATCHED;
    const evidence =
      found === EXISTS
        ? `target "${target}": exists condition holds`
        : `target "${target}" matched value ${preview(found)}`;
    return { result: "matched", evidence };
  };
}

// --------------------------------------------------------------- expression

type ContextBuilder = (message: Value) => Record<string, Value>;

function compileContext(expression: ExpressionMatch): Result<ContextBuilder, EvaluationError> {
  const variables: [string, (message: Value) => Value | undefined][] = [];
  const declared = expression.variables;
  if (declared !== undefined && declared !== null) {
    for (const [name, path] of Object.entries(declared)) {
      const compiled = compileSimplePath(path);
      if (!compiled.ok) {
        return err(
          evaluationError("path_resolution", `variable "${name}": ${compiled.error.message}`),
        );
      }
      variables.push([name, compiled.value.resolve]);
    }
  }
  // Built per message, so kept to one object when there are no variables (the usual case).
  if (variables.length === 0) return ok((message) => ({ message }));
  // `message` first, then the variables (SDK §4.3 step 1); an unresolved path binds null
  // (upstream EVAL-CEL-09 "Variable with missing path evaluates with null binding").
  // Object.fromEntries defines each key, so a variable named `__proto__` stays data.
  return ok((message) => {
    const entries: [string, Value][] = [["message", message]];
    for (const [name, resolve] of variables) {
      const value = resolve(message);
      if (value !== undefined) targetResolution.seen = true;
      entries.push([name, value ?? null]);
    }
    return Object.fromEntries(entries);
  });
}

const contexts = /* @__PURE__ */ new WeakCache<
  ExpressionMatch,
  Result<ContextBuilder, EvaluationError>
>();

function runCel(
  cel: CelEvaluator,
  source: string,
  context: Record<string, Value>,
): Result<boolean, EvaluationError> {
  let result: ReturnType<CelEvaluator["evaluate"]>;
  try {
    result = cel.evaluate(source, context);
  } catch (thrown) {
    return err(evaluationError("cel_error", describeThrown(thrown)));
  }
  if (typeof result !== "object" || result === null) {
    return err(evaluationError("cel_error", "the CEL evaluator returned no result"));
  }
  if (!result.ok) {
    const error = result.error as EvaluationError | undefined;
    return err(evaluationError(error?.kind ?? "cel_error", errorMessage(error, "CEL error")));
  }
  if (typeof result.value !== "boolean") {
    const type =
      result.value === null ? "null" : Array.isArray(result.value) ? "list" : typeof result.value;
    return err(evaluationError("type_error", `CEL expression returned ${type}, not a boolean`));
  }
  return ok(result.value);
}

const NO_CEL = "CEL evaluation is not available: no CelEvaluator configured";

/**
 * SDK §4.3 evaluate_expression. Without an evaluator it returns an `unsupported_method`
 * error; a non-boolean result is a `type_error`; a throwing evaluator a `cel_error`.
 */
export function evaluateExpression(
  expression: ExpressionMatch,
  message: Value,
  cel?: CelEvaluator,
): Result<boolean, EvaluationError> {
  if (cel === undefined || cel === null) return err(evaluationError("unsupported_method", NO_CEL));
  try {
    const context =
      typeof expression === "object" && expression !== null
        ? contexts.getOrCreate(expression, compileContext)
        : compileContext(expression);
    if (!context.ok) return context;
    return runCel(cel, String(expression.cel), context.value(message));
  } catch (thrown) {
    return err(evaluationError("cel_error", describeThrown(thrown)));
  }
}

function expressionProgram(expression: ExpressionMatch): Program {
  // A truthy non-object (buildProgram passes no null) has no `cel` either.
  if (typeof expression.cel !== "string") return errorProgram("expression.cel must be a string");
  const context = compileContext(expression);
  if (!context.ok) return errorProgram(context.error.message);
  const build = context.value;
  const source = expression.cel;
  const evidence = `CEL expression is true: ${source}`;
  return (message, { cel }) => {
    if (cel === undefined || cel === null) return { result: "skipped", evidence: NO_CEL };
    const result = runCel(cel, source, build(message));
    if (!result.ok) return { result: "error", evidence: result.error.message };
    return result.value ? { result: "matched", evidence } : NOT_MATCHED;
  };
}

// ----------------------------------------------------------------- semantic

const NO_SEMANTIC = "semantic evaluation is not available: no SemanticEvaluator configured";

function semanticProgram(semantic: SemanticMatch, defaultTarget: string | undefined): Program {
  // A truthy non-object (buildProgram passes no null) has no `intent` either.
  if (typeof semantic.intent !== "string") return errorProgram("semantic.intent must be a string");
  const path = compileWildcardPath(semantic.target ?? defaultTarget ?? "");
  if (!path.ok) return errorProgram(path.error.message);
  const resolve = path.value.resolve;
  const { intent, intent_class, threshold, examples } = semantic;
  const effective = typeof threshold === "number" ? threshold : DEFAULT_SEMANTIC_THRESHOLD;
  return (message, { semantic: evaluator }) => {
    if (evaluator === undefined || evaluator === null) {
      return { result: "skipped", evidence: NO_SEMANTIC };
    }
    let best = Number.NEGATIVE_INFINITY;
    for (const value of resolve(message)) {
      targetResolution.seen = true;
      let score: ReturnType<SemanticEvaluator["evaluate"]>;
      try {
        score = evaluator.evaluate(toText(value), intent, intent_class, threshold, examples);
      } catch (thrown) {
        return { result: "error", evidence: describeThrown(thrown) };
      }
      if (typeof score !== "object" || score === null) {
        return { result: "error", evidence: "the semantic evaluator returned no result" };
      }
      if (!score.ok) {
        return {
          result: "error",
          evidence: errorMessage(score.error, "semantic evaluation failed"),
        };
      }
      if (typeof score.value !== "number" || Number.isNaN(score.value)) {
        return { result: "error", evidence: "the semantic evaluator returned a non-numeric score" };
      }
      best = Math.max(best, score.value);
    }
    if (best === Number.NEGATIVE_INFINITY) return NOT_MATCHED; // the target resolved to nothing
    const evidence = `highest score ${best} (threshold ${effective})`;
    return { result: best >= effective ? "matched" : "not_matched", evidence };
  };
}

// ---------------------------------------------------------------- dispatch

function methodOf(indicator: Indicator): IndicatorMethod | undefined {
  if (indicator.method !== undefined && indicator.method !== null) return indicator.method;
  return INDICATOR_METHODS.find(
    (method) => indicator[method] !== undefined && indicator[method] !== null,
  );
}

/**
 * Why `indicator` is `skipped` on every message with these evaluators (unsupported method,
 * missing evaluator), or `undefined` when its result depends on the message. Never throws.
 */
export function skipReason(
  indicator: Indicator,
  evaluators: IndicatorEvaluators,
): string | undefined {
  try {
    const method = methodOf(indicator);
    if (method === "expression" && indicator.expression && !evaluators.cel) return NO_CEL;
    if (method === "semantic" && indicator.semantic && !evaluators.semantic) return NO_SEMANTIC;
    if (method !== undefined && !INDICATOR_METHODS.includes(method)) return unsupported(method);
  } catch {}
  return undefined;
}

function unsupported(method: string): string {
  return `unsupported detection method "${String(method)}"`;
}

function buildProgram(indicator: Indicator): Program {
  if (typeof indicator !== "object" || indicator === null) {
    return errorProgram("an indicator must be a mapping");
  }
  const method = methodOf(indicator);
  if (method !== undefined && !INDICATOR_METHODS.includes(method)) {
    // Not a method this SDK knows (a newer format?): not evaluated, as SDK §4.5 reads
    // `skipped` ("absent evaluator, unsupported method"), rather than an error.
    const outcome: Outcome = Object.freeze({
      result: "skipped",
      evidence: unsupported(method),
    });
    return () => outcome;
  }
  const target = typeof indicator.target === "string" ? indicator.target : undefined;
  if (method === "pattern" && indicator.pattern) return patternProgram(indicator.pattern, target);
  if (method === "expression" && indicator.expression)
    return expressionProgram(indicator.expression);
  if (method === "semantic" && indicator.semantic)
    return semanticProgram(indicator.semantic, target);
  return errorProgram(`indicator has no ${method ?? "pattern, expression or semantic"} block`);
}

// Keyed by the indicator object: documents are treated as immutable once evaluated.
const programs = /* @__PURE__ */ new WeakCache<Indicator, Program>();

function safeBuild(indicator: Indicator): Program {
  try {
    return buildProgram(indicator);
  } catch (thrown) {
    return errorProgram(describeThrown(thrown));
  }
}

export function programFor(indicator: Indicator): Program {
  if (typeof indicator !== "object" || indicator === null) return safeBuild(indicator);
  return programs.getOrCreate(indicator, safeBuild);
}

export function runSafely(
  program: Program,
  message: Value,
  evaluators: IndicatorEvaluators,
): Outcome {
  try {
    return program(message, evaluators);
  } catch (thrown) {
    // Hostile input (too deep, cyclic) or a throwing plug-in: an `error` verdict, never a throw.
    return { result: "error", evidence: describeThrown(thrown) };
  }
}

/** An outcome dressed as an IndicatorVerdict: id, result, timestamp, then evidence and source when set. */
export function asVerdict(
  id: string,
  outcome: Outcome,
  source: string | undefined,
): IndicatorVerdict {
  const v: IndicatorVerdict = { indicator_id: id, result: outcome.result, timestamp: nowIso() };
  if (outcome.evidence !== undefined) v.evidence = outcome.evidence;
  if (source !== undefined) v.source = source;
  return v;
}

function idOf(indicator: Indicator, fallback: string | undefined): string {
  let id: unknown;
  try {
    id = (indicator as { id?: unknown }).id;
  } catch {} // an unreadable id (or a null indicator) is no id
  return typeof id === "string" ? id : (fallback ?? "");
}

/** Compiles an indicator into a reusable evaluator (paths, condition and regexes compiled once). */
export function compileIndicator(
  indicator: Indicator,
  options?: CompileIndicatorOptions,
): CompiledIndicator {
  const program = programFor(indicator);
  const fields = ["id", "source", "cel", "semantic"] as const;
  const { id: fallbackId, source, cel, semantic } = readOptions(options, fields);
  const id = idOf(indicator, fallbackId);
  const bound: IndicatorEvaluators = { cel, semantic };
  return {
    id,
    run: (message, evaluators = bound) => runSafely(program, message, evaluators),
    evaluate: (message) => asVerdict(id, runSafely(program, message, bound), source),
  };
}

/**
 * SDK §4.4 evaluate_indicator. Never throws: a bad indicator, message or evaluator yields
 * an `error` verdict with the reason as evidence; a missing evaluator yields `skipped`.
 */
export function evaluateIndicator(
  indicator: Indicator,
  message: Value,
  evaluators?: IndicatorEvaluators,
): IndicatorVerdict {
  // The evaluators are read inside the program, where a throwing getter becomes `error`.
  const outcome = runSafely(programFor(indicator), message, evaluators ?? NO_EVALUATORS);
  return asVerdict(idOf(indicator, undefined), outcome, undefined);
}
