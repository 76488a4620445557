// @oatf/evaluate: what the SDK specification names and this package owns: indicator
// evaluation and verdicts (SDK §4), the execution primitives (SDK §5) beside the dot-paths of
// @oatf/paths and the durations of @oatf/model, with their compiled forms (compile once,
// evaluate many: `compileIndicator`, `compileCondition`, `compilePredicate`), and
// `synthesize` around the generation provider (SDK §7.3a); with them the tool-facing engine: trace evaluation
// (`evaluateTrace`, `createTraceEvaluator`), the session monitor (`createMonitor`, its
// snapshots and the `StreamSource` a broker adapter implements) and `mergeVerdicts`.
// Elsewhere: the compilers and their switches (the regex engine, caches) on
// `@oatf/evaluate/compilers`; the helpers and limits the SDK's packages share on
// `./internal` (no semver promise). Trace wire formats (readers, writers, session keys) are
// @oatf/trace's.

export type { TraceMessage } from "./base/message.js";
export { traceMessageProblem } from "./base/message.js";
export type { ExtractorValues, Interpolated } from "./compile/template.js";
export { interpolateTemplate, interpolateValue } from "./compile/template.js";
export type { IndicatorCoverage, RunVerdict, TraceVerdict } from "./engine/coverage.js";
export type {
  CompiledIndicator,
  CompileIndicatorOptions,
  IndicatorEvaluators,
  Outcome,
} from "./engine/indicator.js";
export {
  compileIndicator,
  evaluateExpression,
  evaluateIndicator,
  evaluatePattern,
} from "./engine/indicator.js";
export type { MergeVerdictsOptions } from "./engine/merge.js";
export { mergeVerdicts } from "./engine/merge.js";
export type {
  Monitor,
  MonitorOptions,
  SessionEnd,
  SessionEndReason,
} from "./engine/monitor.js";
export { createMonitor } from "./engine/monitor.js";
export type { MonitorSnapshot, SessionSnapshot } from "./engine/monitor-snapshot.js";
export type {
  BatchCommit,
  PartitionCheckpoint,
  StreamEntry,
  StreamEvent,
  StreamSource,
} from "./engine/stream-source.js";
export type { EvaluateTraceOptions } from "./engine/trace.js";
export { evaluateTrace } from "./engine/trace.js";
export type {
  TraceEvaluator,
  TraceEvaluatorOptions,
  TraceMatch,
} from "./engine/trace-evaluator.js";
export { createTraceEvaluator } from "./engine/trace-evaluator.js";
export type {
  ComputedVerdict,
  ComputeVerdictOptions,
  IndicatorVerdicts,
} from "./engine/verdict.js";
export { computeVerdict } from "./engine/verdict.js";
export type { CompiledCondition } from "./primitives/condition.js";
export { compileCondition, evaluateCondition } from "./primitives/condition.js";
export { evaluateExtractor } from "./primitives/extractor.js";
export type { CompiledPredicate } from "./primitives/predicate.js";
export { compilePredicate, evaluatePredicate } from "./primitives/predicate.js";
export { selectResponse } from "./primitives/response.js";
export { computeEffectiveState } from "./primitives/state.js";
export type { SynthesizeOutcome, SynthesizeRequest } from "./primitives/synthesize.js";
export { synthesize } from "./primitives/synthesize.js";
export type { TriggerEvent } from "./primitives/trigger.js";
export { evaluateTrigger } from "./primitives/trigger.js";
