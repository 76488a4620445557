// `validate` with the default CEL evaluator (V-014 checks CEL syntax).
import type { Document, ValidationResult } from "@oatf/model";
import { type ValidateOptions, validate as validateWith } from "@oatf/validate";
import { withDefaultCel } from "./default-cel.js";

/**
 * SDK §3.2. Like `@oatf/validate`'s `validate`, but `options.cel` defaults to the
 * shared `@oatf/cel-default` evaluator; pass `cel: null` to skip CEL checks.
 */
export function validate(document: Document, options?: ValidateOptions): ValidationResult {
  return validateWith(document, withDefaultCel<ValidateOptions>(options));
}
