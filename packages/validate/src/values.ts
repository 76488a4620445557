import { indexPath, keyPath } from "@oatf/model/internal";
import { isObject } from "@oatf/model/rules";
// Reading an untrusted document: validate accepts anything `parse` returns (and
// documents built in code), so every access goes through these guards and
// nothing assumes the shape the types promise.

export type Obj = Record<string, unknown>;

export function isObj(value: unknown): value is Obj {
  return isObject(value);
}

/**
 * Visits `value` and every value inside it with its dot-path, in document order. Recursive:
 * only for trees known to be bounded (parse output, or after checkPlainTree).
 */
export function visitPaths(
  value: unknown,
  visit: (value: unknown, path: string) => void,
  path = "",
): void {
  visit(value, path);
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      visitPaths(item, visit, indexPath(path, index));
    });
  } else if (isObj(value)) {
    for (const [key, child] of Object.entries(value)) visitPaths(child, visit, keyPath(path, key));
  }
}

/** Present means neither missing nor YAML null (`key:` with no value). */
export function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** The object under `key`, or undefined when absent or not an object. */
export function objAt(parent: Obj, key: string): Obj | undefined {
  const value = parent[key];
  return isObj(value) ? value : undefined;
}

/** The list under `key`, or undefined when absent or not a list. */
export function listAt(parent: Obj, key: string): unknown[] | undefined {
  const value = parent[key];
  return Array.isArray(value) ? value : undefined;
}

/** The string under `key`, or undefined when absent or not a string. */
export function strAt(parent: Obj, key: string): string | undefined {
  const value = parent[key];
  return typeof value === "string" ? value : undefined;
}

/** Objects of a list with their paths and indexes; non-object items are skipped. */
export function objectsOf(list: unknown[] | undefined, path: string): [Obj, string, number][] {
  const out: [Obj, string, number][] = [];
  list?.forEach((item, index) => {
    if (isObj(item)) out.push([item, indexPath(path, index), index]);
  });
  return out;
}

/** Quoted for messages: strings in quotes, anything else as compact JSON. */
export function show(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
