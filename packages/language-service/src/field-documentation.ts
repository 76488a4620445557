// What the specification says about a document field, as data for tools that describe fields
// outside an editor session: `oatf schema` writes it into the JSON Schema (descriptions,
// examples, enum descriptions) that YAML editors show. Hover reads the same tables.
import { KNOWN_FRAMEWORKS } from "@oatf/model";
import type { FieldType, Shape } from "@oatf/model/shape";
import { eventsFor, KNOWN_MODES, KNOWN_PROTOCOLS, PROTOCOL_OPERATIONS } from "@oatf/registries";
import {
  FIELD_DOCS,
  type FieldDoc,
  NOTATION_EXAMPLES,
  type SectionDoc,
  VALUE_DOCS,
} from "./field-docs.js";
import { fieldDoc } from "./schema.js";

export interface FieldDocumentation {
  /** The type as the SDK §2 table writes it (`Optional<Duration>`). */
  type: string;
  /** The specification's description (Markdown: code in backticks). */
  description: string;
  /** The default the table gives (`` `draft` ``), when there is one. */
  default?: string;
  /** Where it is specified: `SDK §2.3 Attack`. */
  section: string;
  /** Each value's description, where the format specification lists the values (format §3–§6). */
  values?: Readonly<Record<string, string>>;
  /**
   * Values an open field is known to take (modes, protocols, frameworks, surfaces, trigger
   * events: the included bindings') or examples of its notation (durations, dates: format §1.5).
   */
  examples?: readonly string[];
}

/** Closed enumerations (their names in the model) → the format section listing their values. */
const ENUM_VALUES: Readonly<Record<string, string>> = {
  status: "attack.status",
  "severity level": "attack.severity.level",
  impact: "attack.impact",
  category: "attack.classification.category",
  relationship: "mapping.relationship",
  "correlation logic": "correlation.logic",
  "extractor type": "extractor.type",
};

const SURFACES = Object.values(PROTOCOL_OPERATIONS).flat();
const EVENTS = [...new Set(KNOWN_MODES.flatMap((mode) => eventsFor(mode) ?? []))];

/**
 * The specification's documentation of field `key` of `owner` (a shape of `@oatf/model/shape`,
 * or `"action"` for an entry action's key, `send` or `log`); undefined for an unknown field.
 */
export function fieldDocumentation(
  owner: Shape | "action",
  key: string,
): FieldDocumentation | undefined {
  if (owner === "action") {
    const action = FIELD_DOCS.Action as SectionDoc;
    const doc = Object.hasOwn(action.fields, key) ? (action.fields[key] as FieldDoc) : undefined;
    return (
      doc && {
        type: doc.type,
        description: doc.description,
        section: `${action.section} ${action.title}`,
      }
    );
  }
  const shape = owner;
  const found = fieldDoc(shape, key);
  const field = shape.fields.get(key);
  if (!found || !field) return undefined;
  const out: FieldDocumentation = {
    type: found.doc.type,
    description: found.doc.description,
    section: `${found.section.section} ${found.section.title}`,
  };
  if (found.doc.default) out.default = found.doc.default;
  const values = valuesOf(shape, key, field.type);
  if (values) out.values = values;
  const examples = examplesOf(shape, key, found.doc.type);
  if (examples) out.examples = examples;
  return out;
}

function valuesOf(shape: Shape, key: string, type: FieldType) {
  const element = type.kind === "list" ? type.of : type;
  if (element.kind === "enum") return VALUE_DOCS[ENUM_VALUES[element.name] ?? ""];
  if (element.kind === "severity") return VALUE_DOCS[ENUM_VALUES["severity level"]!];
  // Open strings the format lists values of: every mode field takes the values of execution.mode.
  if (key === "mode") return VALUE_DOCS["execution.mode"];
  if (shape.name === "framework mapping" && key === "framework")
    return VALUE_DOCS["mapping.framework"];
  return undefined;
}

function examplesOf(shape: Shape, key: string, type: string): readonly string[] | undefined {
  if (key === "mode") return KNOWN_MODES;
  if (shape.name === "indicator" && key === "protocol") return KNOWN_PROTOCOLS;
  if (shape.name === "indicator" && key === "surface") return SURFACES;
  if (shape.name === "trigger" && key === "event") return EVENTS;
  if (shape.name === "framework mapping" && key === "framework") return KNOWN_FRAMEWORKS;
  if (type.includes("Duration")) return NOTATION_EXAMPLES.duration;
  if (type.includes("DateTime")) return NOTATION_EXAMPLES.datetime;
  return undefined;
}
