// Where checks report to. A check only says which rule failed, where (dot-path)
// and why; spec references, severities, positions and ordering are added once,
// in `validate`.
import type { CelEvaluator, DiagnosticRule, SourcePosition } from "@oatf/model";
import type { RuleId, WarningCode } from "./rules.js";

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

export interface Finding {
  code: DiagnosticRule;
  path: string;
  message: string;
  /** Set when the check knows the exact source position (V-020); else looked up by path. */
  line?: number;
  column?: number;
  /** The offset of `line`/`column` in the source, when known (a one-character range). */
  offset?: number;
  /** Where inside the string value at `path` (a CEL or regex error's column). */
  within?: Within;
}

/** Characters [start, end) of a string value (UTF-16 indexes; end defaults to start + 1). */
export interface Within {
  start: number;
  end?: number;
}

export class Context {
  readonly errors: Finding[] = [];
  readonly warnings: Finding[] = [];

  constructor(readonly options: ValidateOptions) {}

  error(
    rule: RuleId,
    path: string,
    message: string,
    at?: (SourcePosition & { offset?: number }) | { within: Within },
  ): void {
    this.errors.push({ code: rule, path, message, ...at });
  }

  warn(code: WarningCode, path: string, message: string, at?: { within: Within }): void {
    this.warnings.push({ code, path, message, ...at });
  }
}
