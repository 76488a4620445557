// Where checks report to. A check says which rule failed, where (dot-path) and why, as the
// one `Diagnostic` shape (severity from the rule table); spec references, source ranges
// and ordering are added once, in `validate`.

import type {
  CelEvaluator,
  Diagnostic,
  ParseRuleId,
  SourcePoint,
  ValidationRuleId,
  WarningRuleId,
} from "@oatf/model";
import { type DocumentRuleId, documentDiagnostic } from "@oatf/model/internal";

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
  rule: DocumentRuleId;
  path: string;
  /** Where inside the string value at `path` (a CEL or regex error's column). */
  within?: Within;
  /** What the check found besides its message (see `Finding`); never part of the diagnostic. */
  data?: FindingData;
}

/**
 * A diagnostic and the data behind it: what `checkText` (`@oatf/validate/text`) returns for
 * tools that act on a finding (an editor's quick fix or highlight) without reading its message.
 */
export interface Finding extends FindingData {
  /** The diagnostic, the same object as in the `errors` or `warnings` beside it. */
  diagnostic: Diagnostic;
}

/**
 * The data behind a check's message, for tools that act on it (`checkText`'s findings): the
 * value it suggests instead of the one written, or the template reference it is about.
 */
export interface FindingData {
  /** The known value nearest to the one at `path` (the message's "did you mean"): a quick fix. */
  suggestion?: string;
  /**
   * The reference a template finding (W-004, V-032) is about, as named between `{{` and `}}`
   * (`extractor` or `actor.extractor`); its `range` is that `{{…}}` where the string's quoting
   * maps character by character, else the whole string.
   */
  reference?: string;
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
    data?: FindingData,
  ): void {
    this.errors.push(reported(rule, path, message, at, data));
  }

  warn(
    rule: WarningRuleId,
    path: string,
    message: string,
    at?: { within: Within },
    data?: FindingData,
  ): void {
    this.warnings.push(reported(rule, path, message, at, data));
  }
}

function reported(
  rule: ValidationRuleId | ParseRuleId | WarningRuleId,
  path: string,
  message: string,
  at: SourcePoint | { within: Within } | undefined,
  data: FindingData | undefined,
): Reported {
  const d = documentDiagnostic(rule, message, { path }) as Reported;
  d.data = data;
  if (at === undefined) return d;
  if ("within" in at) return { ...d, within: at.within };
  const { line, column, offset } = at;
  const range =
    offset === undefined
      ? { start: { line, column }, end: { line, column: column + 1 } }
      : { start: { line, column, offset }, end: { line, column: column + 1, offset: offset + 1 } };
  return { ...d, range };
}
