// SDK §3.5 load: parse, validate, normalize in one call.
import {
  type Diagnostic,
  err,
  type NormalizedDocument,
  type OATFError,
  ok,
  type ParseOptions,
  parseRecovering,
  type Result,
} from "@oatf/model";
import { normalize } from "@oatf/normalize";
import { type ValidateOptions, validateRecovered } from "@oatf/validate";
import { withDefaultCel } from "./default-cel.js";
import { validate } from "./validate.js";

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
  const parsed = parseRecovering(input, options);
  if (parsed.errors.length > 0 || !parsed.document) {
    // The parse problems and the rules still checkable on what could be read.
    const { errors, warnings } = validateRecovered(
      parsed,
      withDefaultCel<ValidateOptions>(options),
    );
    return { ...err(errors), warnings };
  }
  // validate sees the parsed document itself: its source positions are keyed to it.
  const { errors, warnings } = validate(parsed.document, options);
  if (errors.length > 0) return { ...err(errors), warnings };
  return { ...ok({ document: normalize(parsed.document), warnings }), warnings };
}
