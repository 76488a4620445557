// @oatf/validate/text: the one way to check a text (SDK §3.1 parse, then §3.2 validate):
// the recovering parse and every rule still checkable on what it read, in one pass, each
// diagnostic with the data behind it. `load`, `validate` over text, the CLI, the language
// service and the playground all check text through `checkText`. On its own subpath because
// it carries the YAML parser, which `validate` on a parsed document does not need.
import {
  type CelEvaluator,
  type Diagnostic,
  type Document,
  type ParseOptions,
  parseRecovering,
  type SourcePoint,
  type ValidationError,
} from "@oatf/model";
import type { Finding, ValidateOptions } from "./context.js";
import { findRecovered } from "./validate.js";

export type { Finding, FindingData } from "./context.js";

/** `parse`'s limits and `validate`'s options; `cel` may also be chosen once the text is read. */
export interface CheckTextOptions extends ParseOptions, Omit<ValidateOptions, "cel"> {
  /**
   * V-014's CEL checker, or a function choosing it for what the text parsed to (called once,
   * before validation): a host can then load CEL only for documents that have expressions.
   */
  cel?: CelEvaluator | null | ((document: Document | undefined) => CelEvaluator | null | undefined);
}

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
 * on (a suggested value, the template reference, a narrower range). Never throws for bad input.
 */
export function checkText(text: string, options: CheckTextOptions = {}): TextCheck {
  const parsed = parseRecovering(text, options);
  const cel = typeof options.cel === "function" ? options.cel(parsed.document) : options.cel;
  const found = findRecovered(parsed, { ...options, cel });
  const findings = [...found.errors, ...found.warnings].map((f) => withFocus(text, f));
  const errors = found.errors.map((f) => f.diagnostic);
  const warnings = found.warnings.map((f) => f.diagnostic);
  const readable = parsed.errors.length === 0 && parsed.document !== undefined;
  return readable && errors.length === 0
    ? { document: parsed.document, errors, warnings, findings }
    : { errors, warnings, findings };
}

/**
 * A template finding covers the whole string when its `{{…}}` could not be mapped through the
 * scalar's quoting; then its focus is that reference where it occurs once in the range's
 * source (reference names are `[\w.-]`, which no YAML quoting escapes).
 */
function withFocus(text: string, finding: Finding): Finding {
  const { reference, diagnostic } = finding;
  const start = diagnostic.range?.start.offset;
  const end = diagnostic.range?.end.offset;
  if (reference === undefined || !/^[\w.-]+$/.test(reference)) return finding;
  if (start === undefined || end === undefined) return finding;
  const pattern = new RegExp(`\\{\\{\\s*${reference.replaceAll(".", "\\.")}\\s*\\}\\}`, "g");
  const found = [...text.slice(start, end).matchAll(pattern)];
  if (found.length !== 1 || found[0] === undefined) return finding;
  const from = start + found[0].index;
  const focus = { start: pointAt(text, from), end: pointAt(text, from + found[0][0].length) };
  return { ...finding, focus };
}

/** The line and column (1-based, lines ending at `\n` as `parse` counts them) of an offset. */
function pointAt(text: string, offset: number): SourcePoint {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1, offset };
}
