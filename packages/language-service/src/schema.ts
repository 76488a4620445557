// What the document's shape (SDK §2 field tables, `@oatf/model/shape`, the table `parse`
// reads with) allows at a dot-path: the field, its type and the shape that owns it. One
// source with parse, so completion and hover never offer what parse would reject.
import {
  DOCUMENT,
  type Field,
  type FieldType,
  KNOWN_ACTIONS,
  MATCH_CONDITION,
  SEVERITY,
  type Shape,
} from "@oatf/model/shape";
import { FIELD_DOCS, type FieldDoc, type SectionDoc } from "./field-docs.js";

export type Segment = string | number;

export interface Resolved {
  /** The type of the value at the path. */
  type: FieldType;
  /** The field's table entry, when the last segment is a field of a shape. */
  field?: Field;
  /** The shape the last segment is a field of. */
  owner?: Shape;
  /** The last segment, when a key. */
  key?: string;
}

const ROOT: FieldType = { kind: "object", shape: DOCUMENT };
const VALUE: FieldType = { kind: "value" };

/** The object shape a value of `type` may be written as (severity and condition have two forms). */
export function shapeOf(type: FieldType): Shape | undefined {
  if (type.kind === "object") return type.shape;
  if (type.kind === "severity") return SEVERITY;
  if (type.kind === "condition") return MATCH_CONDITION;
  return undefined;
}

/** The type at `path`, or undefined where the shape has no such field. */
export function resolve(path: readonly Segment[]): Resolved | undefined {
  let current: Resolved = { type: ROOT };
  for (const segment of path) {
    const next = step(current.type, segment);
    if (!next) return undefined;
    current = next;
  }
  return current;
}

function step(type: FieldType, segment: Segment): Resolved | undefined {
  if (type.kind === "value") return { type: VALUE };
  if (type.kind === "list") return typeof segment === "number" ? { type: type.of } : undefined;
  if (type.kind === "map") return { type: type.of, key: String(segment) };
  if (typeof segment !== "string") return undefined;
  if (type.kind === "action") {
    const known = KNOWN_ACTIONS.get(segment);
    return { type: known ? { kind: "object", shape: known } : VALUE, key: segment };
  }
  const shape = shapeOf(type);
  if (!shape) return undefined;
  const field = shape.fields.get(segment);
  if (field) return { type: field.type, field, owner: shape, key: segment };
  if (shape.extensions && segment.startsWith("x-"))
    return { type: VALUE, owner: shape, key: segment };
  return undefined;
}

/** The field names an object of `type` may have at a new key (actions: the known ones). */
export function fieldNames(type: FieldType): string[] {
  if (type.kind === "action") return [...KNOWN_ACTIONS.keys()];
  const shape = shapeOf(type);
  return shape ? [...shape.fields.keys()] : [];
}

/** The closed enum values of `type` (list elements included), if it is one. */
export function enumValues(type: FieldType): readonly string[] | undefined {
  if (type.kind === "enum") return type.values;
  if (type.kind === "list" && type.of.kind === "enum") return type.of.values;
  if (type.kind === "severity") {
    const level = SEVERITY.fields.get("level")?.type;
    return level?.kind === "enum" ? level.values : undefined;
  }
  return undefined;
}

/** Shape name (`parse`'s messages) → the SDK §2 section that tables its fields. */
const SECTION_OF: Readonly<Record<string, string>> = {
  document: "Document",
  attack: "Attack",
  correlation: "Correlation",
  severity: "Severity",
  classification: "Classification",
  execution: "Execution",
  actor: "Actor",
  phase: "Phase",
  "send action": "Action",
  "log action": "Action",
  trigger: "Trigger",
  extractor: "Extractor",
  "match condition": "MatchCondition",
  indicator: "Indicator",
  pattern: "PatternMatch",
  expression: "ExpressionMatch",
  semantic: "SemanticMatch",
  examples: "SemanticExamples",
  reference: "Reference",
  "framework mapping": "FrameworkMapping",
};

/**
 * Fields the SDK §2 tables do not row: the pattern shorthand operators (rowed under
 * MatchCondition, format §6.2), the fields of the known actions (SDK §2.7a describes them in
 * prose) and `indicator.tier` (seeds/001 §4.5, an addendum the spec README lists).
 */
const SUPPLEMENT: Readonly<Record<string, { doc: FieldDoc; section: SectionDoc }>> = {
  "indicator.tier": {
    doc: {
      type: "`Optional<Tier>`",
      description:
        "How far the attack got when this indicator matches: `ingested` < `local_action` < `boundary_breach`. No default; the verdict's `max_tier` is the highest matched tier.",
    },
    section: { section: "SDK §4.5", title: "Tier computation (addendum)", fields: {} },
  },
  ...actionField(
    "send action",
    "method",
    "`String`",
    "The protocol method name of the message to send.",
  ),
  ...actionField(
    "send action",
    "params",
    "`Optional<Value>`",
    "Protocol-native message parameters (pass-through).",
  ),
  ...actionField(
    "log action",
    "message",
    "`String`",
    "The message to log; supports `{{template}}` interpolation.",
  ),
  ...actionField("log action", "level", "`Optional<LogLevel>`", "`info`, `warn` or `error`."),
};

function actionField(shape: string, key: string, type: string, description: string) {
  const section = FIELD_DOCS.Action as SectionDoc;
  return { [`${shape}.${key}`]: { doc: { type, description }, section } };
}

/** The specification's table entry for field `key` of `shape`, and its section. */
export function fieldDoc(
  shape: Shape | undefined,
  key: string,
): { doc: FieldDoc; section: SectionDoc } | undefined {
  if (!shape) return undefined;
  const supplement = SUPPLEMENT[`${shape.name}.${key}`];
  if (supplement) return supplement;
  // The shorthand operators of a pattern are MatchCondition's (format §6.2).
  const section =
    shape.name === "pattern" && key !== "target" && key !== "condition"
      ? FIELD_DOCS.MatchCondition
      : sectionOf(shape);
  // The Document table calls `$schema` `schema` (its name in code).
  const name = key === "$schema" ? "schema" : key;
  if (!section || !Object.hasOwn(section.fields, name)) return undefined;
  return { doc: section.fields[name] as FieldDoc, section };
}

/** The section documenting a shape, for fields it has no row for. */
export function sectionOf(shape: Shape | undefined): SectionDoc | undefined {
  const title = shape ? SECTION_OF[shape.name] : undefined;
  return title ? FIELD_DOCS[title] : undefined;
}

/** A type in words, for hover: `list of string`, `one of: draft, …`. */
export function describeType(type: FieldType): string {
  switch (type.kind) {
    case "enum":
      return `${type.name}: one of ${type.values.map((v) => `\`${v}\``).join(", ")}`;
    case "list":
      return `list of ${describeType(type.of)}`;
    case "map":
      return `map of ${describeType(type.of)}`;
    case "object":
      return type.shape.name;
    case "severity":
      return "severity level or `{level, confidence}`";
    case "condition":
      return "value (equality) or match condition";
    case "action":
      return "entry action (`send`, `log` or a binding-specific key)";
    default:
      return type.kind;
  }
}
