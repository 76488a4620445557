// @oatf/evaluate: execution primitives (SDK §5), indicator evaluation and verdicts
// (SDK §4), trace evaluation, and the regex, JSONPath and template compilers (also on the
// `@oatf/evaluate/compilers` subpath, which @oatf/validate uses). Names owned by other
// packages (dot-paths, durations, registries) are imported from their owners.

export type { BoundedText } from "./base/json.js";
export { boundedJson, coerceToString, deepEqual, MAX_TEXT_LENGTH, toText } from "./base/json.js";
export { clearCaches } from "./base/lru.js";
export type { TraceMessage } from "./base/message.js";
export { traceMessageProblem } from "./base/message.js";
export type { CompileError } from "./compile/compile-error.js";
export type { CompiledJsonPath } from "./compile/jsonpath.js";
export { compileJsonPath, JSONPATH_MAX_RECURSION_DEPTH } from "./compile/jsonpath.js";
export type { CompiledRegex, RegexEngine } from "./compile/regex.js";
export { compileRegex, getRegexEngine, re2jsEngine, setRegexEngine } from "./compile/regex.js";
export type {
  CompiledTemplate,
  ExtractorValues,
  Interpolated,
  TemplateReference,
} from "./compile/template.js";
export {
  interpolateTemplate,
  interpolateValue,
  parseTemplate,
  renderTemplate,
} from "./compile/template.js";
export type { AssemblerState } from "./engine/ag-ui-assemble.js";
export {
  MAX_ASSEMBLED_TEXT_LENGTH,
  MAX_ASSEMBLED_TOTAL_LENGTH,
  MAX_OPEN_ASSEMBLED_MESSAGES,
} from "./engine/ag-ui-assemble.js";
export type { IndicatorCoverage, TraceVerdict } from "./engine/coverage.js";
export type {
  CompiledIndicator,
  CompileIndicatorOptions,
  IndicatorEvaluators,
  Outcome,
} from "./engine/indicator.js";
export {
  compileIndicator,
  DEFAULT_SEMANTIC_THRESHOLD,
  evaluateExpression,
  evaluateIndicator,
  evaluatePattern,
} from "./engine/indicator.js";
export type { MergeError, MergeVerdictsOptions } from "./engine/merge.js";
export { mergeVerdicts } from "./engine/merge.js";
export type {
  Monitor,
  MonitorOptions,
  SessionEnd,
  SessionEndReason,
} from "./engine/monitor.js";
export { createMonitor, DEFAULT_MAX_SESSIONS } from "./engine/monitor.js";
export type {
  MonitorSnapshot,
  SavedSession,
  SavedTallies,
  SessionSnapshot,
  SnapshotBase,
  SnapshotError,
} from "./engine/monitor-snapshot.js";
export { SNAPSHOT_VERSION } from "./engine/monitor-snapshot.js";
export type {
  BatchCommit,
  PartitionCheckpoint,
  StreamEntry,
  StreamEvent,
  StreamSource,
} from "./engine/stream-source.js";
export { partitionKey, shardOf } from "./engine/stream-source.js";
export type { EvaluateTraceOptions } from "./engine/trace.js";
export { evaluateTrace } from "./engine/trace.js";
export type { EnricherState, ToolCallState } from "./engine/trace-enrich.js";
export { MAX_OPEN_TOOL_CALL_CHARS, MAX_OPEN_TOOL_CALLS } from "./engine/trace-enrich.js";
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
export { computeVerdict, indicatorKeys } from "./engine/verdict.js";
export type { CompiledCondition } from "./primitives/condition.js";
export { compileCondition, evaluateCondition } from "./primitives/condition.js";
export { evaluateExtractor } from "./primitives/extractor.js";
export type { CompiledPredicate } from "./primitives/predicate.js";
export { compilePredicate, evaluatePredicate } from "./primitives/predicate.js";
export { selectResponse } from "./primitives/response.js";
export { computeEffectiveState } from "./primitives/state.js";
export type { SynthesizeOutcome, SynthesizeRequest } from "./primitives/synthesize.js";
export { PROMPT_PREVIEW_LENGTH, synthesize } from "./primitives/synthesize.js";
export type { TriggerEvent } from "./primitives/trigger.js";
export { evaluateTrigger } from "./primitives/trigger.js";
export {
  actorModes,
  agUiOperation,
  DEFAULT_MAX_LINE_LENGTH,
  DETECTION_LINES,
  formatOfLine,
  MAX_PENDING_CHARS,
  MAX_PENDING_REQUESTS,
  MAX_REQUESTS_PER_ID,
  type ReadTraceOptions,
  readTrace,
  readTraceText,
  TRACE_FORMATS,
  TraceDecoder,
  type TraceFormat,
  type TraceRecord,
  type TraceSource,
} from "./readers/index.js";
