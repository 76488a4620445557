// The one "is this a mapping" test of the SDK (documents and traces are untrusted, so every
// reader asks it before reading fields). @oatf/paths, below @oatf/model in the DAG, keeps its own.

/** A non-null, non-array object; keeps what the caller already knew about `value`'s type. */
export function isObject<T>(value: T): value is T & Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
