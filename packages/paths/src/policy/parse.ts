import { err, ok, type PathError, type PathResult } from "../types.js";

/**
 * A parsed policy path expression (`source "." direction "." field_path`).
 *
 * `parent.input.items.[].value` parses to
 * `{ source: "parent", direction: "input", fields: ["items", "value"], iterate: [1] }`.
 */
export interface PolicyPath {
  /** The text that was parsed. */
  expression: string;
  /** `"parent"` (the enclosing agent) or a `local_agents[].alias`. */
  source: string;
  direction: "input" | "output";
  /** The field names of `field_path`, in order, without the `.[]` markers. */
  fields: string[];
  /**
   * One entry per `.[]`: how many of `fields` come before it. Valid configurations
   * have at most one (checked at load time, code `multiple_iterations`).
   */
  iterate: number[];
}

/** Why a policy path expression or field name failed to parse. */
export type PolicyPathErrorReason =
  | "not a string"
  | "missing name"
  | "leading digit"
  | "hyphen in name"
  | "space in name"
  | "dot in name"
  | "invalid character"
  | "invalid direction"
  | "missing field path"
  | "invalid iteration";

const DETAIL: Record<PolicyPathErrorReason, string> = {
  "not a string": "a path expression must be a string",
  "missing name": "expected an identifier [a-zA-Z_][a-zA-Z0-9_]*; segments cannot be empty",
  "leading digit": "identifiers cannot start with a digit: [a-zA-Z_][a-zA-Z0-9_]*",
  "hyphen in name": "hyphens are not in [a-zA-Z0-9_], so hyphenated names cannot be referenced",
  "space in name": "spaces are not in [a-zA-Z0-9_], so names with spaces cannot be referenced",
  "dot in name":
    "a dot inside a name is ambiguous with the path separator, so such names cannot be referenced",
  "invalid character":
    "identifiers are [a-zA-Z_][a-zA-Z0-9_]*; there is no quoting or escaping of other names",
  "invalid direction": "the direction must be 'input' or 'output'",
  "missing field path": "a field name must follow the direction such as parent.input.query",
  "invalid iteration":
    "array iteration is written '.[]'; indices and other brackets are not supported",
};

function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

function isIdentChar(c: number): boolean {
  return isIdentStart(c) || (c >= 48 && c <= 57);
}

/** Why the character at `i` cannot start or continue an identifier. */
function badCharReason(text: string, i: number): PolicyPathErrorReason {
  const c = text[i];
  if (c === undefined || c === ".") return "missing name";
  if (c >= "0" && c <= "9") return "leading digit";
  if (c === "-") return "hyphen in name";
  if (c === " ") return "space in name";
  if (c === "[") return "invalid iteration";
  return "invalid character";
}

function policyError(
  text: unknown,
  what: string,
  position: number,
  reason: PolicyPathErrorReason,
): PathError {
  const shown = typeof text === "string" ? JSON.stringify(text) : "(not a string)";
  const message = `invalid ${what} ${shown} at position ${position}: ${reason}; ${DETAIL[reason]}`;
  return { message, position, reason };
}

/** Scans an identifier at `i`; returns its end, or `i` when there is none. */
function scanIdent(text: string, i: number): number {
  if (i >= text.length || !isIdentStart(text.charCodeAt(i))) return i;
  let j = i + 1;
  while (j < text.length && isIdentChar(text.charCodeAt(j))) j++;
  return j;
}

/**
 * Parses a multi-agent policy path expression:
 *
 * ```
 * path_expression = source "." direction "." field_path
 * source          = "parent" | agent_alias
 * agent_alias     = [a-zA-Z_][a-zA-Z0-9_]*
 * direction       = "input" | "output"
 * field_path      = field_name ( "." field_name | ".[]" )*
 * field_name      = [a-zA-Z_][a-zA-Z0-9_]*
 * ```
 *
 * Several `.[]` are accepted here (the grammar allows them); load-time checks reject them.
 */
export function parsePolicyPath(expression: string): PathResult<PolicyPath> {
  const fail = (position: number, reason: PolicyPathErrorReason) =>
    err(policyError(expression, "policy path expression", position, reason));
  if (typeof expression !== "string") return fail(0, "not a string");
  const text = expression;
  const n = text.length;

  // A name must be an identifier ending at "." or at the end of the text.
  // Returns its end, or the offending position and why.
  const name = (i: number): number | [number, PolicyPathErrorReason] => {
    const end = scanIdent(text, i);
    if (end === i) return [i, badCharReason(text, i)];
    if (end < n && text[end] !== ".") return [end, badCharReason(text, end)];
    return end;
  };

  let end = name(0);
  if (typeof end !== "number") return fail(...end);
  const source = text.slice(0, end);
  if (end === n) return fail(n, "invalid direction");

  const dirStart = end + 1;
  end = name(dirStart);
  if (typeof end !== "number") return fail(...end);
  const direction = text.slice(dirStart, end);
  if (direction !== "input" && direction !== "output") return fail(dirStart, "invalid direction");
  if (end === n) return fail(n, "missing field path");

  const fields: string[] = [];
  const iterate: number[] = [];
  let i = end + 1;
  for (;;) {
    if (text[i] === "[") {
      if (fields.length === 0) return fail(i, "missing field path");
      if (text[i + 1] !== "]" || (i + 2 < n && text[i + 2] !== ".")) {
        return fail(i, "invalid iteration");
      }
      iterate.push(fields.length);
      i += 2;
    } else {
      end = name(i);
      if (typeof end !== "number") return fail(...end);
      fields.push(text.slice(i, end));
      i = end;
    }
    if (i === n) return ok({ expression, source, direction, fields, iterate });
    i++; // the "." separator
  }
}

/**
 * Whether a value has the shape `parsePolicyPath` returns. The resolvers accept a parsed
 * path in place of the text; a hand-made or hostile object of another shape is refused
 * instead of being read (`{}` or `[]` would otherwise throw on `iterate.length`).
 */
export function isPolicyPath(value: unknown): value is PolicyPath {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const path = value as Partial<Record<keyof PolicyPath, unknown>>;
  const { expression, source, direction, fields, iterate } = path;
  return (
    typeof expression === "string" &&
    typeof source === "string" &&
    (direction === "input" || direction === "output") &&
    Array.isArray(fields) &&
    fields.every((field) => typeof field === "string") &&
    Array.isArray(iterate) &&
    iterate.every((at) => Number.isInteger(at) && at >= 0 && at <= fields.length)
  );
}

/**
 * Checks that a property name (e.g. in an agent's `interface.input` schema) can be
 * referenced by a policy path expression. `query`, `data_source`, `myField2` can;
 * `foo.bar` (dot), `my-field` (hyphen) and `user name` (space) cannot.
 * Returns `undefined` when the name is referenceable.
 */
export function checkPolicyFieldName(name: string): PathError | undefined {
  const fail = (position: number, reason: PolicyPathErrorReason) =>
    policyError(name, "field name", position, reason);
  if (typeof name !== "string") return fail(0, "not a string");
  const end = scanIdent(name, 0);
  if (end === name.length && end > 0) return undefined;
  if (name[end] === ".") return fail(end, "dot in name");
  return fail(end, badCharReason(name, end));
}
