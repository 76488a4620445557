// `oatf schema`: print the JSON Schema of an OATF document (the package's schema.json).
import { schemaText } from "../../schema.js";
import { type ParsedArgs, UsageError } from "../shared/args.js";
import { type CliContext, EXIT } from "../shared/context.js";

export const SCHEMA_USAGE = `Usage: oatf schema

Prints the JSON Schema (draft 2020-12) of an OATF document, generated from the field table
the parser reads with; the same text ships as oatf/schema.json. For editors with a YAML
extension, put '# yaml-language-server: $schema=<path or URL of schema.json>' at the top of a
document. Exit code: 0 done, 2 usage error.
`;

export async function schemaCommand(args: ParsedArgs, ctx: CliContext): Promise<number> {
  if (args.positionals.length > 0) throw new UsageError("expected no arguments");
  ctx.stdout.write(schemaText());
  return EXIT.ok;
}
