// Every rule a diagnostic can name (SDK §3.2 rule table, SDK §7.0 warnings, SDK §3.1 parse
// problems, SDK §4.5 verdict errors), with the spec reference it carries. One table and one
// closed union, so parse, validate, evaluate and every formatter agree on the ids.
// Each rule has its severity here, so a diagnostic's severity follows from its rule.
// A `spec_ref` starting with `SDK` names a section of the SDK specification; otherwise the format specification.

import { DOCUMENT_RULE_CHECKS, EVALUATION_RULE_CHECKS } from "./rule-checks.js";
import type { DiagnosticSeverity, EvaluationErrorKind } from "./types.js";

// The entries are written as calls, not object literals: minified, `"V-001":e("…")`
// is half the bytes of the literal, and the tables are in every bundle that parses (about
// 1.7 kB of a browser's first load). Marked free of side effects, so a bundle that does not
// use a table still leaves it out.

/** The entry of a rule whose diagnostics are errors. */
/* @__NO_SIDE_EFFECTS__ */
function error<const R extends string>(
  spec_ref: R,
): { readonly severity: "error"; readonly spec_ref: R } {
  return { severity: "error", spec_ref };
}

/** The entry of a rule whose diagnostics are warnings. */
/* @__NO_SIDE_EFFECTS__ */
function warning<const R extends string>(
  spec_ref: R,
): { readonly severity: "warning"; readonly spec_ref: R } {
  return { severity: "warning", spec_ref };
}

/** SDK §3.2: V-001..V-049. */
export const VALIDATION_RULES = {
  "V-001": error("§11.1.1"),
  "V-002": error("§11.1.2"),
  "V-003": error("§11.1.3"),
  "V-004": error("§11.1.4"),
  "V-005": error("§11.1.5"),
  "V-006": error("§11.1.9"),
  "V-007": error("§11.1.7, §11.1.8"),
  "V-008": error("§11.1.7"),
  "V-009": error("§11.1.7"),
  "V-010": error("§11.1.10"),
  "V-011": error("§11.1.7"),
  "V-012": error("§11.1.11"),
  "V-013": error("§6.2"),
  "V-014": error("§6.3"),
  "V-015": error("§5.5"),
  "V-016": error("§5.7"),
  "V-017": error("§4.3"),
  "V-018": warning("§7"),
  "V-019": error("§5.3"),
  "V-020": error("§11.1.1"),
  "V-021": error("§6.1, §6.2, §6.4"),
  "V-022": error("§6.4"),
  "V-023": error("§4.2"),
  "V-024": error("§6.1"),
  "V-025": error("§6.1"),
  "V-026": error("§6.3"),
  "V-027": error("§5.4"),
  "V-028": error("§5.1"),
  "V-029": warning("§7"),
  "V-030": error("§5.1"),
  "V-031": error("§5.1"),
  "V-032": error("§5.5"),
  "V-033": error("§11.1.14"),
  "V-034": error("§5.1"),
  "V-035": error("§4.2"),
  "V-036": error("§5.2"),
  "V-037": error("§5.5"),
  "V-038": error("§11.1.7"),
  "V-039": error("§11.1.15"),
  "V-040": error("§5.3"),
  "V-041": error("§11.1.16"),
  "V-042": error("§5.5"),
  "V-043": error("§5.2"),
  "V-044": error("§5.2"),
  "V-045": error("§4.2"),
  "V-046": error("§4.2"),
  "V-047": error("§2.3a"),
  "V-048": error("§6.1"),
  "V-049": error("§6.1"),
} as const satisfies Record<`V-${string}`, { severity: DiagnosticSeverity; spec_ref: string }>;

/**
 * Warning codes. W-001..W-007 are SDK §7.0's. V-018 and V-029 are warnings by
 * the spec's own text (SHOULD-level), so they keep their rule number as the code,
 * as the upstream conformance fixtures expect. The `OATF-` codes are the SDK's own (SDK §7.0
 * lets SDKs define more warning codes), with no spec reference.
 */
export const WARNING_RULES = {
  "W-001": warning("SDK §7.0"),
  "W-002": warning("SDK §7.0"),
  "W-003": warning("SDK §7.0"),
  "W-004": warning("SDK §7.0"),
  "W-005": warning("SDK §7.0"),
  "W-006": warning("SDK §7.0"),
  "W-007": warning("SDK §7.0"),
  "V-018": warning("§7"),
  "V-029": warning("§7"),
  "OATF-V014-SKIPPED": {
    severity: "warning",
  },
  "OATF-V014-FUNCTION": {
    severity: "warning",
  },
  "OATF-V014-VARIABLE": {
    severity: "warning",
  },
  "OATF-CONDITION-OPERATOR": {
    severity: "warning",
  },
} as const satisfies Record<string, { severity: DiagnosticSeverity; spec_ref?: string }>;

/**
 * Problems `parse` finds before any V-rule can be checked (SDK §3.1). A parse problem that is
 * the same as a V-rule (V-001, V-003, V-004, V-005, V-020, …) names that rule instead.
 */
export const PARSE_RULES = {
  "parse/syntax": error("SDK §3.1"),
  "parse/duplicate-key": error("SDK §3.1"),
  "parse/type-mismatch": error("SDK §3.1"),
  "parse/missing-field": error("SDK §3.1"),
  "parse/unknown-field": error("SDK §3.1"),
  "parse/unknown-variant": error("SDK §3.1"),
  "parse/too-large": error("format §12.1"),
} as const satisfies Record<`parse/${string}`, { severity: DiagnosticSeverity; spec_ref: string }>;

/**
 * Errors and warnings of `computeVerdict` / `evaluateTrace` (SDK §4.5) that no table numbers,
 * and of the evaluation state a monitor or a merge is given back (a snapshot, shards' verdicts).
 */
export const EVALUATION_RULES = {
  "E-UNREADABLE": error("SDK §4.5"),
  "E-NO-INDICATORS": error("SDK §4.5"),
  "W-UNKNOWN-INDICATOR": warning("SDK §4.5"),
  "E-STATE": error("SDK §4.5"),
} as const satisfies Record<string, { severity: DiagnosticSeverity; spec_ref: string }>;

/**
 * The kinds of SDK §7.3's `EvaluationError` (an indicator's runtime error, carried as its
 * verdict's evidence rather than as a diagnostic), with the section that defines each: the
 * same table as the rules, so every error the SDK reports has one place that says what it is.
 */
export const EVALUATION_ERROR_KINDS_TABLE = {
  path_resolution: {
    spec_ref: "SDK §4.2",
    check: "an indicator's target and variable paths compile",
  },
  regex_timeout: { spec_ref: "SDK §4.2", check: "a regex condition ends within the match limit" },
  cel_error: { spec_ref: "SDK §4.3", check: "a CEL expression evaluates without a runtime error" },
  type_error: { spec_ref: "SDK §4.3", check: "a CEL expression yields a boolean" },
  semantic_error: { spec_ref: "SDK §4.4", check: "the semantic evaluator answers" },
  unsupported_method: {
    spec_ref: "SDK §6.1",
    check: "the method (or CEL function) has an evaluator that supports it",
  },
} as const satisfies Record<EvaluationErrorKind, { spec_ref: string; check: string }>;

/**
 * What trace readers say about lines that are not (entirely) messages (SDK §4.1: the tool
 * builds messages from its wire format; format §12.1: traces are untrusted). `stops`: reading
 * stopped there, nothing after it is read. `unattributed`: a message was read but could not
 * be correlated or attributed with certainty; it was evaluated against every indicator it
 * could belong to, and a run gate fails unless the user accepts this
 * (`oatf evaluate --allow-uncorrelated`).
 */
/** Where the trace readers' rules come from: SDK §4.1, the observed message they produce. */
const READING = "SDK §4.1";

export const TRACE_RULES = {
  "T-FORMAT": {
    severity: "error",
    spec_ref: READING,
    check: "the trace format is given or shows in the first lines",
    stops: true,
  },
  "T-FORMAT-MIXED": {
    severity: "warning",
    spec_ref: READING,
    check: "the first lines show one format",
  },
  "T-LINE-TOO-LONG": {
    severity: "error",
    spec_ref: "format §12.1",
    check: "a line (an SSE event) stays within the length limit",
  },
  "T-JSON": { severity: "error", spec_ref: READING, check: "a line is JSON" },
  "T-SHAPE": {
    severity: "error",
    spec_ref: READING,
    check: "a line has the shape of its trace format",
  },
  "T-ACTOR": {
    severity: "error",
    spec_ref: READING,
    check: "a line's actor is an actor of the documents",
  },
  "T-ACTOR-MODES": {
    severity: "warning",
    spec_ref: READING,
    check: "the documents give a line's actor one mode",
  },
  "T-DUPLICATE-ID": {
    severity: "warning",
    spec_ref: READING,
    check: "a request id is not reused before its response",
  },
  "T-UNCORRELATED": {
    severity: "warning",
    spec_ref: READING,
    check: "a response has an earlier request of its id",
    unattributed: true,
  },
  "T-AMBIGUOUS-ID": {
    severity: "warning",
    spec_ref: READING,
    check: "a response's id is carried by one pending request",
    unattributed: true,
  },
  "T-ID-NULL": {
    severity: "warning",
    spec_ref: READING,
    check: "an error answers a request",
  },
  "T-PROTOCOL": {
    severity: "warning",
    spec_ref: READING,
    check: "a connection's methods belong to its protocol",
    unattributed: true,
  },
  "T-PENDING-LIMIT": {
    severity: "warning",
    spec_ref: READING,
    check: "requests awaiting a response and connections stay within their bounds",
    unattributed: true,
  },
  "T-HAR": {
    severity: "error",
    spec_ref: READING,
    check: "a HAR is whole JSON and its entries are objects (base64 bodies decode)",
  },
  "T-HAR-NO-BODY": {
    severity: "error",
    spec_ref: READING,
    check: "a protocol entry's response body is in the HAR",
  },
  "T-HAR-TRAILING": {
    // An error: what follows is not read, and may be a recording whose first line a peer
    // wrote as a HAR (the opening `{"log":` tells a HAR before any line).
    severity: "error",
    spec_ref: READING,
    check: "nothing follows the HAR document",
  },
  "T-HAR-UNREAD": {
    severity: "warning",
    spec_ref: READING,
    check: "a protocol entry's body is JSON or SSE",
  },
  "T-HAR-SKIPPED": {
    severity: "warning",
    spec_ref: READING,
    check: "a HAR entry carries an MCP, A2A or AG-UI message",
  },
  "T-HAR-SESSIONS": {
    severity: "warning",
    spec_ref: READING,
    check: "sessions kept across HAR entries stay within their bound",
  },
  "T-OTLP": {
    severity: "warning",
    spec_ref: READING,
    check: "a span is an MCP or A2A call and carries its content",
  },
  "T-A2A-ITEM": {
    severity: "warning",
    spec_ref: "§7.2.2",
    check: "an A2A stream item is a Task, a Message or a status / artifact update",
  },
} as const satisfies Record<`T-${string}`, RuleInfo & { spec_ref: string }>;

/**
 * What a tool's user can configure wrong, reported as a diagnostic instead of thrown (issue
 * 34): a broker URL (`@oatf/redis-streams`), a stream the broker cannot use. No spec section
 * defines these: they are the SDK's tools' own.
 */
export const CONFIGURATION_RULES = {
  "C-BROKER-URL": { severity: "error", check: "a broker URL names a server that answers" },
  "C-BROKER-STREAM": { severity: "error", check: "a stream's shards and names suit its broker" },
} as const satisfies Record<`C-${string}`, RuleInfo>;

export type ValidationRuleId = keyof typeof VALIDATION_RULES;
export type WarningRuleId = keyof typeof WARNING_RULES;
export type ParseRuleId = keyof typeof PARSE_RULES;
export type EvaluationRuleId = keyof typeof EVALUATION_RULES;
export type TraceRuleId = keyof typeof TRACE_RULES;
export type ConfigurationRuleId = keyof typeof CONFIGURATION_RULES;

/** Every id a diagnostic's `rule` can hold: a closed union, checked by the compiler. */
export type DiagnosticRule =
  | ValidationRuleId
  | WarningRuleId
  | ParseRuleId
  | EvaluationRuleId
  | TraceRuleId
  | ConfigurationRuleId;

export interface RuleInfo {
  /** The severity of every diagnostic that names the rule. */
  severity: DiagnosticSeverity;
  spec_ref?: string;
  /** What the rule checks, in one line. */
  check: string;
  /** Reading stopped at this problem: nothing after it is read (a trace rule). */
  stops?: true;
  /** A message was read without certain correlation or attribution (a trace rule). */
  unattributed?: true;
}

/** A table's entry: a document or evaluation rule's `check` is in rule-checks.ts (see there why). */
type RuleEntry = Omit<RuleInfo, "check"> & { check?: string };

const TABLES: readonly Record<string, RuleEntry>[] = [
  VALIDATION_RULES,
  WARNING_RULES,
  PARSE_RULES,
  EVALUATION_RULES,
  TRACE_RULES,
  CONFIGURATION_RULES,
];

/** The ids of what `parse` and `validate` report about a document. */
export type DocumentRuleId = ValidationRuleId | WarningRuleId | ParseRuleId;

const DOCUMENT_TABLES: readonly Record<string, RuleEntry>[] = [
  VALIDATION_RULES,
  WARNING_RULES,
  PARSE_RULES,
];

/** The table entry of a rule id; undefined for a string that is not one. */
export function ruleInfo(rule: string): RuleInfo | undefined {
  const entry = entryIn(TABLES, rule);
  if (entry === undefined || entry.check !== undefined) return entry as RuleInfo | undefined;
  const check = Object.hasOwn(EVALUATION_RULES, rule)
    ? EVALUATION_RULE_CHECKS[rule as EvaluationRuleId]
    : DOCUMENT_RULE_CHECKS[rule as DocumentRuleId];
  return { ...entry, check };
}

/**
 * `ruleInfo` for the rules of a document (V-, W- and parse ids) only: code that checks
 * documents looks its rules up here, so a bundle of it need not hold the trace and
 * evaluation tables.
 */
export function documentRuleInfo(rule: string): Omit<RuleInfo, "check"> | undefined {
  return entryIn(DOCUMENT_TABLES, rule);
}

function entryIn(
  tables: readonly Record<string, RuleEntry>[],
  rule: string,
): RuleEntry | undefined {
  for (const table of tables) if (Object.hasOwn(table, rule)) return table[rule];
  return undefined;
}

/** Whether `rule` is one of the ids of `DiagnosticRule`. */
export function isDiagnosticRule(rule: unknown): rule is DiagnosticRule {
  return typeof rule === "string" && ruleInfo(rule) !== undefined;
}
