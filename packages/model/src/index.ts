// @oatf/model: what the SDK specification names and this package owns: the document types
// and enumerations (SDK §2), `Value`, the diagnostic and error types and `Result` (SDK §7)
// with the one rule table their codes come from, the extension-point interfaces (SDK §6),
// `parse` (and the recovering parse behind `validate` over text), `serialize`,
// `parseDuration` (SDK §5.2), `extractProtocol` (SDK §5.9) and the source positions parse
// records. Every export is listed by name: the public surface is a decision (model.api.md).
// Elsewhere: the defaults and inheritance rules on `@oatf/model/rules`, parse's field table on
// `./shape`, terminal output on `./terminal`, and the helpers the SDK's packages share
// (building diagnostics and results, dot-paths, the plain-tree check, limits, the LRU cache,
// "did you mean") on `./internal`, which carries no semver promise.

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
export { isParseError, isValidationError } from "./diagnostics.js";
export { parseDuration } from "./duration.js";
export type {
  CelCall,
  CelEvaluator,
  CelFunctionDeclaration,
  CelSyntaxError,
  CelVariable,
  GenerationProvider,
  SemanticEvaluator,
} from "./extension-points.js";
export { DEFAULT_LIMITS, type ParseLimits } from "./limits.js";
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
export { parseRead, readYaml, type YamlText } from "./parse/yaml-text.js";
export type { Result } from "./result.js";
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
export { extractProtocol } from "./rules/index.js";
export { serialize } from "./serialize.js";
export type {
  SourceInfo,
  YamlFeatureUse,
} from "./source-info.js";
export { getSourceInfo } from "./source-info.js";
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
