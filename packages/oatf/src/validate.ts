// `validate` with the default CEL evaluator (V-014 checks CEL syntax).
import type { Document, ValidationResult } from "@oatf/model";
import { type ValidateOptions, validate as validateWith } from "@oatf/validate";
import { withDefaultCel } from "./default-cel.js";

/**
 * SDK §3.2. Like `@oatf/validate`'s `validate` (a parsed document, or YAML text: then parse
 * problems and the rules still checkable come in one pass), but `options.cel` defaults to the
 * shared `@oatf/cel-default` evaluator; pass `cel: null` to skip CEL checks.
 */
export function validate(document: Document | string, options?: ValidateOptions): ValidationResult {
  return validateWith(document, withDefaultCel<ValidateOptions>(options));
}
