// Options come from callers; an object whose getters or proxy traps throw must not make
// an evaluation function throw. Each option is read once, here.

/** The named fields of `options`, read once; options that cannot be read count as none. */
export function readOptions<T extends object, K extends keyof T>(
  options: T | undefined,
  keys: readonly K[],
): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  try {
    // Missing options (undefined, null) throw on the first read, like hostile ones: none.
    for (const key of keys) out[key] = (options as T)[key];
    return out;
  } catch {
    return {};
  }
}
