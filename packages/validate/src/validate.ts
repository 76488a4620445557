// `validate` (SDK §3.2): every V-rule and W-warning over a parsed document,
// all findings at once, in source order.
import {
  type Diagnostic,
  type Document,
  getSourceInfo,
  type ValidationError,
  type ValidationResult,
} from "@oatf/model";
import { checkDocument, checkEnvelope } from "./checks/envelope.js";
import { checkExecution } from "./checks/execution.js";
import { checkIndicators } from "./checks/indicators.js";
import { checkPhases } from "./checks/phases.js";
import { checkStates } from "./checks/state.js";
import { checkTemplates } from "./checks/templates.js";
import { Context, type ValidateOptions } from "./context.js";
import { executionView } from "./execution-view.js";
import { locate } from "./order.js";
import { RULES, type RuleId } from "./rules.js";
import { isObj } from "./values.js";

/**
 * Checks a document returned by `parse` (or built in code) against OATF
 * conformance. Never throws on data: whatever its shape, the result lists every problem.
 * The document is conforming when `errors` is empty; `warnings` never affect that.
 */
export function validate(document: Document, options: ValidateOptions = {}): ValidationResult {
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
  const suppressed = new Set(options.suppressWarnings ?? []);
  const errors = locate(ctx.errors, input, info).map(
    ({ code, path, message, line, column }): ValidationError => ({
      rule: code,
      spec_ref: RULES[code as RuleId].spec_ref,
      message,
      path,
      ...(line !== undefined && { line, column }),
    }),
  );
  const warnings = locate(
    ctx.warnings.filter((w) => !suppressed.has(w.code)),
    input,
    info,
  ).map(
    ({ code, path, message, line, column }): Diagnostic => ({
      severity: "warning",
      code,
      path,
      message,
      ...(line !== undefined && { line, column }),
    }),
  );
  return { errors, warnings };
}
