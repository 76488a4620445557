// SDK §3.5 load: parse, validate, normalize in one call.
import type { Diagnostic, NormalizedDocument, OATFError, ParseOptions, Result } from "@oatf/model";
import { err, ok } from "@oatf/model/internal";
import { normalize } from "@oatf/normalize";
import type { ValidateOptions } from "@oatf/validate";
import { checkText } from "./pipeline.js";

export interface LoadResult {
  /** The normalized, valid document. */
  document: NormalizedDocument;
  /** Non-fatal diagnostics from validation. */
  warnings: Diagnostic[];
}

/**
 * What `validate` accepts (`cel` defaults to the `@oatf/cel-default` evaluator, `null`
 * removes it), and the parse limits `maxBytes` / `maxNodes`.
 */
export type LoadOptions = ValidateOptions & ParseOptions;

/** `load`'s outcome: the document or every error, and in both cases the warnings. */
export type LoadOutcome = Result<LoadResult, OATFError[]> & { warnings: Diagnostic[] };

/**
 * Parses, validates and normalizes an OATF document. On failure, returns every problem found
 * in one pass: parse problems together with the V-rules still checkable on what could be read
 * (see `validate` over text). The warnings are returned in every outcome (`warnings` beside
 * `ok`). Never throws for bad input.
 */
export function load(input: string, options?: LoadOptions): LoadOutcome {
  const { document, errors, warnings } = checkText(input, options);
  if (document === undefined) return { ...err(errors), warnings };
  return { ...ok({ document: normalize(document), warnings }), warnings };
}
