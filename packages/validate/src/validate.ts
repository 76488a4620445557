// `validate` (SDK §3.2): every V-rule and W-warning over a parsed document,
// all findings at once, in source order. `validateRecovered` takes what the recovering
// parse read, so parse problems and the V-rules still checkable come in one pass (this
// package never parses YAML itself, so it does not carry the YAML parser).
import {
  checkPlainTree,
  type Diagnostic,
  type Document,
  getSourceInfo,
  type RecoveredDocument,
  ruleInfo,
  type ValidationError,
  type ValidationResult,
} from "@oatf/model";
import { checkDocument, checkEnvelope } from "./checks/envelope.js";
import { checkExecution } from "./checks/execution.js";
import { checkIndicators } from "./checks/indicators.js";
import { checkPhases } from "./checks/phases.js";
import { checkStates } from "./checks/state.js";
import { checkTemplates } from "./checks/templates.js";
import { checkTypes } from "./checks/types.js";
import { Context, type ValidateOptions } from "./context.js";
import { executionView } from "./execution-view.js";
import { type Located, locate } from "./order.js";
import { RULES, type RuleId } from "./rules.js";
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
  const line = (e: ValidationError) => e.line ?? Number.MAX_SAFE_INTEGER;
  errors.sort((a, b) => line(a) - line(b) || (a.column ?? 0) - (b.column ?? 0));
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
    const { spec_ref } = RULES["V-020"];
    return {
      errors: [
        { severity: "error", rule: "V-020", spec_ref, message: tree.message, path: tree.path },
      ],
      warnings: [],
    };
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
  const errors = locate(ctx.errors, input, info).map(
    (finding): ValidationError => ({
      severity: "error",
      rule: finding.code,
      message: finding.message,
      path: finding.path,
      spec_ref: ruleInfo(finding.code)?.spec_ref ?? RULES[finding.code as RuleId].spec_ref,
      ...position(finding),
    }),
  );
  const warnings = locate(
    ctx.warnings.filter((w) => !suppressed.has(w.code)),
    input,
    info,
  ).map((finding): Diagnostic => {
    // Every warning code is in the rule tables; OATF-V014-SKIPPED has no spec reference.
    const { spec_ref } = ruleInfo(finding.code)!;
    return {
      severity: "warning",
      rule: finding.code,
      message: finding.message,
      path: finding.path,
      ...(spec_ref !== undefined && { spec_ref }),
      ...position(finding),
      code: finding.code,
    };
  });
  return { errors, warnings };
}

function position({ range, line, column }: Located): Pick<Diagnostic, "range" | "line" | "column"> {
  return {
    ...(range && { range }),
    ...(line !== undefined && { line, column }),
  };
}
