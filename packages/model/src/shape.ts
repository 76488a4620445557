// The shape of an OATF document, transcribed once from the field tables of
// SDK §2 and the JSON Schema. `parse` reads YAML against it (types, required
// fields, closed enums, unknown fields) and `serialize` writes fields in its
// order, so the two can never disagree about the format.
import type { ValidationRuleId } from "./rule-ids.js";
import {
  CATEGORIES,
  CONDITION_OPERATORS,
  CORRELATION_LOGICS,
  DIRECTIONS,
  EXTRACTOR_SOURCES,
  EXTRACTOR_TYPES,
  IMPACTS,
  INDICATOR_METHODS,
  LOG_LEVELS,
  RELATIONSHIPS,
  SEMANTIC_INTENT_CLASSES,
  SEVERITY_LEVELS,
  STATUSES,
  TIERS,
} from "./types.js";

export type FieldType =
  | { kind: "string" }
  | { kind: "integer" }
  | { kind: "number" }
  | { kind: "boolean" }
  /** ISO 8601 date or date-time, kept as the string written. */
  | { kind: "date" }
  /** A closed enumeration: unknown values are `unknown_variant` (V-005). */
  | { kind: "enum"; name: string; values: readonly string[] }
  /** Any JSON-like value, read without schema checks (state, params, bare conditions). */
  | { kind: "value" }
  | { kind: "list"; of: FieldType }
  | { kind: "map"; of: FieldType }
  | { kind: "object"; shape: Shape }
  /** A scalar severity level or a `Severity` object (SDK §2.4). */
  | { kind: "severity" }
  /** A bare Value (equality) or a `MatchCondition` object (SDK §2.13). */
  | { kind: "condition" }
  /** One action key plus `x-` keys (SDK §2.7a). */
  | { kind: "action" };

export interface Field {
  type: FieldType;
  required?: boolean;
  /** The V-rule a missing (or null) value violates, when there is one. */
  missingRule?: ValidationRuleId;
  /** The V-rule a value of the wrong type violates, when there is one. */
  typeRule?: ValidationRuleId;
}

export interface Shape {
  /** Name used in messages (`indicator`, `phase`). */
  name: string;
  /** Fields in specification order: serialize writes them in this order. */
  fields: ReadonlyMap<string, Field>;
  /** Whether `x-` keys are allowed (and kept in `extensions`). */
  extensions: boolean;
  /**
   * A constraint across fields that field types cannot say (JSON Schema `oneOf`,
   * `minProperties`, `minimum`): what is wrong, and under which key (the object itself
   * when absent). `present` holds the keys written, read or not.
   */
  check?: (read: Record<string, unknown>, present: ReadonlySet<string>) => ShapeProblem | undefined;
  /**
   * The same constraint in JSON Schema terms, for the schema generated from this table
   * (json-schema.ts): keywords added to the object's schema (`properties` merge per field).
   */
  schema?: Readonly<Record<string, unknown>>;
}

export interface ShapeProblem {
  message: string;
  key?: string;
}

const string: FieldType = { kind: "string" };
const integer: FieldType = { kind: "integer" };
const number: FieldType = { kind: "number" };
const boolean: FieldType = { kind: "boolean" };
const value: FieldType = { kind: "value" };
const date: FieldType = { kind: "date" };
const strings: FieldType = { kind: "list", of: string };

/** `noun` with its indefinite article, for messages: "an indicator", "a phase". */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;
}

function closed(name: string, values: readonly string[]): FieldType {
  return { kind: "enum", name, values };
}
function list(of: FieldType): FieldType {
  return { kind: "list", of };
}
function object(shape: Shape): FieldType {
  return { kind: "object", shape };
}
function shape(
  name: string,
  extensions: boolean,
  fields: Record<string, FieldType | Field>,
  check?: Shape["check"],
  schema?: Shape["schema"],
): Shape {
  const map = new Map<string, Field>();
  for (const [key, field] of Object.entries(fields)) {
    map.set(key, "type" in field ? field : { type: field });
  }
  return {
    name,
    fields: map,
    extensions,
    ...(check && { check }),
    ...(schema && { schema }),
  };
}
function required(type: FieldType, rules: Omit<Field, "type" | "required"> = {}): Field {
  return { type, required: true, ...rules };
}

const severityLevel = closed("severity level", SEVERITY_LEVELS);

export const SEVERITY = shape("severity", false, {
  level: required(severityLevel),
  confidence: { type: integer, typeRule: "V-017" },
});

export const MATCH_CONDITION = shape(
  "match condition",
  false,
  {
    contains: string,
    starts_with: string,
    ends_with: string,
    regex: { type: string, typeRule: "V-013" },
    any_of: list(value),
    gt: number,
    lt: number,
    gte: number,
    lte: number,
    exists: boolean,
  },
  // SDK §2.11: at least one operator. A mapping with operator keys is a MatchCondition even
  // when each is null (absent): read as `{}`, it became equality with an empty object.
  (_read, present) =>
    present.size === 0
      ? {
          message:
            "a match condition needs at least one operator with a value (an operator written without one, such as `contains: ~`, is absent)",
        }
      : undefined,
);

/** A MatchPredicate (SDK §2.10): dot-path keys to conditions. */
const predicate: FieldType = { kind: "map", of: { kind: "condition" } };

// Shorthand form: one operator directly on the pattern (N-005 expands it). Every
// operator but `exists`, which is standard form only (format §6.2; the JSON
// Schema's PatternMatch has no `exists` property).
const SHORTHAND_OPERATORS = [...MATCH_CONDITION.fields].filter(([key]) => key !== "exists");

export const PATTERN = shape(
  "pattern",
  false,
  {
    target: { type: string, typeRule: "V-021" },
    condition: { kind: "condition" },
    ...Object.fromEntries(SHORTHAND_OPERATORS),
  },
  // Format §6.2 and the schema's PatternMatch `oneOf`: standard form has `condition`
  // and no operator; shorthand has exactly one operator.
  (_read, present) => {
    const operators = SHORTHAND_OPERATORS.map(([key]) => key).filter((key) => present.has(key));
    if (present.has("condition") && operators.length > 0) {
      return {
        message: `a pattern has either \`condition\` (standard form) or one operator (shorthand), not both; move \`${operators[0]}\` into \`condition\``,
      };
    }
    if (operators.length > 1) {
      return {
        message: `the shorthand form takes one operator, found ${operators.map((k) => `\`${k}\``).join(", ")}; write several in \`condition: {…}\``,
      };
    }
    if (!present.has("condition") && operators.length === 0) {
      return { message: "a pattern needs `condition` or one condition operator (e.g. contains)" };
    }
    return undefined;
  },
  // Exactly one of `condition` and the operators.
  {
    oneOf: ["condition", ...SHORTHAND_OPERATORS.map(([key]) => key)].map((k) => ({
      required: [k],
    })),
  },
);

export const EXPRESSION = shape("expression", false, {
  cel: required(string, { typeRule: "V-014" }),
  variables: { kind: "map", of: string },
});

export const SEMANTIC = shape("semantic", false, {
  target: { type: string, typeRule: "V-021" },
  intent: required(string),
  intent_class: closed("intent class", SEMANTIC_INTENT_CLASSES),
  threshold: { type: number, typeRule: "V-022" },
  // core-types §2.16: at least one of the two (schema `minProperties: 1`).
  examples: object(
    shape(
      "examples",
      false,
      { positive: strings, negative: strings },
      (_read, present) =>
        present.size === 0 ? { message: "examples needs `positive` or `negative`" } : undefined,
      { minProperties: 1 },
    ),
  ),
});

export const INDICATOR = shape("indicator", true, {
  id: string,
  protocol: { type: string, typeRule: "V-034" },
  surface: string,
  target: required(string, { typeRule: "V-021" }),
  actor: string,
  direction: closed("direction", DIRECTIONS),
  method: closed("indicator method", INDICATOR_METHODS),
  description: string,
  pattern: object(PATTERN),
  expression: object(EXPRESSION),
  semantic: object(SEMANTIC),
  confidence: { type: integer, typeRule: "V-025" },
  severity: severityLevel,
  tier: closed("tier", TIERS),
  false_positives: strings,
});

export const SEND = shape("send action", false, { method: required(string), params: value });
export const LOG = shape("log action", false, {
  message: required(string),
  level: closed("log level", LOG_LEVELS),
});

/** The known entry actions (SDK §2.7a); any other single key is binding-specific. */
export const KNOWN_ACTIONS: ReadonlyMap<string, Shape> = new Map([
  ["send", SEND],
  ["log", LOG],
]);

export const EXTRACTOR = shape("extractor", false, {
  name: required(string, { typeRule: "V-037" }),
  source: required(closed("extractor source", EXTRACTOR_SOURCES)),
  type: required(closed("extractor type", EXTRACTOR_TYPES)),
  selector: required(string),
});

export const TRIGGER = shape(
  "trigger",
  false,
  {
    event: string,
    count: integer,
    match: predicate,
    // V-036: a non-string `after` is not a valid duration either.
    after: { type: string, typeRule: "V-036" },
  },
  // Format §5.3: a number of events (schema `minimum: 1`). Validate runs this on documents
  // built in code too, where `count` may be any value (an object without a prototype cannot
  // even be compared): only a number is checked here, the type check reports the rest.
  (read) =>
    typeof read.count === "number" && read.count < 1
      ? { key: "count", message: `trigger count must be at least 1, found ${read.count}` }
      : undefined,
  { properties: { count: { minimum: 1 } } },
);

export const PHASE = shape("phase", true, {
  name: string,
  description: string,
  mode: { type: string, typeRule: "V-034" },
  state: value,
  extractors: list(object(EXTRACTOR)),
  on_enter: list({ kind: "action" }),
  trigger: object(TRIGGER),
});

// V-031: every actor declares a name, a mode and phases.
export const ACTOR = shape("actor", true, {
  name: required(string, { missingRule: "V-031", typeRule: "V-031" }),
  mode: required(string, { missingRule: "V-031", typeRule: "V-034" }),
  phases: required(list(object(PHASE)), { missingRule: "V-031" }),
});

export const EXECUTION = shape("execution", true, {
  mode: { type: string, typeRule: "V-034" },
  state: value,
  phases: list(object(PHASE)),
  actors: list(object(ACTOR)),
});

export const MAPPING = shape("framework mapping", false, {
  framework: required(string),
  id: required(string),
  name: string,
  url: string,
  relationship: closed("relationship", RELATIONSHIPS),
});

export const CLASSIFICATION = shape("classification", false, {
  category: closed("category", CATEGORIES),
  mappings: list(object(MAPPING)),
  tags: strings,
});

export const REFERENCE = shape("reference", false, {
  url: required(string),
  title: string,
  description: string,
});

export const CORRELATION = shape("correlation", false, {
  logic: closed("correlation logic", CORRELATION_LOGICS),
});

/** SDK §2.3, in the order of its table. */
export const ATTACK = shape("attack", true, {
  id: { type: string, typeRule: "V-023" },
  name: string,
  // V-035: a version that is not an integer (`1.5`, `"2"`) is not a positive integer.
  version: { type: integer, typeRule: "V-035" },
  status: closed("status", STATUSES),
  created: date,
  modified: date,
  author: string,
  description: string,
  // V-046: a non-string grace period is not a valid duration.
  grace_period: { type: string, typeRule: "V-046" },
  severity: { kind: "severity" },
  impact: list(closed("impact", IMPACTS)),
  classification: object(CLASSIFICATION),
  references: list(object(REFERENCE)),
  execution: required(object(EXECUTION), { missingRule: "V-004" }),
  indicators: list(object(INDICATOR)),
  correlation: object(CORRELATION),
});

/** SDK §2.2. The root allows no `x-` keys (JSON Schema: additionalProperties false). */
export const DOCUMENT = shape("document", false, {
  oatf: required(string, { missingRule: "V-001", typeRule: "V-001" }),
  $schema: string,
  attack: required(object(ATTACK), { missingRule: "V-003", typeRule: "V-003" }),
});

/** Operator keys: a mapping with any of them is a MatchCondition, not a bare value. */
export const OPERATOR_KEYS: ReadonlySet<string> = new Set(CONDITION_OPERATORS);
