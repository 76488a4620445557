// SDK §3.5 load's first steps, as one call: `checkText` of @oatf/validate/text (parse,
// recovering → validate: the parse problems together with every rule still checkable on
// what could be read → the parsed document, ready for `normalize`, when it was read in full
// and breaks no rule), with CEL from the one policy (default-cel.ts). `load`, `validate`
// over text and every CLI command run it.
import type { ParseOptions } from "@oatf/model";
import type { ValidateOptions } from "@oatf/validate";
import {
  type CheckTextOptions,
  checkText as checkTextWith,
  type TextCheck,
} from "@oatf/validate/text";
import {
  celFor,
  isDefaultCelLoaded,
  loadDefaultCel,
  resolveCel,
  type WithDefaultCel,
} from "./default-cel.js";

/** Options of a check: the parse limits, and `validate`'s with `cel` defaulted (`null`: none). */
export type CheckOptions = WithDefaultCel<ValidateOptions> & ParseOptions;

/**
 * `checkText` of @oatf/validate/text with the default CEL evaluator, chosen as the text is
 * read: loaded only when the document has an expression (V-014), pass `cel` to use yours or
 * `null` for none. The library entry points load CEL synchronously (see `loadDefaultCel`).
 */
export function checkText(text: string, options?: CheckOptions): TextCheck {
  return checkTextWith(
    text,
    resolveCel<CheckTextOptions>(options, (cel) => (document) => celFor(document, cel)),
  );
}

/**
 * `checkText` for callers that can wait (the CLI, any Node 20): where the default evaluator
 * cannot be loaded synchronously and the document needs it, it is loaded and the text checked
 * again with it.
 */
export async function checkTextLoadingCel(
  text: string,
  options?: ParseOptions,
): Promise<TextCheck> {
  let needed = false;
  const cel = (document: unknown) => {
    const chosen = celFor(document, undefined);
    needed = chosen !== undefined;
    return chosen;
  };
  const checked = checkTextWith(text, { ...options, cel });
  if (!needed || isDefaultCelLoaded()) return checked;
  await loadDefaultCel();
  return checkTextWith(text, { ...options, cel });
}
