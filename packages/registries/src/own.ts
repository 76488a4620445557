/**
 * `table[key]` for own keys only, so `"constructor"` or `"__proto__"` never reach
 * `Object.prototype` when a document string is used as a lookup key.
 */
export function own<T>(table: { readonly [key: string]: T }, key: unknown): T | undefined {
  return typeof key === "string" && Object.hasOwn(table, key) ? table[key] : undefined;
}
