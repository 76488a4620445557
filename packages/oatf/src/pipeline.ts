// SDK §3.5 load's first steps, as one call: `checkText` of @oatf/validate/text (parse,
// recovering → validate: the parse problems together with every rule still checkable on
// what could be read → the parsed document, ready for `normalize`, when it was read in full
// and breaks no rule), with CEL from the one policy (default-cel.ts). `load`, `validate`
// over text and every CLI command run it.
import type { ParseOptions } from "@oatf/model";
import { V014_SKIPPED, type ValidateOptions } from "@oatf/validate";
import {
  type CheckTextOptions,
  checkText as checkTextWith,
  type TextCheck,
} from "@oatf/validate/text";
import {
  celForText,
  isDefaultCelLoaded,
  loadDefaultCel,
  resolveCel,
  type WithDefaultCel,
} from "./default-cel.js";

/** Options of a check: the parse limits, and `validate`'s with `cel` defaulted (`null`: none). */
export type CheckOptions = WithDefaultCel<ValidateOptions> & ParseOptions;

/**
 * `checkText` of @oatf/validate/text with the default CEL evaluator, loaded only when the
 * document has a CEL expression to check (V-014); pass `cel` to use yours or `null` for none.
 * The library entry points load CEL synchronously (see `loadDefaultCel`).
 */
export function checkText(text: string, options?: CheckOptions): TextCheck {
  return checkTextWith(text, resolveCel<CheckTextOptions>(options, celForText));
}

/**
 * `checkText` for callers that can wait (the CLI, any Node 20): where the document has CEL to
 * check and the default evaluator cannot be loaded synchronously, it is loaded and the text
 * checked again with it.
 */
export async function checkTextLoadingCel(
  text: string,
  options?: ParseOptions,
): Promise<TextCheck> {
  const check = () => checkTextWith(text, { ...options, cel: celForText(undefined) });
  const checked = check();
  const skipped = checked.warnings.some((warning) => warning.rule === V014_SKIPPED);
  if (!skipped || isDefaultCelLoaded()) return checked;
  await loadDefaultCel();
  return check();
}
