// Template interpolation (SDK §5.5, §5.5a): `{{name}}`, `{{actor.name}}`,
// `{{request.path}}`, `{{response.path}}`, and `\{{` for a literal `{{`.
import type { Diagnostic, Result, Value } from "@oatf/model";
import { diagnosticOf, err, ok, WARNING_RULES } from "@oatf/model/internal";
import { resolveSimplePath } from "@oatf/paths";
import { boundedJson, MAX_TEXT_LENGTH } from "../base/json.js";
import { registeredLru } from "../base/lru.js";
import { type CompileError, describeThrown } from "./compile-error.js";

/** What a `{{…}}` expression refers to, with its text and the 0-based offset of its `{{`. */
export type TemplateReference = (
  | { kind: "extractor"; name: string }
  | { kind: "actor_extractor"; actor: string; name: string }
  | { kind: "request" | "response"; path: string }
) & {
  /** The text between the braces, trimmed: also the key looked up in the extractor map. */
  expression: string;
  offset: number;
};

/** A parsed template: literal text interleaved with references. */
export interface CompiledTemplate {
  readonly source: string;
  readonly references: readonly TemplateReference[];
  /** Literal text around the references: `parts.length === references.length + 1`. */
  readonly parts: readonly string[];
}

/** Extractor values by name, local (`name`) and qualified (`actor.name`). */
export type ExtractorValues = ReadonlyMap<string, string> | Readonly<Record<string, string>>;

export interface Interpolated<T> {
  value: T;
  diagnostics: Diagnostic[];
}

function classify(expression: string, offset: number): TemplateReference {
  const dot = expression.indexOf(".");
  const head = dot < 0 ? expression : expression.slice(0, dot);
  if (dot >= 0 && (head === "request" || head === "response")) {
    return { kind: head, path: expression.slice(dot + 1), expression, offset };
  }
  if (dot > 0 && expression.indexOf(".", dot + 1) < 0) {
    const actor = head;
    const name = expression.slice(dot + 1);
    return { kind: "actor_extractor", actor, name, expression, offset };
  }
  return { kind: "extractor", name: expression, expression, offset };
}

interface Scanned {
  template: CompiledTemplate;
  /** Offset of the first `{{` without a closing `}}`, if any (kept as literal text). */
  unclosed?: number;
}

// `\{{` → `{{` in text that holds no expression.
function unescapeRest(text: string): string {
  return text.replaceAll("\\{{", "{{");
}

// One left-to-right scan. A `{{` with no `}}` after it is not an expression (SDK §5.5
// step 2 finds `{{...}}` only), so it stays literal text and scanning goes on.
function scan(template: string): Scanned {
  const references: TemplateReference[] = [];
  const parts: string[] = [];
  let unclosed: number | undefined;
  let literal = "";
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf("{{", i);
    if (open < 0) break;
    if (template[open - 1] === "\\") {
      // `\{{` is a literal `{{`; its backslash is dropped.
      literal += `${template.slice(i, open - 1)}{{`;
      i = open + 2;
      continue;
    }
    const close = template.indexOf("}}", open + 2);
    if (close < 0) {
      // No `}}` after this `{{`, so none after any later `{{` either: the rest is literal
      // (and `\{{` escapes in it keep their meaning). Stopping here keeps the scan linear;
      // searching again from every later `{{` made 2 MB of `{{` take seconds.
      unclosed = open;
      parts.push(literal + unescapeRest(template.slice(i)));
      return { template: { source: template, references, parts }, unclosed };
    }
    parts.push(literal + template.slice(i, open));
    literal = "";
    references.push(classify(template.slice(open + 2, close).trim(), open));
    i = close + 2;
  }
  parts.push(literal + template.slice(i));
  return { template: { source: template, references, parts }, unclosed };
}

function unclosedMessage(offset: number): string {
  return `unclosed "{{" at offset ${offset} in template`;
}

/** Parses a template. The only syntax error is an unclosed `{{` (V-016). */
export function parseTemplate(template: string): Result<CompiledTemplate, CompileError> {
  if (typeof template !== "string") return err({ message: "a template must be a string" });
  const { template: compiled, unclosed } = scan(template);
  if (unclosed === undefined) return ok(compiled);
  return err({ message: unclosedMessage(unclosed), offset: unclosed });
}

const cache = /* @__PURE__ */ registeredLru<string, Scanned>(1024);
// Longer templates are scanned on every call (linear), not kept: 1024 of them could pin
// gigabytes.
const MAX_CACHED_TEMPLATE_LENGTH = 64 * 1024;

function scanCached(source: string): Scanned {
  return source.length > MAX_CACHED_TEMPLATE_LENGTH
    ? scan(source)
    : cache.getOrCreate(source, scan);
}

function lookup(extractors: ExtractorValues | undefined, name: string): string | undefined {
  if (extractors === undefined || extractors === null) return undefined;
  if (extractors instanceof Map) return extractors.get(name);
  const record = extractors as Readonly<Record<string, string>>;
  // Own keys only: `{{constructor}}` must not find Object.prototype.constructor.
  return Object.hasOwn(record, name) ? record[name] : undefined;
}

function warning(message: string): Diagnostic {
  return diagnosticOf("W-004", WARNING_RULES["W-004"], message);
}

/** A reference's text, or the warning that replaces it with "". */
type Resolved = { text: string; warning?: undefined } | { text: ""; warning: Diagnostic };

function unresolved(message: string): Resolved {
  return { text: "", warning: warning(message) };
}

function resolveReference(
  ref: TemplateReference,
  extractors: ExtractorValues | undefined,
  request: Value | undefined,
  response: Value | undefined,
  room: number,
): Resolved {
  try {
    const extracted = lookup(extractors, ref.expression);
    if (typeof extracted === "string") return { text: extracted };
    if (ref.kind === "request" || ref.kind === "response") {
      const message = ref.kind === "request" ? request : response;
      if (message !== undefined) {
        const resolved = resolveSimplePath(ref.path, message);
        if (resolved === undefined) {
          return unresolved(`{{${ref.expression}}}: the ${ref.kind} path did not resolve`);
        }
        // Iterative and bounded by what the output still has room for: a deep, cyclic or
        // shared (DAG) value costs no more than the text that can be kept.
        return {
          text:
            typeof resolved === "string"
              ? resolved
              : boundedJson(resolved, { maxLength: room }).text,
        };
      }
    }
  } catch (thrown) {
    // A hostile message or map (throwing getter, cyclic value) resolves to nothing.
    return unresolved(`{{${ref.expression}}}: could not be read: ${describeThrown(thrown)}`);
  }
  return unresolved(`{{${ref.expression}}}: unknown extractor or unavailable message`);
}

// Renders within `limit` characters. Each distinct expression is resolved once per call,
// however often it appears.
function render(
  template: CompiledTemplate,
  extractors: ExtractorValues | undefined,
  request: Value | undefined,
  response: Value | undefined,
  limit: number,
): Interpolated<string> {
  const diagnostics: Diagnostic[] = [];
  const resolved = new Map<string, Resolved>();
  const out: string[] = [];
  let length = 0;
  const append = (text: string): boolean => {
    if (length + text.length <= limit) {
      out.push(text);
      length += text.length;
      return true;
    }
    out.push(text.slice(0, limit - length));
    length = limit;
    diagnostics.push(
      warning(`template output cut at ${limit} characters (the limit is ${MAX_TEXT_LENGTH})`),
    );
    return false;
  };
  let fits = append(template.parts[0] ?? "");
  for (let i = 0; fits && i < template.references.length; i++) {
    const ref = template.references[i]!;
    let value = resolved.get(ref.expression);
    if (value === undefined) {
      value = resolveReference(ref, extractors, request, response, limit - length + 1);
      resolved.set(ref.expression, value);
    }
    if (value.warning) diagnostics.push(value.warning);
    fits = append(value.text) && append(template.parts[i + 1] ?? "");
  }
  return { value: out.join(""), diagnostics };
}

/**
 * Renders a parsed template. Values are inserted as text and never re-expanded. Output
 * past {@link MAX_TEXT_LENGTH} characters is cut there, with a W-004 warning.
 */
export function renderTemplate(
  template: CompiledTemplate,
  extractors?: ExtractorValues,
  request?: Value,
  response?: Value,
): Interpolated<string> {
  return render(template, extractors, request, response, MAX_TEXT_LENGTH);
}

/**
 * SDK §5.5 interpolate_template. Never throws. An unclosed `{{` (rejected by validate,
 * V-016) is not an expression (step 2 finds `{{…}}` only): it stays literal text, without
 * a diagnostic (W-004 is for unknown names and unresolved paths), and the expressions
 * around it are still interpolated.
 */
export function interpolateTemplate(
  template: string,
  extractors?: ExtractorValues,
  request?: Value | null,
  response?: Value | null,
): Interpolated<string> {
  return interpolateWithin(template, extractors, request, response, MAX_TEXT_LENGTH);
}

function interpolateWithin(
  template: string,
  extractors: ExtractorValues | undefined,
  request: Value | null | undefined,
  response: Value | null | undefined,
  limit: number,
): Interpolated<string> {
  const source = typeof template === "string" ? template : describeThrown(template);
  const { template: compiled } = scanCached(source);
  return render(compiled, extractors, request ?? undefined, response ?? undefined, limit);
}

/** SDK §5.5a interpolate_value: interpolates every string in a value tree (not keys). */
export function interpolateValue(
  value: Value,
  extractors?: ExtractorValues,
  request?: Value | null,
  response?: Value | null,
): Interpolated<Value> {
  const diagnostics: Diagnostic[] = [];
  // One output budget for all strings of the value, and each object interpolated once:
  // a shared sub-object (a DAG) is not walked once per path to it.
  let room = MAX_TEXT_LENGTH;
  const done = new Map<object, Value>();
  const walk = (node: Value): Value => {
    if (typeof node === "string") {
      if (!node.includes("{{")) return node;
      const result = interpolateWithin(node, extractors, request, response, room);
      room -= result.value.length;
      for (const diagnostic of result.diagnostics) diagnostics.push(diagnostic);
      return result.value;
    }
    if (typeof node !== "object" || node === null) return node;
    const known = done.get(node);
    if (known === node) throw new TypeError("the value contains itself");
    if (known !== undefined) return known;
    done.set(node, node); // marks it as being walked: meeting it again is a cycle
    const copy: Value = Array.isArray(node)
      ? node.map(walk)
      : // fromEntries defines own keys, so a "__proto__" key stays a key.
        Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
    done.set(node, copy);
    return copy;
  };
  try {
    return { value: walk(value), diagnostics };
  } catch (thrown) {
    // A value nested deeper than the stack allows, cyclic, or with a throwing getter:
    // returned as it is.
    return { value, diagnostics: [warning(`value not interpolated: ${describeThrown(thrown)}`)] };
  }
}
