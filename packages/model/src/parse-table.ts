// The `@oatf/model/shape` subpath: the field table `parse` reads with (SDK §3.1) and the
// conformance walk over it (`conform`), for sibling packages that check documents built in
// code with the same walk (validate). Internal to the SDK: on a subpath so the main entry's
// public surface does not carry it.

export {
  type ConformOptions,
  type ConformProblem,
  conform,
  enumMessage,
  isDate,
} from "./conform.js";
export {
  documentJsonSchema,
  ENUM_DESCRIPTIONS_KEYWORD,
  type FieldAnnotation,
  type JsonSchema,
  type JsonSchemaOptions,
} from "./json-schema.js";
export {
  DOCUMENT,
  type Field,
  type FieldType,
  KNOWN_ACTIONS,
  MATCH_CONDITION,
  OPERATOR_KEYS,
  SEVERITY,
  type Shape,
  type ShapeProblem,
  withArticle,
} from "./shape.js";
