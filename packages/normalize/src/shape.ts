// normalize expects a validated document, but must not throw on one that is not:
// loops visit only the entries that have the shape validate requires.

import { isObject } from "@oatf/model/rules";

export { isObject };

/** The object entries of `value` when it is an array; nothing otherwise. */
export function objects<T>(value: readonly T[] | undefined): T[] {
  return Array.isArray(value) ? value.filter((item) => isObject(item)) : [];
}
