// The OATF document model (SDK §2). Field names are the YAML keys, so a parsed
// document serializes back without renaming; `x-` fields live in `extensions`.

/** A JSON-like value (SDK §2.1): protocol message content, state, predicate targets. */
export type Value = null | boolean | number | string | Value[] | { [key: string]: Value };

/** Extension fields (`x-` prefixed keys), preserved through round-trips. */
export type Extensions = Record<string, Value>;

export const SEVERITY_LEVELS = ["informational", "low", "medium", "high", "critical"] as const;
export type SeverityLevel = (typeof SEVERITY_LEVELS)[number];

export const IMPACTS = [
  "behavior_manipulation",
  "data_exfiltration",
  "data_tampering",
  "unauthorized_actions",
  "information_disclosure",
  "credential_theft",
  "service_disruption",
  "privilege_escalation",
] as const;
export type Impact = (typeof IMPACTS)[number];

export const CATEGORIES = [
  "capability_poisoning",
  "response_fabrication",
  "context_manipulation",
  "oversight_bypass",
  "temporal_manipulation",
  "availability_disruption",
  "cross_protocol_chain",
] as const;
export type Category = (typeof CATEGORIES)[number];

export const STATUSES = ["draft", "experimental", "stable", "deprecated"] as const;
export type Status = (typeof STATUSES)[number];

export const CORRELATION_LOGICS = ["any", "all"] as const;
export type CorrelationLogic = (typeof CORRELATION_LOGICS)[number];

export const INDICATOR_RESULTS = ["matched", "not_matched", "error", "skipped"] as const;
export type IndicatorResult = (typeof INDICATOR_RESULTS)[number];

export const ATTACK_RESULTS = ["exploited", "not_exploited", "partial", "error"] as const;
export type AttackResult = (typeof ATTACK_RESULTS)[number];

export const EXTRACTOR_SOURCES = ["request", "response"] as const;
export type ExtractorSource = (typeof EXTRACTOR_SOURCES)[number];

export const EXTRACTOR_TYPES = ["json_path", "regex"] as const;
export type ExtractorType = (typeof EXTRACTOR_TYPES)[number];

export const SEMANTIC_INTENT_CLASSES = [
  "prompt_injection",
  "data_exfiltration",
  "privilege_escalation",
  "social_engineering",
  "instruction_override",
] as const;
export type SemanticIntentClass = (typeof SEMANTIC_INTENT_CLASSES)[number];

/** Known framework values; the type is open (unknown values are treated as `other`). */
export const KNOWN_FRAMEWORKS = [
  "atlas",
  "mitre_attack",
  "owasp_llm",
  "owasp_mcp",
  "owasp_agentic",
  "cwe",
  "other",
] as const;
export type Framework = (typeof KNOWN_FRAMEWORKS)[number] | (string & {});

export const RELATIONSHIPS = ["primary", "related"] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export const GENERATION_ERROR_KINDS = [
  "provider_unavailable",
  "model_error",
  "validation_failure",
  "timeout",
  "content_policy",
] as const;
export type GenerationErrorKind = (typeof GENERATION_ERROR_KINDS)[number];

export const EVALUATION_ERROR_KINDS = [
  "path_resolution",
  "regex_timeout",
  "cel_error",
  "type_error",
  "semantic_error",
  "unsupported_method",
] as const;
export type EvaluationErrorKind = (typeof EVALUATION_ERROR_KINDS)[number];

export const PARSE_ERROR_KINDS = ["syntax", "type_mismatch", "unknown_variant"] as const;
export type ParseErrorKind = (typeof PARSE_ERROR_KINDS)[number];

export const DIAGNOSTIC_SEVERITIES = ["error", "warning"] as const;
export type DiagnosticSeverity = (typeof DIAGNOSTIC_SEVERITIES)[number];

export const LOG_LEVELS = ["info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const ELICITATION_MODES = ["form", "url"] as const;
export type ElicitationMode = (typeof ELICITATION_MODES)[number];

export const DIRECTIONS = ["request", "response"] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const INDICATOR_METHODS = ["pattern", "expression", "semantic"] as const;
export type IndicatorMethod = (typeof INDICATOR_METHODS)[number];

export const ADVANCE_REASONS = ["event_matched", "timeout"] as const;
export type AdvanceReason = (typeof ADVANCE_REASONS)[number];

/** Indicator tier (spec README item 2, seeds/001 §4.5), ordered as listed. */
export const TIERS = ["ingested", "local_action", "boundary_breach"] as const;
export type Tier = (typeof TIERS)[number];

/** Open string types: validated by pattern only (V-034), never by membership. */
export type Protocol = string;
export type Mode = string;
export type Surface = string;

// ---------------------------------------------------------------- document

/** SDK §2.2. `$schema` keeps its YAML spelling. */
export interface Document {
  oatf: string;
  $schema?: string;
  attack: Attack;
}

/** SDK §2.3. */
export interface Attack {
  id?: string;
  name?: string;
  version?: number;
  status?: Status;
  /** ISO 8601 date or date-time, kept as written. */
  created?: string;
  modified?: string;
  author?: string;
  description?: string;
  /** Duration as written (`30s`, `PT5M`); parse with `parseDuration`. */
  grace_period?: string;
  /** Scalar form before normalization (N-002), object form after. */
  severity?: SeverityLevel | Severity;
  impact?: Impact[];
  classification?: Classification;
  references?: Reference[];
  execution: Execution;
  indicators?: Indicator[];
  correlation?: Correlation;
  extensions?: Extensions;
}

/** SDK §2.3a. */
export interface Correlation {
  logic?: CorrelationLogic;
}

/** SDK §2.4. */
export interface Severity {
  level: SeverityLevel;
  confidence?: number;
}

/** SDK §2.5. */
export interface Classification {
  category?: Category;
  mappings?: FrameworkMapping[];
  tags?: string[];
}

/** SDK §2.17. */
export interface Reference {
  url: string;
  title?: string;
  description?: string;
}

/** SDK §2.18. */
export interface FrameworkMapping {
  framework: Framework;
  id: string;
  name?: string;
  url?: string;
  relationship?: Relationship;
}

/** SDK §2.6: exactly one of `state`, `phases`, `actors` (checked by validate, V-030). */
export interface Execution {
  mode?: Mode;
  state?: Value;
  phases?: Phase[];
  actors?: Actor[];
  extensions?: Extensions;
}

/** SDK §2.6a. */
export interface Actor {
  name: string;
  mode: Mode;
  phases: Phase[];
  extensions?: Extensions;
}

/** SDK §2.7. */
export interface Phase {
  name?: string;
  description?: string;
  mode?: Mode;
  /** A Value so that structurally invalid state reaches validate (which requires an object). */
  state?: Value;
  extractors?: Extractor[];
  on_enter?: Action[];
  trigger?: Trigger;
  extensions?: Extensions;
}

/** Known entry action `send` (SDK §2.7a). */
export interface SendAction {
  method: string;
  params?: Value;
}

/** Known entry action `log` (SDK §2.7a). */
export interface LogAction {
  message: string;
  level?: LogLevel;
}

/**
 * An entry action (SDK §2.7a): one action key, plus optional `x-` keys in `extensions`.
 * A binding-specific action is any other single key, with an unconstrained value, kept as written.
 */
export type Action = (
  | { send: SendAction }
  | { log: LogAction }
  | { [bindingSpecificKey: string]: Value | undefined }
) & { extensions?: Extensions };

/** SDK §2.8. */
export interface Trigger {
  event?: string;
  count?: number;
  match?: MatchPredicate;
  /** Duration as written; parse with `parseDuration`. */
  after?: string;
}

/** SDK §2.8a. */
export interface ProtocolEvent {
  event_type: string;
  content: Value;
}

/** SDK §2.8b. */
export type TriggerResult = { advanced: true; reason: AdvanceReason } | { advanced: false };

/** SDK §2.8c: created fresh on phase entry, updated by `evaluateTrigger`. */
export interface TriggerState {
  event_count: number;
}

/** SDK §2.9. */
export interface Extractor {
  name: string;
  source: ExtractorSource;
  type: ExtractorType;
  selector: string;
}

/** SDK §2.10: simple dot-path → scalar (equality) or MatchCondition. */
export type MatchPredicate = Record<string, MatchEntry>;
export type MatchEntry = Value | MatchCondition;

/** SDK §2.11: every present operator must hold (AND). */
export interface MatchCondition {
  contains?: string;
  starts_with?: string;
  ends_with?: string;
  regex?: string;
  any_of?: Value[];
  gt?: number;
  lt?: number;
  gte?: number;
  lte?: number;
  exists?: boolean;
}

/** The operator keys of a MatchCondition, in spec order. */
export const CONDITION_OPERATORS = [
  "contains",
  "starts_with",
  "ends_with",
  "regex",
  "any_of",
  "gt",
  "lt",
  "gte",
  "lte",
  "exists",
] as const satisfies readonly (keyof MatchCondition)[];

/** A bare Value (equality) or a MatchCondition (SDK §2.13). */
export type Condition = Value | MatchCondition;

/** SDK §2.12 (plus `tier`, spec README item 2). */
export interface Indicator {
  id?: string;
  protocol?: Protocol;
  surface?: Surface;
  target: string;
  actor?: string;
  direction?: Direction;
  method?: IndicatorMethod;
  description?: string;
  pattern?: PatternMatch;
  expression?: ExpressionMatch;
  semantic?: SemanticMatch;
  confidence?: number;
  severity?: SeverityLevel;
  tier?: Tier;
  false_positives?: string[];
  extensions?: Extensions;
}

/**
 * SDK §2.13. Standard form: `target` + `condition`. Shorthand form: one operator
 * key directly on the pattern (expanded to `condition` by N-005); every operator but
 * `exists`, which is standard form only (format §6.2).
 */
export interface PatternMatch extends Omit<MatchCondition, "exists"> {
  target?: string;
  condition?: Condition;
}

/** SDK §2.14. */
export interface ExpressionMatch {
  cel: string;
  variables?: Record<string, string>;
}

/** SDK §2.15. */
export interface SemanticMatch {
  target?: string;
  intent: string;
  intent_class?: SemanticIntentClass;
  threshold?: number;
  examples?: SemanticExamples;
}

/** SDK §2.16. */
export interface SemanticExamples {
  positive?: string[];
  negative?: string[];
}

/** SDK §2.23 (reserved). */
export interface SynthesizeBlock {
  prompt?: string;
}

/** SDK §2.24. */
export interface ResponseEntry {
  when?: MatchPredicate;
  content?: Value;
  synthesize?: SynthesizeBlock;
  [bindingField: string]: Value | MatchPredicate | SynthesizeBlock | undefined;
}

// ---------------------------------------------------------------- verdicts

/** SDK §2.19. */
export interface IndicatorVerdict {
  indicator_id: string;
  result: IndicatorResult;
  timestamp?: string | null;
  evidence?: string;
  source?: string;
}

/** SDK §2.19 (plus `max_tier`, following `result` when serialized). */
export interface AttackVerdict {
  attack_id?: string;
  result: AttackResult;
  max_tier?: Tier;
  indicator_verdicts: IndicatorVerdict[];
  evaluation_summary: EvaluationSummary;
  timestamp?: string;
  source?: string;
}

/** SDK §2.19. */
export interface EvaluationSummary {
  matched: number;
  not_matched: number;
  error: number;
  skipped: number;
}
