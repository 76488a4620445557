// @oatf/model: document types (SDK §2), `Value`, diagnostics and `Result` (SDK §7), the
// extension-point interfaces (SDK §6), `parse`, `serialize`, `parseDuration`, and the defaults
// and inheritance rules (rules/). Every export is listed by name: the public surface is a
// decision (see model.api.md), and internals such as `attachSourceInfo` stay private.
// Terminal output is on `@oatf/model/terminal`, the helpers the SDK's packages share (the
// LRU cache, "did you mean", `x-` field anchors) on `@oatf/model/internal`.

export type {
  Diagnostic,
  EvaluationError,
  GenerationError,
  OATFError,
  ParseError,
  SourcePoint,
  SourcePosition,
  SourceRange,
  ValidationError,
  ValidationResult,
} from "./diagnostics.js";
export {
  diagnostic,
  evaluationError,
  isParseError,
  isValidationError,
  lineRange,
} from "./diagnostics.js";
export { parseDuration } from "./duration.js";
export type {
  CelEvaluator,
  CelSyntaxError,
  GenerationProvider,
  SemanticEvaluator,
} from "./extension-points.js";
export { DEFAULT_LIMITS, MAX_DEPTH, type ParseLimits } from "./limits.js";
export type {
  NormalizedActor,
  NormalizedAttack,
  NormalizedDocument,
  NormalizedExecution,
  NormalizedIndicator,
  NormalizedPhase,
  NormalizedTrigger,
} from "./normalized.js";
export {
  type ParseOptions,
  parse,
  parseRecovering,
  type RecoveredDocument,
} from "./parse/parse.js";
export { indexPath, keyPath } from "./paths.js";
export {
  checkPlainTree,
  MAX_TREE_DEPTH,
  MAX_TREE_NODES,
  type PlainTreeLimits,
  type PlainTreeProblem,
} from "./plain-tree.js";
export type { Result } from "./result.js";
export {
  err,
  ok,
} from "./result.js";
export {
  type ConfigurationRuleId,
  type DiagnosticRule,
  EVALUATION_ERROR_KINDS_TABLE,
  EVALUATION_RULES,
  type EvaluationRuleId,
  isDiagnosticRule,
  PARSE_RULES,
  type ParseRuleId,
  type RuleInfo,
  ruleInfo,
  TRACE_RULES,
  type TraceRuleId,
  VALIDATION_RULES,
  type ValidationRuleId,
  WARNING_RULES,
  type WarningRuleId,
} from "./rule-ids.js";
export {
  extractProtocol,
  generatedIndicatorId,
  generatedPhaseName,
  indicatorIdAt,
  indicatorProtocol,
  isMatchCondition,
  isObject,
  patternCondition,
  phaseNameAt,
} from "./rules/index.js";
export { serialize } from "./serialize.js";
export type {
  SourceInfo,
  YamlFeatureUse,
} from "./source-info.js";
export {
  getSourceInfo,
  parentPath,
  positionOrAncestor,
  rangeOrAncestor,
} from "./source-info.js";
export type {
  Action,
  Actor,
  AdvanceReason,
  Attack,
  AttackResult,
  AttackVerdict,
  Category,
  Classification,
  Condition,
  Correlation,
  CorrelationLogic,
  DiagnosticSeverity,
  Direction,
  Document,
  ElicitationMode,
  EvaluationErrorKind,
  EvaluationSummary,
  Execution,
  ExpressionMatch,
  Extensions,
  Extractor,
  ExtractorSource,
  ExtractorType,
  Framework,
  FrameworkMapping,
  GenerationErrorKind,
  Impact,
  Indicator,
  IndicatorMethod,
  IndicatorResult,
  IndicatorVerdict,
  LogAction,
  LogLevel,
  MatchCondition,
  MatchEntry,
  MatchPredicate,
  Mode,
  ParseErrorKind,
  PatternMatch,
  Phase,
  Protocol,
  ProtocolEvent,
  Reference,
  Relationship,
  ResponseEntry,
  SemanticExamples,
  SemanticIntentClass,
  SemanticMatch,
  SendAction,
  Severity,
  SeverityLevel,
  Status,
  Surface,
  SynthesizeBlock,
  Tier,
  Trigger,
  TriggerResult,
  TriggerState,
  Value,
} from "./types.js";
export {
  ADVANCE_REASONS,
  ATTACK_RESULTS,
  CATEGORIES,
  CONDITION_OPERATORS,
  CORRELATION_LOGICS,
  DIAGNOSTIC_SEVERITIES,
  DIRECTIONS,
  ELICITATION_MODES,
  EVALUATION_ERROR_KINDS,
  EXTRACTOR_SOURCES,
  EXTRACTOR_TYPES,
  GENERATION_ERROR_KINDS,
  IMPACTS,
  INDICATOR_METHODS,
  INDICATOR_RESULTS,
  KNOWN_FRAMEWORKS,
  LOG_LEVELS,
  PARSE_ERROR_KINDS,
  RELATIONSHIPS,
  SEMANTIC_INTENT_CLASSES,
  SEVERITY_LEVELS,
  STATUSES,
  TIERS,
} from "./types.js";
