// `validate` with the default CEL evaluator (V-014 checks CEL syntax), over a document or text.
import type { Document, ParseOptions, ValidationResult } from "@oatf/model";
import { type ValidateOptions, validate as validateWith } from "@oatf/validate";
import { withDefaultCel } from "./default-cel.js";
import { checkText } from "./pipeline.js";

/**
 * SDK §3.2. Like `@oatf/validate`'s `validate`, but `options.cel` defaults to the shared
 * `@oatf/cel-default` evaluator (pass `cel: null` to skip CEL checks), and it also takes
 * YAML text: then the parse problems and every rule still checkable on what could be read
 * come in one pass (the check pipeline of pipeline.ts), the text bounded by `maxBytes` /
 * `maxNodes`.
 */
export function validate(
  document: Document | string,
  options?: ValidateOptions & ParseOptions,
): ValidationResult {
  if (typeof document !== "string")
    return validateWith(document, withDefaultCel<ValidateOptions>(options));
  const { errors, warnings } = checkText(document, options);
  return { errors, warnings };
}
