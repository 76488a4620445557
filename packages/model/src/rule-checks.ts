// What each document rule (V-, W- and parse ids) and evaluation rule (E-, W- of SDK §4.5)
// checks, in one line: the text hover and SARIF show. Apart from the rule table (rule-ids.ts) so
// that code which only reports diagnostics (parse, validate, evaluate: a browser's first load)
// does not carry ~5 kB of descriptions it never shows.
import type { DocumentRuleId, EvaluationRuleId } from "./rule-ids.js";

export const DOCUMENT_RULE_CHECKS: Readonly<Record<DocumentRuleId, string>> = {
  "V-001": '`oatf` is present and is a supported version ("0.1")',
  "V-002": "`oatf` is the first key (reported as warning W-001)",
  "V-003": "exactly one `attack` object",
  "V-004": "`attack.execution` is present",
  "V-005": "closed enumeration values (including `indicator.tier`)",
  "V-006": "`indicators`, when present, is not empty",
  "V-007": "phase and actor lists are not empty",
  "V-008": "at most one terminal phase per actor, and it is last",
  "V-009": "the first phase of each actor has `state`",
  "V-010": "indicator ids are unique, explicit and generated (N-003) alike",
  "V-011": "phase names are unique per actor, explicit and generated alike",
  "V-012": "each indicator has exactly one detection key",
  "V-013": "regular expressions are valid RE2",
  "V-014": "CEL expressions parse",
  "V-015": "JSONPath selectors parse",
  "V-016": "template references are well formed (no unclosed `{{`)",
  "V-017": "`severity.confidence` is an integer in 0..100",
  "V-018": "indicator `surface` is an operation of its protocol (warning)",
  "V-019": "trigger `count` and `match` only appear with `event`",
  "V-020": "no YAML anchors, aliases, merge keys or custom tags",
  "V-021": "`target` fields are wildcard dot-paths",
  "V-022": "`semantic.threshold` is in [0.0, 1.0]",
  "V-023": "`attack.id` matches `^[A-Z][A-Z0-9-]*-[0-9]{3,}$`",
  "V-024": "`indicator.id` is `{attack.id}-NN` when `attack.id` is set",
  "V-025": "`indicator.confidence` is an integer in 0..100",
  "V-026": "`expression.variables` values are simple dot-paths",
  "V-027": "match predicate keys are simple dot-paths",
  "V-028":
    "without `execution.mode`: phases declare one shared mode, indicators declare `protocol`",
  "V-029": "trigger events are valid for the actor's mode (warning)",
  "V-030": "exactly one of `state`, `phases`, `actors`; `state` needs `mode`",
  "V-031": "actors: unique `[a-z][a-z0-9_]*` names, a `mode`, phases, unique phase names",
  "V-032": "`{{actor.extractor}}` names an existing actor",
  "V-033": "at most one response entry omits `when`",
  "V-034": "modes match `[a-z][a-z0-9_]*_(server|client)`, protocols `[a-z][a-z0-9_]*`",
  "V-035": "`attack.version` is an integer >= 1",
  "V-036": "`trigger.after` is a valid duration",
  "V-037": "extractor names match `[a-z][a-z0-9_]*`",
  "V-038": "`phase.extractors`, when present, is not empty",
  "V-039": "`expression.variables` keys are CEL identifiers",
  "V-040": "a trigger has `event` or `after`",
  "V-041": "an action object has exactly one non-`x-` key",
  "V-042": "regex extractors have a capture group",
  "V-043": "`phase.on_enter`, when present, is not empty",
  "V-044": "in multi-actor form `phase.mode` equals `actor.mode`",
  "V-045": "`attack.impact` has no duplicates",
  "V-046": "`attack.grace_period` is a valid duration",
  "V-047": "`correlation` only appears with `indicators`",
  "V-048": "`indicator.actor` names an existing actor",
  "V-049": "`indicator.method` matches the detection key present",
  "W-001": "`oatf` is not the first key in the document (V-002)",
  "W-002": "a mode matches the pattern but no included binding defines it",
  "W-003": "a protocol matches the pattern but no included binding defines it",
  "W-004": "a template references an extractor that is not declared",
  "W-005": "an indicator's protocol has no actor in the execution profile",
  "W-006": "a `synthesize` block is present (reserved for a future version)",
  "W-007": "an indicator uses the experimental `semantic` method",
  "OATF-V014-SKIPPED": "CEL expressions were not syntax-checked: no CEL checker was given",
  "OATF-V014-FUNCTION": "CEL calls name functions the evaluator declares",
  "OATF-V014-VARIABLE": "CEL reads `message` and the declared variables only",
  "OATF-CONDITION-OPERATOR":
    "an object compared by equality has no key that looks like a misspelt condition operator",
  "parse/syntax": "the input is one well-formed YAML 1.2 document",
  "parse/duplicate-key": "no mapping repeats a key",
  "parse/type-mismatch": "every field has the type of its table",
  "parse/missing-field": "required fields are present",
  "parse/unknown-field": "no field outside the document shape",
  "parse/unknown-variant": "closed enumerations hold known values",
  "parse/too-large": "the input stays within the size, node-count, nesting and alias limits",
};

export const EVALUATION_RULE_CHECKS: Readonly<Record<EvaluationRuleId, string>> = {
  "E-UNREADABLE": "the attack and its verdicts can be read",
  "E-NO-INDICATORS": "the attack has indicators to evaluate",
  "W-UNKNOWN-INDICATOR": "every verdict names an indicator of the attack",
  "E-STATE": "given-back state fits these documents",
};

/** What a document rule checks, in one line; undefined for another id. */
export function documentRuleCheck(rule: string): string | undefined {
  return Object.hasOwn(DOCUMENT_RULE_CHECKS, rule)
    ? DOCUMENT_RULE_CHECKS[rule as DocumentRuleId]
    : undefined;
}
