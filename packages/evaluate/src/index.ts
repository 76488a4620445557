// @oatf/evaluate: execution primitives (SDK §5), indicator evaluation and verdicts
// (SDK §4), trace evaluation, and the regex, JSONPath and template compilers (also on the
// `@oatf/evaluate/compilers` subpath, which @oatf/validate uses). Names owned by other
// packages (dot-paths, durations, registries) are imported from their owners.

export {
  MAX_ASSEMBLED_TEXT_LENGTH,
  MAX_ASSEMBLED_TOTAL_LENGTH,
  MAX_OPEN_ASSEMBLED_MESSAGES,
} from "./ag-ui-assemble.js";
export type { CompileError } from "./compile-error.js";
export type { CompiledCondition } from "./condition.js";
export { compileCondition, evaluateCondition } from "./condition.js";
export type { IndicatorCoverage, TraceVerdict } from "./coverage.js";
export { evaluateExtractor } from "./extractor.js";
export type {
  CompiledIndicator,
  CompileIndicatorOptions,
  IndicatorEvaluators,
  Outcome,
} from "./indicator.js";
export {
  compileIndicator,
  DEFAULT_SEMANTIC_THRESHOLD,
  evaluateExpression,
  evaluateIndicator,
  evaluatePattern,
} from "./indicator.js";
export type { BoundedText } from "./json.js";
export { boundedJson, coerceToString, deepEqual, MAX_TEXT_LENGTH, toText } from "./json.js";
export type { CompiledJsonPath } from "./jsonpath.js";
export { compileJsonPath, JSONPATH_MAX_RECURSION_DEPTH } from "./jsonpath.js";
export { clearCaches } from "./lru.js";
export type { CompiledPredicate } from "./predicate.js";
export { compilePredicate, evaluatePredicate } from "./predicate.js";
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
  type TraceDiagnostic,
  type TraceFormat,
  type TraceRecord,
  type TraceSource,
} from "./readers/index.js";
export type { CompiledRegex, RegexEngine } from "./regex.js";
export { compileRegex, getRegexEngine, re2jsEngine, setRegexEngine } from "./regex.js";
export { selectResponse } from "./response.js";
export { computeEffectiveState } from "./state.js";
export type { SynthesizeOutcome, SynthesizeRequest } from "./synthesize.js";
export { PROMPT_PREVIEW_LENGTH, synthesize } from "./synthesize.js";
export type {
  CompiledTemplate,
  ExtractorValues,
  Interpolated,
  TemplateReference,
} from "./template.js";
export {
  interpolateTemplate,
  interpolateValue,
  parseTemplate,
  renderTemplate,
} from "./template.js";
export type { EvaluateTraceOptions, TraceMessage } from "./trace.js";
export { evaluateTrace, traceMessageProblem } from "./trace.js";
export { MAX_OPEN_TOOL_CALL_CHARS, MAX_OPEN_TOOL_CALLS } from "./trace-enrich.js";
export type { TraceEvaluator, TraceEvaluatorOptions, TraceMatch } from "./trace-evaluator.js";
export { createTraceEvaluator } from "./trace-evaluator.js";
export type { TriggerEvent } from "./trigger.js";
export { evaluateTrigger } from "./trigger.js";
export type {
  ComputedVerdict,
  ComputeVerdictOptions,
  IndicatorVerdicts,
} from "./verdict.js";
export { computeVerdict, indicatorKeys } from "./verdict.js";
