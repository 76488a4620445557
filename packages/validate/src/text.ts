// @oatf/validate/text: the one way to check a text (parse, then validate: SDK §3.1, §3.2):
// the recovering parse and every rule still checkable on what it read, in one pass, each
// diagnostic with the data behind it. `load`, `validate` over text, the CLI, the language
// service and the playground all check text through `checkText`. On its own subpath because
// it carries the YAML parser, which `validate` on a parsed document does not need.
import {
  type Diagnostic,
  type Document,
  type ParseOptions,
  parseRead,
  parseRecovering,
  type RecoveredDocument,
  type ValidationError,
  type YamlText,
} from "@oatf/model";
import type { Finding, ValidateOptions } from "./context.js";
import { findingData, validateRecovered } from "./validate.js";

export type { Finding, FindingData } from "./context.js";

/** `parse`'s limits and `validate`'s options. */
export type CheckTextOptions = ParseOptions & ValidateOptions;

/** What checking a text found: every problem, and the document when it is usable. */
export interface TextCheck {
  /** The parsed (not normalized) document, when it was read in full and `errors` is empty. */
  document?: Document;
  /** Parse problems (`ParseError`s, see `isParseError`) and V-rule violations, in source order. */
  errors: ValidationError[];
  warnings: Diagnostic[];
  /** Every diagnostic of `errors`, then of `warnings`, with the data behind it. */
  findings: Finding[];
}

/**
 * Parses and validates `text` in one pass: the parse problems together with every rule and
 * warning still checkable on what could be read (as `validateRecovered`), the diagnostics in
 * the one shape of @oatf/model with their source ranges, and beside each the data a tool acts
 * on (the suggested value, the template reference). Never throws for bad input.
 */
export function checkText(text: string, options?: CheckTextOptions): TextCheck {
  return checkParsed(parseRecovering(text, options), options);
}

/**
 * `checkText` of a text already read with `readYaml` (with the same options), without reading
 * its YAML again: for a tool that walks the YAML tree too (the language service).
 */
export function checkRead(read: YamlText, options?: CheckTextOptions): TextCheck {
  return checkParsed(parseRead(read, options), options);
}

function checkParsed(parsed: RecoveredDocument, options: CheckTextOptions | undefined): TextCheck {
  const { errors, warnings } = validateRecovered(parsed, options);
  const findings = [...errors, ...warnings].map((d) => ({ diagnostic: d, ...findingData.get(d) }));
  // `errors` holds the parse problems too: none means the text was read in full.
  const usable = errors.length === 0 && parsed.document;
  return { ...(usable && { document: usable }), errors, warnings, findings };
}
