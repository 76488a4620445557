// Strict reading of fixture fields: unknown or missing fields are fixture errors, not skips.
import { FixtureError } from "./case.js";

export type Fields = Record<string, unknown>;

export function isObject(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `value` as an object with exactly the allowed keys, all `required` ones present. */
export function fields(
  value: unknown,
  where: string,
  required: readonly string[],
  optional: readonly string[] = [],
): Fields {
  if (!isObject(value)) throw new FixtureError(`${where} must be a mapping`);
  for (const key of Object.keys(value)) {
    if (!required.includes(key) && !optional.includes(key)) {
      throw new FixtureError(`unknown field ${where}.${key}`);
    }
  }
  for (const key of required) {
    if (!Object.hasOwn(value, key)) throw new FixtureError(`missing field ${where}.${key}`);
  }
  return value;
}

export function str(value: unknown, where: string): string {
  if (typeof value !== "string") throw new FixtureError(`${where} must be a string`);
  return value;
}

export function int(value: unknown, where: string): number {
  if (!Number.isInteger(value)) throw new FixtureError(`${where} must be an integer`);
  return value as number;
}

export function list(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new FixtureError(`${where} must be a list`);
  return value;
}

export function oneOf<T extends string>(value: unknown, where: string, allowed: readonly T[]): T {
  if (typeof value !== "string" || !allowed.includes(value as T)) {
    throw new FixtureError(`${where} must be one of ${allowed.join(", ")}`);
  }
  return value as T;
}

/** A case may carry only these top-level fields beyond name/id/input/expected. */
export function noExtra(extra: Fields, allowed: readonly string[] = []): void {
  for (const key of Object.keys(extra)) {
    if (!allowed.includes(key)) throw new FixtureError(`unknown case field ${key}`);
  }
}
