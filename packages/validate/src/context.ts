// Where checks report to. A check says which rule failed, where (dot-path) and why, as the
// one `Diagnostic` shape (severity from the rule table); spec references, source ranges
// and ordering are added once, in `validate`.

import type { CelEvaluator } from "@oatf/model";
import {
  type Diagnostic,
  diagnostic,
  type ParseRuleId,
  type SourcePoint,
  type ValidationRuleId,
  type WarningRuleId,
} from "@oatf/model";

export interface ValidateOptions {
  /**
   * CEL syntax checker for V-014 (its optional `check` method is used). Without
   * one, V-014 cannot run and validate warns `OATF-V014-SKIPPED` instead of
   * passing silently. The `oatf` package passes @oatf/cel-default's.
   */
  cel?: CelEvaluator | null;
  /**
   * Warning codes to drop, e.g. `["W-002", "W-003"]` for tools that use custom
   * bindings on purpose (SDK §3.2 lets tools suppress unrecognized-binding warnings).
   */
  suppressWarnings?: readonly string[];
}

/** A check's diagnostic: its rule, path and message, and where in a string value it is. */
export interface Reported extends Diagnostic {
  path: string;
  /** Where inside the string value at `path` (a CEL or regex error's column). */
  within?: Within;
}

/** Characters [start, end) of a string value (UTF-16 indexes; end defaults to start + 1). */
export interface Within {
  start: number;
  end?: number;
}

export class Context {
  readonly errors: Reported[] = [];
  readonly warnings: Reported[] = [];

  constructor(readonly options: ValidateOptions) {}

  /**
   * Reports `rule` (a V-rule, or a parse rule for a document built in code) at `path`. `at` is the exact source position when the check knows it
   * (V-020: a one-character range there), or where inside the string value at `path`.
   */
  error(
    rule: ValidationRuleId | ParseRuleId,
    path: string,
    message: string,
    at?: SourcePoint | { within: Within },
  ): void {
    this.errors.push(reported(rule, path, message, at));
  }

  warn(rule: WarningRuleId, path: string, message: string, at?: { within: Within }): void {
    this.warnings.push(reported(rule, path, message, at));
  }
}

function reported(
  rule: ValidationRuleId | ParseRuleId | WarningRuleId,
  path: string,
  message: string,
  at: SourcePoint | { within: Within } | undefined,
): Reported {
  const d = diagnostic(rule, message, { path }) as Reported;
  if (at === undefined) return d;
  if ("within" in at) return { ...d, within: at.within };
  const { line, column, offset } = at;
  const range =
    offset === undefined
      ? { start: { line, column }, end: { line, column: column + 1 } }
      : { start: { line, column, offset }, end: { line, column: column + 1, offset: offset + 1 } };
  return { ...d, range };
}
