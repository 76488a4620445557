// A JSON Schema (draft 2020-12) of the OATF document, generated from the field table `parse`
// reads with (shape.ts), so editors (any YAML extension that speaks JSON Schema) check and
// complete the same fields, types, required fields and closed enumerations that parse does
// (format §3-§6, SDK §2). Like the spec's own schema, it leaves free-form content (`state`,
// `params`, bare condition values) open and cross-field rules to `validate`.
import {
  DOCUMENT,
  type FieldType,
  KNOWN_ACTIONS,
  MATCH_CONDITION,
  OPERATOR_KEYS,
  SEVERITY,
  type Shape,
} from "./shape.js";

export type JsonSchema = { [keyword: string]: unknown };

export interface JsonSchemaOptions {
  /** The `oatf` versions accepted (`const`/`enum` of the `oatf` field); any string when absent. */
  versions?: readonly string[];
  /** The schema's `$id`, when it has a published address. */
  id?: string;
}

const SEVERITY_LEVEL = SEVERITY.fields.get("level")!.type;

/** `YYYY-MM-DD` or an RFC 3339 date-time with a timezone (what `isDate` accepts, by shape). */
const DATE_PATTERN =
  "^\\d{4}-\\d{2}-\\d{2}([Tt]\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?([Zz]|[+-]\\d{2}:\\d{2}))?$";

/** The JSON Schema of an OATF document. Deterministic: the same table gives the same text. */
export function documentJsonSchema(options: JsonSchemaOptions = {}): JsonSchema {
  const defs: Record<string, JsonSchema> = {};
  const names = new Map<Shape, string>();

  const defName = (shape: Shape): string => {
    const known = names.get(shape);
    if (known) return known;
    const base = shape.name.replace(/(^|\s)(\w)/g, (_, _space, c: string) => c.toUpperCase());
    let name = base;
    for (let n = 2; Object.hasOwn(defs, name); n++) name = `${base}${n}`;
    names.set(shape, name);
    defs[name] = {}; // reserved before recursing: shapes may share sub-shapes
    defs[name] = objectSchema(shape);
    return name;
  };
  const ref = (shape: Shape): JsonSchema => ({ $ref: `#/$defs/${defName(shape)}` });

  const typeSchema = (type: FieldType): JsonSchema => {
    switch (type.kind) {
      case "string":
      case "integer":
      case "number":
      case "boolean":
        return { type: type.kind };
      case "date":
        return { type: "string", pattern: DATE_PATTERN };
      case "enum":
        return { enum: [...type.values] };
      case "value":
        return {};
      case "list":
        return { type: "array", items: typeSchema(type.of) };
      case "map":
        return { type: "object", additionalProperties: typeSchema(type.of) };
      case "object":
        return ref(type.shape);
      case "severity":
        return { anyOf: [typeSchema(SEVERITY_LEVEL), ref(SEVERITY)] };
      case "condition":
        // A mapping with an operator key is a MatchCondition; anything else is a bare value.
        return {
          if: { type: "object", anyOf: [...OPERATOR_KEYS].map((key) => ({ required: [key] })) },
          // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword
          then: ref(MATCH_CONDITION),
        };
      case "action":
        return {
          type: "object",
          properties: Object.fromEntries([...KNOWN_ACTIONS].map(([key, s]) => [key, ref(s)])),
          propertyNames: { not: { const: "extensions" } },
          minProperties: 1,
        };
    }
  };

  const objectSchema = (shape: Shape): JsonSchema => {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [key, field] of shape.fields) {
      properties[key] = typeSchema(field.type);
      if (field.required) required.push(key);
    }
    const out: JsonSchema = { type: "object", properties };
    if (required.length > 0) out.required = required;
    if (shape.extensions) out.patternProperties = { "^x-": {} };
    out.additionalProperties = false;
    for (const [keyword, value] of Object.entries(shape.schema ?? {})) {
      if (keyword === "properties") {
        for (const [key, extra] of Object.entries(value as Record<string, JsonSchema>))
          properties[key] = { ...properties[key], ...extra };
      } else {
        out[keyword] = value;
      }
    }
    return out;
  };

  const root = objectSchema(DOCUMENT);
  const { versions } = options;
  if (versions && versions.length > 0) {
    (root.properties as Record<string, JsonSchema>).oatf =
      versions.length === 1
        ? { type: "string", const: versions[0] }
        : { type: "string", enum: [...versions] };
  }
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    ...(options.id === undefined ? {} : { $id: options.id }),
    title: "OATF document",
    description:
      "An Open Agent Threat Format document, as the OATF TypeScript SDK parses it (generated from its field table).",
    ...root,
    $defs: defs,
  };
}
