// A deep copy of plain document data, so normalize can work in place without
// touching its input. Faster than structuredClone on small trees, and keeps an own
// `__proto__` key (legal inside `state`) as a data property: plain assignment would
// call the Object.prototype setter and change the copy's prototype instead.

export function deepCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(deepCopy) as T;
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = deepCopy((value as Record<string, unknown>)[key]);
    if (key === "__proto__") {
      Object.defineProperty(out, key, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else {
      out[key] = item;
    }
  }
  return out as T;
}
