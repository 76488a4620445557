// SDK §3.5 load as one composition: parse (bounded, recovering) → validate (the parse problems
// together with every rule still checkable on what could be read) → the parsed document,
// ready for `normalize`, when it was read in full and breaks no rule. `load`, `validate`
// over text and every CLI command run it; CEL comes from the one policy (default-cel.ts).
import {
  type Diagnostic,
  type Document,
  type ParseOptions,
  parseRecovering,
  type RecoveredDocument,
  type ValidationResult,
} from "@oatf/model";
import { type ValidateOptions, validateRecovered } from "@oatf/validate";
import { loadCelFor, type WithDefaultCel, withCelFor } from "./default-cel.js";

/** What checking text found: every problem, and the document when it is usable. */
export interface Checked extends ValidationResult {
  /** The parsed (not normalized) document, when it was read in full and `errors` is empty. */
  document?: Document;
  warnings: Diagnostic[];
}

/** Options of a check: the parse limits, and `validate`'s with `cel` defaulted (`null`: none). */
export type CheckOptions = WithDefaultCel<ValidateOptions> & ParseOptions;

/** Checks `text`, CEL loaded synchronously where it is needed (the library entry points). */
export function checkText(text: string, options?: CheckOptions): Checked {
  const parsed = parseRecovering(text, options);
  return checkParsed(parsed, withCelFor<ValidateOptions>(options, parsed.document));
}

/** Checks `text`, waiting for CEL to load where it is needed (the CLI, any Node 20). */
export async function checkTextLoadingCel(text: string, options?: ParseOptions): Promise<Checked> {
  const parsed = parseRecovering(text, options);
  return checkParsed(parsed, { cel: await loadCelFor(parsed.document) });
}

function checkParsed(parsed: RecoveredDocument, options: ValidateOptions): Checked {
  const { errors, warnings } = validateRecovered(parsed, options);
  const readable = parsed.errors.length === 0 && parsed.document !== undefined;
  return readable && errors.length === 0
    ? { document: parsed.document, errors, warnings }
    : { errors, warnings };
}
