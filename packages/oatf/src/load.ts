// SDK §3.5 load: parse, validate, normalize in one call.
import {
  type Diagnostic,
  type Document,
  err,
  type OATFError,
  ok,
  parse,
  type Result,
} from "@oatf/model";
import { normalize } from "@oatf/normalize";
import type { ValidateOptions } from "@oatf/validate";
import { validate } from "./validate.js";

export interface LoadResult {
  /** The normalized, valid document. */
  document: Document;
  /** Non-fatal diagnostics from validation. */
  warnings: Diagnostic[];
}

/** What `validate` accepts; `cel` defaults to the `@oatf/cel-default` evaluator, `null` removes it. */
export type LoadOptions = ValidateOptions;

/**
 * Parses, validates and normalizes an OATF document. Returns the parse errors, or
 * else the validation errors, or else the normalized document with its warnings.
 * Never throws for bad input.
 */
export function load(input: string, options?: LoadOptions): Result<LoadResult, OATFError[]> {
  const parsed = parse(input);
  if (!parsed.ok) return err(parsed.error);
  // validate sees the parsed document itself: its source positions are keyed to it.
  const { errors, warnings } = validate(parsed.value, options);
  if (errors.length > 0) return err(errors);
  return ok({ document: normalize(parsed.value), warnings });
}
