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
  /**
   * What to say about field `key` of `owner`: a shape, or `"action"` for the known keys of an
   * entry action (`send`, `log`). The model has no prose: a documentation source does.
   */
  describe?: (owner: Shape | "action", key: string) => FieldAnnotation | undefined;
}

/** Annotations of one field, written into its property schema. */
export interface FieldAnnotation {
  /** The property's `description`. */
  description?: string;
  /** The property's `examples`. */
  examples?: readonly unknown[];
  /**
   * A description per value of the field's closed enumeration, written as
   * `markdownEnumDescriptions` beside its `enum` (the keyword of VS Code's JSON and YAML
   * services, which show it in completion and hover). Values without one get "".
   */
  values?: Readonly<Record<string, string>>;
}

/** The one keyword outside JSON Schema that the schema uses: strict validators must be told of it. */
export const ENUM_DESCRIPTIONS_KEYWORD = "markdownEnumDescriptions";

const SEVERITY_LEVEL = SEVERITY.fields.get("level")!.type;

/** `YYYY-MM-DD` or an RFC 3339 date-time with a timezone (what `isDate` accepts, by shape). */
const DATE_PATTERN =
  "^\\d{4}-\\d{2}-\\d{2}([Tt]\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?([Zz]|[+-]\\d{2}:\\d{2}))?$";

/** A shape's title, as its definition is named: `framework mapping` → `Framework Mapping`. */
function titleOf(shape: Shape): string {
  return shape.name.replace(
    /(^|\s)(\w)/g,
    (_, space: string, c: string) => space + c.toUpperCase(),
  );
}

/** `schema` with the field's description and examples. */
function annotated(annotation: FieldAnnotation | undefined, schema: JsonSchema): JsonSchema {
  return {
    ...(annotation?.description === undefined ? {} : { description: annotation.description }),
    ...schema,
    ...(annotation?.examples === undefined ? {} : { examples: [...annotation.examples] }),
  };
}

/** The JSON Schema of an OATF document. Deterministic: the same table gives the same text. */
export function documentJsonSchema(options: JsonSchemaOptions = {}): JsonSchema {
  const builder = new SchemaBuilder(options);
  const { title: _, ...root } = builder.objectSchema(DOCUMENT);
  const { versions } = options;
  if (versions && versions.length > 0) {
    const properties = root.properties as Record<string, JsonSchema>;
    properties.oatf = {
      ...properties.oatf,
      type: "string",
      ...(versions.length === 1 ? { const: versions[0] } : { enum: [...versions] }),
    };
  }
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    ...(options.id === undefined ? {} : { $id: options.id }),
    title: "OATF document",
    description:
      "An Open Agent Threat Format document, as the OATF TypeScript SDK parses it (generated from its field table).",
    ...root,
    $defs: builder.defs,
  };
}

/** The schemas of the shapes a document reaches, each defined once in `defs` and referenced. */
class SchemaBuilder {
  readonly defs: Record<string, JsonSchema> = {};
  readonly #names = new Map<Shape, string>();
  readonly #options: JsonSchemaOptions;

  constructor(options: JsonSchemaOptions) {
    this.#options = options;
  }

  objectSchema(shape: Shape): JsonSchema {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [key, field] of shape.fields) {
      const annotation = this.#options.describe?.(shape, key);
      properties[key] = annotated(annotation, this.#typeSchema(field.type, annotation?.values));
      if (field.required) required.push(key);
    }
    const out: JsonSchema = { title: titleOf(shape), type: "object", properties };
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
  }

  #defName(shape: Shape): string {
    const known = this.#names.get(shape);
    if (known) return known;
    const base = titleOf(shape).replaceAll(" ", "");
    let name = base;
    for (let n = 2; Object.hasOwn(this.defs, name); n++) name = `${base}${n}`;
    this.#names.set(shape, name);
    this.defs[name] = {}; // reserved before recursing: shapes may share sub-shapes
    this.defs[name] = this.objectSchema(shape);
    return name;
  }

  #ref(shape: Shape): JsonSchema {
    return { $ref: `#/$defs/${this.#defName(shape)}` };
  }

  #typeSchema(type: FieldType, values?: FieldAnnotation["values"]): JsonSchema {
    switch (type.kind) {
      case "string":
      case "integer":
      case "number":
      case "boolean":
        return { type: type.kind };
      case "date":
        return { type: "string", pattern: DATE_PATTERN };
      case "enum":
        return values
          ? {
              enum: [...type.values],
              [ENUM_DESCRIPTIONS_KEYWORD]: type.values.map((v) => values[v] ?? ""),
            }
          : { enum: [...type.values] };
      case "value":
        return {};
      case "list":
        return { type: "array", items: this.#typeSchema(type.of, values) };
      case "map":
        return { type: "object", additionalProperties: this.#typeSchema(type.of) };
      case "object":
        return this.#ref(type.shape);
      case "severity":
        return { anyOf: [this.#typeSchema(SEVERITY_LEVEL, values), this.#ref(SEVERITY)] };
      case "condition":
        // A mapping with an operator key is a MatchCondition; anything else is a bare value.
        return {
          if: { type: "object", anyOf: [...OPERATOR_KEYS].map((key) => ({ required: [key] })) },
          // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword
          then: this.#ref(MATCH_CONDITION),
        };
      case "action":
        return {
          type: "object",
          properties: Object.fromEntries(
            [...KNOWN_ACTIONS].map(([key, s]) => [
              key,
              annotated(this.#options.describe?.("action", key), this.#ref(s)),
            ]),
          ),
          propertyNames: { not: { const: "extensions" } },
          minProperties: 1,
        };
    }
  }
}
