// `validate` (SDK §3.2): every V-rule and W-warning over a parsed document,
// all findings at once, in source order. `validateRecovered` takes what the recovering
// parse read, so parse problems and the V-rules still checkable come in one pass (this
// package never parses YAML itself, so it does not carry the YAML parser).
import {
  type Diagnostic,
  type Document,
  getSourceInfo,
  type RecoveredDocument,
  type ValidationError,
  type ValidationResult,
} from "@oatf/model";
import { checkPlainTree, documentDiagnostic } from "@oatf/model/internal";
import { checkDocument, checkEnvelope } from "./checks/envelope.js";
import { checkExecution } from "./checks/execution.js";
import { checkIndicators } from "./checks/indicators.js";
import { checkPhases } from "./checks/phases.js";
import { checkStates } from "./checks/state.js";
import { checkTemplates } from "./checks/templates.js";
import { checkTypes } from "./checks/types.js";
import { Context, type FindingData, type ValidateOptions } from "./context.js";
import { executionView } from "./execution-view.js";
import { type Located, locate } from "./order.js";
import { dependsOnUnreadable } from "./unreadable.js";
import { isObj } from "./values.js";

/**
 * Validates what `parseRecovering` read: its parse problems (`ParseError`s, see
 * `isParseError`) together with every rule and warning still checkable on the readable
 * parts, leaving out only the findings that depend on the unreadable ones. This is what
 * `validate` over text in the `oatf` package does.
 */
export function validateRecovered(
  recovered: RecoveredDocument,
  options: ValidateOptions = {},
): ValidationResult {
  if (!recovered.document) return { errors: [...recovered.errors], warnings: [] };
  const result = validate(recovered.document, options);
  if (recovered.errors.length === 0) return result;
  const skip = dependsOnUnreadable(recovered.unreadable, recovered.errors, recovered.document);
  const errors: ValidationError[] = [...recovered.errors, ...result.errors.filter((e) => !skip(e))];
  // Stable: at one position, parse problems come first.
  const line = (e: ValidationError) => e.range?.start.line ?? Number.MAX_SAFE_INTEGER;
  const column = (e: ValidationError) => e.range?.start.column ?? 0;
  errors.sort((a, b) => line(a) - line(b) || column(a) - column(b));
  return { errors, warnings: result.warnings.filter((w) => !skip(w)) };
}

/**
 * Checks a document returned by `parse` (or built in code) against OATF
 * conformance. Never throws on data: whatever its shape, the result lists every problem.
 * The document is conforming when `errors` is empty; `warnings` never affect that.
 */
export function validate(document: Document, options: ValidateOptions = {}): ValidationResult {
  // Checks walk the document recursively: a cyclic, too deep or too large one built in
  // code is refused first (only `parse` output is known to be a bounded tree).
  const tree = checkPlainTree(document);
  if (tree !== undefined) {
    const error = documentDiagnostic("V-020", tree.message, { path: tree.path }) as ValidationError;
    return { errors: [error], warnings: [] };
  }
  const ctx = new Context(options);
  const input: unknown = document;
  const info = isObj(input) ? getSourceInfo(document) : undefined;
  const attack = checkDocument(ctx, input, info);
  if (attack) {
    const view = executionView(attack);
    checkEnvelope(ctx, attack);
    checkExecution(ctx, view);
    checkPhases(ctx, view);
    checkStates(ctx, view);
    checkTemplates(ctx, view);
    checkIndicators(ctx, attack, view);
  }
  checkTypes(ctx, input);
  const suppressed = new Set(options.suppressWarnings ?? []);
  const errors = locate(ctx.errors, input, info).map((d) => located(d) as ValidationError);
  const warnings = locate(
    ctx.warnings.filter((w) => !suppressed.has(w.rule)),
    input,
    info,
  ).map(located);
  return { errors, warnings };
}

/**
 * What the check that reported each diagnostic found besides its message (`FindingData`, when
 * anything), kept out of the diagnostic itself (SDK §7's shape) and read back by `checkText`.
 */
export const findingData = new WeakMap<Diagnostic, FindingData | undefined>();

/** The diagnostic, its fields in the one order (severity, rule, message, path, spec_ref, range). */
function located({ rule, message, path, range, data }: Located): Diagnostic {
  const d = documentDiagnostic(rule, message, { path, ...(range && { range }) });
  findingData.set(d, data);
  return d;
}
