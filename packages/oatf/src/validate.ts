// `validate` with the default CEL evaluator (V-014 checks CEL syntax), over a document or text.
import {
  type Document,
  type ParseOptions,
  parseRecovering,
  type ValidationResult,
} from "@oatf/model";
import { type ValidateOptions, validateRecovered, validate as validateWith } from "@oatf/validate";
import { withDefaultCel } from "./default-cel.js";

/**
 * SDK §3.2. Like `@oatf/validate`'s `validate`, but `options.cel` defaults to the shared
 * `@oatf/cel-default` evaluator (pass `cel: null` to skip CEL checks), and it also takes
 * YAML text: then the parse problems and every rule still checkable on what could be read
 * come in one pass (`parseRecovering` + `validateRecovered`), the text bounded by
 * `maxBytes` / `maxNodes`.
 */
export function validate(
  document: Document | string,
  options?: ValidateOptions & ParseOptions,
): ValidationResult {
  const withCel = withDefaultCel<ValidateOptions>(options);
  return typeof document === "string"
    ? validateRecovered(parseRecovering(document, options), withCel)
    : validateWith(document, withCel);
}
