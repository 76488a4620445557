// Every rule a diagnostic can name (SDK §3.2 rule table, SDK §7.0 warnings, SDK §3.1 parse
// problems, SDK §4.5 verdict errors), with the spec reference it carries. One table and one
// closed union, so parse, validate, evaluate and every formatter agree on the ids.
// A `spec_ref` starting with `SDK` names a section of the SDK specification; otherwise the format specification.

/** SDK §3.2: V-001..V-049. */
export const VALIDATION_RULES = {
  "V-001": { spec_ref: "§11.1.1", check: '`oatf` is present and is a supported version ("0.1")' },
  "V-002": { spec_ref: "§11.1.2", check: "`oatf` is the first key (reported as warning W-001)" },
  "V-003": { spec_ref: "§11.1.3", check: "exactly one `attack` object" },
  "V-004": { spec_ref: "§11.1.4", check: "`attack.execution` is present" },
  "V-005": { spec_ref: "§11.1.5", check: "closed enumeration values (including `indicator.tier`)" },
  "V-006": { spec_ref: "§11.1.9", check: "`indicators`, when present, is not empty" },
  "V-007": { spec_ref: "§11.1.7, §11.1.8", check: "phase and actor lists are not empty" },
  "V-008": { spec_ref: "§11.1.7", check: "at most one terminal phase per actor, and it is last" },
  "V-009": { spec_ref: "§11.1.7", check: "the first phase of each actor has `state`" },
  "V-010": {
    spec_ref: "§11.1.10",
    check: "indicator ids are unique, explicit and generated (N-003) alike",
  },
  "V-011": {
    spec_ref: "§11.1.7",
    check: "phase names are unique per actor, explicit and generated alike",
  },
  "V-012": { spec_ref: "§11.1.11", check: "each indicator has exactly one detection key" },
  "V-013": { spec_ref: "§6.2", check: "regular expressions are valid RE2" },
  "V-014": { spec_ref: "§6.3", check: "CEL expressions parse" },
  "V-015": { spec_ref: "§5.5", check: "JSONPath selectors parse" },
  "V-016": { spec_ref: "§5.7", check: "template references are well formed (no unclosed `{{`)" },
  "V-017": { spec_ref: "§4.3", check: "`severity.confidence` is an integer in 0..100" },
  "V-018": {
    spec_ref: "§7",
    check: "indicator `surface` is an operation of its protocol (warning)",
  },
  "V-019": { spec_ref: "§5.3", check: "trigger `count` and `match` only appear with `event`" },
  "V-020": { spec_ref: "§11.1.1", check: "no YAML anchors, aliases, merge keys or custom tags" },
  "V-021": { spec_ref: "§6.1, §6.2, §6.4", check: "`target` fields are wildcard dot-paths" },
  "V-022": { spec_ref: "§6.4", check: "`semantic.threshold` is in [0.0, 1.0]" },
  "V-023": { spec_ref: "§4.2", check: "`attack.id` matches `^[A-Z][A-Z0-9-]*-[0-9]{3,}$`" },
  "V-024": {
    spec_ref: "§6.1",
    check: "`indicator.id` is `{attack.id}-NN` when `attack.id` is set",
  },
  "V-025": { spec_ref: "§6.1", check: "`indicator.confidence` is an integer in 0..100" },
  "V-026": { spec_ref: "§6.3", check: "`expression.variables` values are simple dot-paths" },
  "V-027": { spec_ref: "SDK §5.4", check: "match predicate keys are simple dot-paths" },
  "V-028": {
    spec_ref: "SDK §5.1",
    check:
      "without `execution.mode`: phases declare one shared mode, indicators declare `protocol`",
  },
  "V-029": { spec_ref: "§7", check: "trigger events are valid for the actor's mode (warning)" },
  "V-030": {
    spec_ref: "SDK §5.1",
    check: "exactly one of `state`, `phases`, `actors`; `state` needs `mode`",
  },
  "V-031": {
    spec_ref: "SDK §5.1",
    check: "actors: unique `[a-z][a-z0-9_]*` names, a `mode`, phases, unique phase names",
  },
  "V-032": { spec_ref: "SDK §5.5", check: "`{{actor.extractor}}` names an existing actor" },
  "V-033": { spec_ref: "§11.1.14", check: "at most one response entry omits `when`" },
  "V-034": {
    spec_ref: "SDK §5.1",
    check: "modes match `[a-z][a-z0-9_]*_(server|client)`, protocols `[a-z][a-z0-9_]*`",
  },
  "V-035": { spec_ref: "§4.2", check: "`attack.version` is an integer >= 1" },
  "V-036": { spec_ref: "SDK §5.2", check: "`trigger.after` is a valid duration" },
  "V-037": { spec_ref: "SDK §5.5", check: "extractor names match `[a-z][a-z0-9_]*`" },
  "V-038": { spec_ref: "§11.1.7", check: "`phase.extractors`, when present, is not empty" },
  "V-039": { spec_ref: "§11.1.15", check: "`expression.variables` keys are CEL identifiers" },
  "V-040": { spec_ref: "§5.3", check: "a trigger has `event` or `after`" },
  "V-041": { spec_ref: "§11.1.16", check: "an action object has exactly one non-`x-` key" },
  "V-042": { spec_ref: "§5.5", check: "regex extractors have a capture group" },
  "V-043": { spec_ref: "§5.2", check: "`phase.on_enter`, when present, is not empty" },
  "V-044": { spec_ref: "§5.2", check: "in multi-actor form `phase.mode` equals `actor.mode`" },
  "V-045": { spec_ref: "§4.2", check: "`attack.impact` has no duplicates" },
  "V-046": { spec_ref: "§4.2", check: "`attack.grace_period` is a valid duration" },
  "V-047": { spec_ref: "SDK §2.3a", check: "`correlation` only appears with `indicators`" },
  "V-048": { spec_ref: "§6.1", check: "`indicator.actor` names an existing actor" },
  "V-049": { spec_ref: "§6.1", check: "`indicator.method` matches the detection key present" },
} as const satisfies Record<`V-${string}`, { spec_ref: string; check: string }>;

/**
 * Warning codes. W-001..W-007 are SDK §7.0's. V-018 and V-029 are warnings by
 * the spec's own text (SHOULD-level), so they keep their rule number as the code,
 * as the upstream conformance fixtures expect. `OATF-V014-SKIPPED` is ours.
 */
export const WARNING_RULES = {
  "W-001": { spec_ref: "SDK §7.0", check: "`oatf` is not the first key in the document (V-002)" },
  "W-002": {
    spec_ref: "SDK §7.0",
    check: "a mode matches the pattern but no included binding defines it",
  },
  "W-003": {
    spec_ref: "SDK §7.0",
    check: "a protocol matches the pattern but no included binding defines it",
  },
  "W-004": {
    spec_ref: "SDK §7.0",
    check: "a template references an extractor that is not declared",
  },
  "W-005": {
    spec_ref: "SDK §7.0",
    check: "an indicator's protocol has no actor in the execution profile",
  },
  "W-006": {
    spec_ref: "SDK §7.0",
    check: "a `synthesize` block is present (reserved for a future version)",
  },
  "W-007": { spec_ref: "SDK §7.0", check: "an indicator uses the experimental `semantic` method" },
  "V-018": {
    spec_ref: "§7",
    check: "an indicator `surface` is not an operation of its (recognized) protocol",
  },
  "V-029": {
    spec_ref: "§7",
    check: "a trigger event is not defined for the actor's (recognized) mode",
  },
  "OATF-V014-SKIPPED": {
    check: "CEL expressions were not syntax-checked: no CEL checker was given",
  },
} as const satisfies Record<string, { spec_ref?: string; check: string }>;

/**
 * Problems `parse` finds before any V-rule can be checked (SDK §3.1). A parse problem that is
 * the same as a V-rule (V-001, V-003, V-004, V-005, V-020, …) names that rule instead.
 */
export const PARSE_RULES = {
  "parse/syntax": { spec_ref: "SDK §3.1", check: "the input is one well-formed YAML 1.2 document" },
  "parse/duplicate-key": { spec_ref: "SDK §3.1", check: "no mapping repeats a key" },
  "parse/type-mismatch": { spec_ref: "SDK §3.1", check: "every field has the type of its table" },
  "parse/missing-field": { spec_ref: "SDK §3.1", check: "required fields are present" },
  "parse/unknown-field": { spec_ref: "SDK §3.1", check: "no field outside the document shape" },
  "parse/unknown-variant": { spec_ref: "SDK §3.1", check: "closed enumerations hold known values" },
  "parse/too-large": {
    spec_ref: "format §12.1",
    check: "the input stays within the size, node-count, nesting and alias limits",
  },
} as const satisfies Record<`parse/${string}`, { spec_ref: string; check: string }>;

/** Errors and warnings of `computeVerdict` / `evaluateTrace` (SDK §4.5) that no table numbers. */
export const EVALUATION_RULES = {
  "E-UNREADABLE": { spec_ref: "SDK §4.5", check: "the attack and its verdicts can be read" },
  "E-NO-INDICATORS": { spec_ref: "SDK §4.5", check: "the attack has indicators to evaluate" },
  "W-UNKNOWN-INDICATOR": {
    spec_ref: "SDK §4.5",
    check: "every verdict names an indicator of the attack",
  },
} as const satisfies Record<string, { spec_ref: string; check: string }>;

export type ValidationRuleId = keyof typeof VALIDATION_RULES;
export type WarningRuleId = keyof typeof WARNING_RULES;
export type ParseRuleId = keyof typeof PARSE_RULES;
export type EvaluationRuleId = keyof typeof EVALUATION_RULES;

/** Every id a diagnostic's `rule` can hold: a closed union, checked by the compiler. */
export type DiagnosticRule = ValidationRuleId | WarningRuleId | ParseRuleId | EvaluationRuleId;

export interface RuleInfo {
  spec_ref?: string;
  /** What the rule checks, in one line. */
  check: string;
}

const TABLES: readonly Record<string, RuleInfo>[] = [
  VALIDATION_RULES,
  WARNING_RULES,
  PARSE_RULES,
  EVALUATION_RULES,
];

/** The table entry of a rule id; undefined for a string that is not one. */
export function ruleInfo(rule: string): RuleInfo | undefined {
  for (const table of TABLES) if (Object.hasOwn(table, rule)) return table[rule];
  return undefined;
}

/** Whether `rule` is one of the ids of `DiagnosticRule`. */
export function isDiagnosticRule(rule: unknown): rule is DiagnosticRule {
  return typeof rule === "string" && ruleInfo(rule) !== undefined;
}
