// The evaluation entry points of @oatf/evaluate with the default CEL evaluator wired in,
// so expression indicators evaluate out of the box. `cel: null` evaluates without CEL
// (expression indicators are then `skipped`, SDK §4.4); any other evaluator replaces it.
import {
  type CompiledIndicator,
  type CompileIndicatorOptions,
  compileIndicator as compileIndicatorWith,
  createMonitor as createMonitorWith,
  createTraceEvaluator as createTraceEvaluatorWith,
  type EvaluateTraceOptions,
  evaluateExpression as evaluateExpressionWith,
  evaluateIndicator as evaluateIndicatorWith,
  evaluateTrace as evaluateTraceWith,
  type IndicatorEvaluators,
  type MergeVerdictsOptions,
  type Monitor,
  type MonitorOptions,
  mergeVerdicts as mergeVerdictsWith,
  type TraceEvaluator,
  type TraceEvaluatorOptions,
  type TraceMessage,
  type TraceVerdict,
} from "@oatf/evaluate";
import type {
  Diagnostic,
  Document,
  EvaluationError,
  ExpressionMatch,
  Indicator,
  IndicatorVerdict,
  Result,
  Value,
} from "@oatf/model";
import {
  type CelOption,
  celOrDefault,
  type WithDefaultCel,
  withDefaultCel,
} from "./default-cel.js";

/** SDK §4.4 evaluate_indicator, with the default CEL evaluator. */
export function evaluateIndicator(
  indicator: Indicator,
  message: Value,
  evaluators?: WithDefaultCel<IndicatorEvaluators>,
): IndicatorVerdict {
  return evaluateIndicatorWith(indicator, message, withDefaultCel(evaluators));
}

/** `compileIndicator` of @oatf/evaluate, with the default CEL evaluator. */
export function compileIndicator(
  indicator: Indicator,
  options?: WithDefaultCel<CompileIndicatorOptions>,
): CompiledIndicator {
  return compileIndicatorWith(indicator, withDefaultCel(options));
}

/** SDK §4.3 evaluate_expression, with the default CEL evaluator. */
export function evaluateExpression(
  expression: ExpressionMatch,
  message: Value,
  cel?: CelOption,
): Result<boolean, EvaluationError> {
  return evaluateExpressionWith(expression, message, celOrDefault(cel));
}

/** Trace evaluation (format §6), with the default CEL evaluator; the verdict carries `coverage`. */
export function evaluateTrace(
  document: Document,
  messages: Iterable<TraceMessage>,
  options?: WithDefaultCel<EvaluateTraceOptions>,
): TraceVerdict {
  return evaluateTraceWith(document, messages, withDefaultCel(options));
}

/** Streaming evaluation of many documents (`createTraceEvaluator`), with the default CEL evaluator. */
export function createTraceEvaluator(
  documents: readonly Document[],
  options?: WithDefaultCel<TraceEvaluatorOptions>,
): TraceEvaluator {
  return createTraceEvaluatorWith(documents, withDefaultCel(options));
}

/** The session monitor (`createMonitor`), with the default CEL evaluator. */
export function createMonitor(
  documents: readonly Document[],
  options?: WithDefaultCel<MonitorOptions>,
): Monitor {
  return createMonitorWith(documents, withDefaultCel(options));
}

/**
 * `mergeVerdicts` of shards' verdicts, with the default CEL evaluator (as the shards had it:
 * without one, expression indicators would merge as `skipped`).
 */
export function mergeVerdicts(
  documents: readonly Document[],
  parts: readonly (readonly TraceVerdict[])[],
  options?: WithDefaultCel<MergeVerdictsOptions>,
): Result<TraceVerdict[], Diagnostic> {
  return mergeVerdictsWith(documents, parts, withDefaultCel(options));
}
