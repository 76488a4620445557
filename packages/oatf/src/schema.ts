// The JSON Schema shipped as `oatf/schema.json` and printed by `oatf schema`: generated from
// the field table `parse` reads with (@oatf/model/shape), for the versions validate supports.
import { documentJsonSchema, type JsonSchema } from "@oatf/model/shape";
import { SUPPORTED_VERSIONS } from "@oatf/validate";

/** The schema of an OATF document, as the text of `schema.json` (two-space JSON, final newline). */
export function schemaText(): string {
  const schema: JsonSchema = documentJsonSchema({ versions: SUPPORTED_VERSIONS });
  return `${JSON.stringify(schema, null, 2)}\n`;
}
