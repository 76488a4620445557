// Test support for the rule tests: what validate reports, reduced to rule, path and message
// (spec references and positions have their own tests in validate.test.ts).
import { type Diagnostic, type Document, parse } from "@oatf/model";
import { enumMessage } from "@oatf/model/shape";
import { type ValidateOptions, validate } from "@oatf/validate";
import { celStub } from "./support.js";

/** A diagnostic reduced to what the rule tests compare. */
export type Brief = { rule: string; path: string; message: string };

/** Validates a document built in code, or YAML text (which must parse). */
export function findings(
  document: unknown,
  options: ValidateOptions = { cel: celStub },
): { errors: Brief[]; warnings: Brief[] } {
  const input = typeof document === "string" ? parsed(document) : (document as Document);
  const { errors, warnings } = validate(input, options);
  const brief = ({ rule, path, message }: Diagnostic): Brief => ({
    rule,
    path: path ?? "",
    message,
  });
  return { errors: errors.map(brief), warnings: warnings.map(brief) };
}

function parsed(yaml: string): Document {
  const result = parse(yaml);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

/** A conforming document around `attack` (an MCP server with an empty tool list by default). */
export function withAttack(attack: Record<string, unknown>): Record<string, unknown> {
  return {
    oatf: "0.1",
    attack: { execution: { mode: "mcp_server", state: { tools: [] } }, ...attack },
  };
}

/** The V-005 finding for `value` at `path`, which must be one of `allowed`. */
export function notAllowed(path: string, value: string, allowed: readonly string[]): Brief {
  return {
    rule: "V-005",
    path,
    message: enumMessage(
      path.slice(path.lastIndexOf(".") + 1).replaceAll("_", " "),
      value,
      allowed,
    ),
  };
}
