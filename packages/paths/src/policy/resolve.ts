import { err, ok, type PathResult, type Value } from "../types.js";
import type { InputMapping, PolicyContext } from "./model.js";
import { isPolicyPath, type PolicyPath, parsePolicyPath } from "./parse.js";

/** Why a policy path expression could not be resolved at execution time. */
export type PolicyResolveErrorCode =
  /** The expression does not follow the grammar. */
  | "invalid_syntax"
  /** The context has no data for the source, or none for its direction (it has not run). */
  | "source_unavailable"
  /** The field is absent (distinct from an explicit `null`, which resolves to `null`). */
  | "absent"
  /** `.[]` on a non-array, or a field read from a non-object (string, number, array, ...). */
  | "type_mismatch"
  /** More than one `.[]` in one expression. */
  | "multiple_iterations"
  /** `.[]` where a single value is expected (e.g. a non-batch input mapping). */
  | "iteration_outside_batch"
  /** The `.[]` arrays of one batch mapping have different lengths. */
  | "length_mismatch"
  /** A batch mapping without any `.[]` field: there is nothing to iterate. */
  | "no_iteration";

export interface PolicyResolveError {
  code: PolicyResolveErrorCode;
  expression: string;
  message: string;
  /** For `invalid_syntax`: the 0-based offset of the offending character. */
  position?: number;
  /** The mapped target field, for errors from `resolveInputMapping` / `resolveBatchMapping`. */
  field?: string;
  /** The array element being resolved, for errors under `.[]`. */
  index?: number;
}

/** A mapped input object; keys of absent fields are left out (so schema defaults can apply). */
export type MappedInput = Record<string, Value>;

type Step =
  | { ok: true; value: Value }
  | { ok: false; code: "absent" | "type_mismatch"; at: string };

/**
 * Walks `names[from..to)` from `value`. An explicit `null` leaf passes through; reading a
 * field of `null` or of an object without it is `absent`; reading a field of any other
 * non-object (string, number, boolean, array) is a `type_mismatch`.
 */
function walk(value: Value, names: readonly string[], from: number, to: number): Step {
  let current = value;
  for (let i = from; i < to; i++) {
    const name = names[i]!;
    if (current === null) return { ok: false, code: "absent", at: name };
    if (typeof current !== "object" || Array.isArray(current)) {
      return { ok: false, code: "type_mismatch", at: name };
    }
    if (!Object.hasOwn(current, name) || current[name] === undefined) {
      return { ok: false, code: "absent", at: name };
    }
    current = current[name]!;
  }
  return { ok: true, value: current };
}

function typeName(value: Value): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}

/** The root value of `source.direction`, or why there is none. */
function root(path: PolicyPath, context: PolicyContext): PathResult<Value, PolicyResolveError> {
  const data =
    typeof context === "object" && context !== null && Object.hasOwn(context, path.source)
      ? context[path.source]
      : undefined;
  const value =
    typeof data === "object" && data !== null && Object.hasOwn(data, path.direction)
      ? data[path.direction]
      : undefined;
  if (value === undefined) {
    return fail(path.expression, "source_unavailable", `no ${path.source}.${path.direction} data`);
  }
  return ok(value);
}

function fail(
  expression: string,
  code: PolicyResolveErrorCode,
  detail: string,
  extra?: Partial<PolicyResolveError>,
): { ok: false; error: PolicyResolveError } {
  return err({ code, expression, message: `${expression}: ${detail}`, ...extra });
}

function stepError(expression: string, step: Step & { ok: false }, index?: number) {
  const where = index === undefined ? "" : ` (element ${index})`;
  const detail =
    step.code === "absent"
      ? `field '${step.at}' is absent${where}`
      : `cannot read field '${step.at}' of a non-object${where}`;
  return fail(expression, step.code, detail, index === undefined ? undefined : { index });
}

/** The text of an expression for error reports: a non-string (object, array, ...) has none. */
function expressionText(expr: unknown): string {
  return typeof expr === "string" ? expr : isPolicyPath(expr) ? expr.expression : "";
}

function parse(expr: string | PolicyPath): PathResult<PolicyPath, PolicyResolveError> {
  if (isPolicyPath(expr)) return ok(expr);
  // Anything else that is not a string (object, array, number) fails as "not a string".
  const parsed = parsePolicyPath(expr as string);
  if (parsed.ok) return parsed;
  const { message, position } = parsed.error;
  return err({ code: "invalid_syntax", expression: expressionText(expr), message, position });
}

/** The array under `.[]` (the value at the fields before it), or why there is none. */
function iterated(
  path: PolicyPath,
  context: PolicyContext,
): PathResult<Value[], PolicyResolveError> {
  const at = path.iterate[0]!;
  const base = root(path, context);
  if (!base.ok) return base;
  const prefix = walk(base.value, path.fields, 0, at);
  if (!prefix.ok) return stepError(path.expression, prefix);
  if (!Array.isArray(prefix.value)) {
    const found = typeName(prefix.value);
    return fail(path.expression, "type_mismatch", `'.[]' applied to ${found}, not an array`);
  }
  return ok(prefix.value);
}

/**
 * Resolves a policy path expression against the execution context. An explicit `null`
 * resolves to `null`; an absent field is the error `absent`. With `.[]`, the value is the
 * array of per-element results (any element missing the field is `absent` with its `index`).
 */
export function resolvePolicyPath(
  expr: string | PolicyPath,
  context: PolicyContext,
): PathResult<Value, PolicyResolveError> {
  const parsed = parse(expr);
  if (!parsed.ok) return parsed;
  const path = parsed.value;
  if (path.iterate.length > 1) {
    return fail(path.expression, "multiple_iterations", "at most one '.[]' per expression");
  }
  if (path.iterate.length === 0) {
    const base = root(path, context);
    if (!base.ok) return base;
    const step = walk(base.value, path.fields, 0, path.fields.length);
    return step.ok ? ok(step.value) : stepError(path.expression, step);
  }
  const items = iterated(path, context);
  if (!items.ok) return items;
  const at = path.iterate[0]!;
  const out: Value[] = [];
  for (let i = 0; i < items.value.length; i++) {
    const step = walk(items.value[i]!, path.fields, at, path.fields.length);
    if (!step.ok) return stepError(path.expression, step, i);
    out.push(step.value);
  }
  return ok(out);
}

/** Sets an own key even when it is `__proto__` (plain assignment would set the prototype). */
function setField(target: MappedInput, key: string, value: Value): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/**
 * Resolves a (non-batch) input mapping into one input object. Absent fields are left out;
 * `null` is kept. `.[]` is an error here.
 */
export function resolveInputMapping(
  mapping: InputMapping,
  context: PolicyContext,
): PathResult<MappedInput, PolicyResolveError> {
  const input: MappedInput = {};
  for (const [field, expr] of Object.entries(mapping ?? {})) {
    const parsed = parse(expr);
    if (!parsed.ok) return err({ ...parsed.error, field });
    if (parsed.value.iterate.length > 0) {
      return fail(
        parsed.value.expression,
        "iteration_outside_batch",
        "'.[]' is only allowed in batch input mappings",
        {
          field,
        },
      );
    }
    const resolved = resolvePolicyPath(parsed.value, context);
    if (resolved.ok) setField(input, field, resolved.value);
    else if (resolved.error.code !== "absent") return err({ ...resolved.error, field });
  }
  return ok(input);
}

/**
 * Resolves a batch input mapping into one input object per array element. Fields with
 * `.[]` advance in lockstep (zip); fields without it are the same in every input. Absent
 * fields are left out of that element's input; `null` is kept. Fails when the iterated
 * arrays differ in length, when `.[]` meets a non-array, or when nothing iterates.
 */
export function resolveBatchMapping(
  mapping: InputMapping,
  context: PolicyContext,
): PathResult<MappedInput[], PolicyResolveError> {
  type Column = { field: string; path: PolicyPath; items?: Value[]; value?: Value };
  const columns: Column[] = [];
  let length: { n: number; column: Column } | undefined;
  for (const [field, expr] of Object.entries(mapping ?? {})) {
    const parsed = parse(expr);
    if (!parsed.ok) return err({ ...parsed.error, field });
    const path = parsed.value;
    if (path.iterate.length > 1) {
      return fail(path.expression, "multiple_iterations", "at most one '.[]' per expression", {
        field,
      });
    }
    const column: Column = { field, path };
    if (path.iterate.length === 0) {
      const resolved = resolvePolicyPath(path, context);
      if (resolved.ok) column.value = resolved.value;
      else if (resolved.error.code !== "absent") return err({ ...resolved.error, field });
    } else {
      const items = iterated(path, context);
      if (!items.ok) return err({ ...items.error, field });
      column.items = items.value;
      if (!length) length = { n: items.value.length, column };
      else if (length.n !== items.value.length) {
        const other = length.column;
        return fail(
          path.expression,
          "length_mismatch",
          `iterates over ${items.value.length} elements but '${other.path.expression}' (field '${other.field}') over ${length.n}`,
          { field },
        );
      }
    }
    columns.push(column);
  }
  if (!length) {
    return err({
      code: "no_iteration",
      expression: "",
      message: "batch input mapping has no '.[]' field to iterate over",
    });
  }

  const inputs: MappedInput[] = [];
  for (let i = 0; i < length.n; i++) {
    const input: MappedInput = {};
    for (const column of columns) {
      if (column.items === undefined) {
        if (column.value !== undefined) setField(input, column.field, column.value);
        continue;
      }
      const { fields, iterate } = column.path;
      const step = walk(column.items[i]!, fields, iterate[0]!, fields.length);
      if (step.ok) setField(input, column.field, step.value);
      else if (step.code !== "absent") {
        return err({ ...stepError(column.path.expression, step, i).error, field: column.field });
      }
    }
    inputs.push(input);
  }
  return ok(inputs);
}
