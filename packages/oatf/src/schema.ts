// The JSON Schema shipped as `oatf/schema.json` and printed by `oatf schema`: generated from
// the field table `parse` reads with (@oatf/model/shape), for the versions validate supports,
// with the specification's words on every field (@oatf/language-service, the tables hover
// shows) so YAML editors' hover and completion explain what they offer.
import { type FieldDocumentation, fieldDocumentation } from "@oatf/language-service/documentation";
import { documentJsonSchema, type FieldAnnotation, type JsonSchema } from "@oatf/model/shape";
import { SUPPORTED_VERSIONS } from "@oatf/validate";

/**
 * Where the published package serves this file. Unversioned, so the text does not change with
 * each release; pin a version in a modeline (`oatf@0.1.0`) for reproducible results.
 */
export const SCHEMA_ID = "https://unpkg.com/oatf/schema.json";

/** The schema of an OATF document, as the text of `schema.json` (two-space JSON, final newline). */
export function schemaText(): string {
  const schema: JsonSchema = documentJsonSchema({
    versions: SUPPORTED_VERSIONS,
    id: SCHEMA_ID,
    describe: (shape, key) => {
      const doc = fieldDocumentation(shape, key);
      return doc && annotation(doc);
    },
  });
  return `${JSON.stringify(schema, null, 2)}\n`;
}

/**
 * Most examples a field lists. Editors show every example in hover (yaml-language-server, one
 * block each): the few modes, protocols and frameworks are worth it, the dozens of surfaces and
 * trigger events are not (`oatf lsp` completes those for the actor's mode).
 */
const MAX_EXAMPLES = 8;

function annotation(doc: FieldDocumentation): FieldAnnotation {
  const out: FieldAnnotation = {
    description: `${doc.description}${doc.default ? ` Default: ${doc.default}.` : ""} (${doc.section})`,
  };
  if (doc.values) out.values = doc.values;
  if (doc.examples && doc.examples.length <= MAX_EXAMPLES) out.examples = doc.examples;
  return out;
}
