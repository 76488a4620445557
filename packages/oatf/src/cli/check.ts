// Parse and validate one document into positioned diagnostics (shared by every command).
import {
  type Document,
  getSourceInfo,
  type ParseError,
  parse,
  positionOrAncestor,
} from "@oatf/model";
import { validate } from "@oatf/validate";
import { celFor } from "./cel.js";

export interface FileDiagnostic {
  severity: "error" | "warning";
  /** V-NNN, W-NNN, or `parse/<kind>` for a ParseError without a rule. */
  rule: string;
  message: string;
  path?: string;
  line?: number;
  column?: number;
}

/** A valid document comes with its parsed (not normalized) form. */
export type Checked =
  | { valid: true; document: Document; diagnostics: FileDiagnostic[] }
  | { valid: false; diagnostics: FileDiagnostic[] };

export async function checkDocument(text: string): Promise<Checked> {
  const parsed = parse(text);
  if (!parsed.ok) {
    return { valid: false, diagnostics: parsed.error.map(fromParseError) };
  }
  const document = parsed.value;
  const info = getSourceInfo(document);
  const at = (path: string | undefined, line?: number, column?: number) =>
    line !== undefined
      ? { line, column: column ?? 1 }
      : path === undefined
        ? {}
        : (positionOrAncestor(info, path) ?? {});
  const result = validate(document, { cel: await celFor(document) });
  const diagnostics: FileDiagnostic[] = [
    ...result.errors.map((e) => ({
      severity: "error" as const,
      rule: e.rule,
      message: e.message,
      path: e.path,
      ...at(e.path, e.line, e.column),
    })),
    ...result.warnings.map((w) => ({
      severity: "warning" as const,
      rule: w.code,
      message: w.message,
      ...(w.path === undefined ? {} : { path: w.path }),
      ...at(w.path, w.line, w.column),
    })),
  ];
  diagnostics.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  return result.errors.length === 0
    ? { valid: true, document, diagnostics }
    : { valid: false, diagnostics };
}

function fromParseError(e: ParseError): FileDiagnostic {
  return {
    severity: "error",
    rule: e.rule ?? `parse/${e.kind}`,
    message: e.message,
    ...(e.path === undefined ? {} : { path: e.path }),
    ...(e.line === undefined ? {} : { line: e.line, column: e.column ?? 1 }),
  };
}
