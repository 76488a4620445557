// Options of createCelEvaluator and their defaults.

export interface CelEvaluatorOptions {
  /**
   * Cost budget per evaluation, in work units (weighted so that every kind of work costs about
   * the same time per unit; see the README). The primary bound: it is deterministic, so the
   * same expression and context give the same result under any machine load. Default
   * 100,000,000, at which the hostile corpus stops within about 100 ms on a loaded 2-core
   * machine. `Infinity` disables it.
   */
  maxCost?: number;
  /**
   * Wall-clock backstop per evaluation, in ms. Default 1,000, ten times what the default
   * budget costs: it only ends evaluations the cost units misjudge (or a slow getter in an
   * in-memory context), and is the one bound whose outcome depends on the machine's load.
   * `Infinity` disables it.
   */
  timeoutMs?: number;
  /** Longest expression source accepted, in UTF-16 code units. Default 10,000. */
  maxExpressionLength?: number;
  /** Most AST nodes after macro expansion. Default 1,000. */
  maxAstNodes?: number;
  /** Deepest AST nesting. Default 100. */
  maxAstDepth?: number;
  /**
   * Deepest nesting of comprehensions (exists, all, exists_one, filter, map). Default 10:
   * `check` reports a breach, so a low limit would turn valid CEL into a V-014 error; the
   * cost budget, not this, is what stops a blow-up.
   */
  maxComprehensionDepth?: number;
  /** Largest string (UTF-16 units), bytes or list that `+` may build. Default 1,000,000. */
  maxConcatSize?: number;
  /** Compiled expressions kept in the LRU cache. Default 1,000; 0 disables caching. */
  cacheSize?: number;
  /**
   * When true, a result that is not a boolean is an `EvaluationError` of kind `type_error`
   * (the "boolean context" of SDK §4.3/§6.1). Default false: any JSON result is returned.
   */
  requireBoolean?: boolean;
  /**
   * Evaluate in a worker thread that is terminated when it overruns (at twice `timeoutMs`
   * plus 20 ms) or exceeds `isolatedMemoryMb`. Costs a structured clone of the context per
   * call. Default false. `check` always runs in the caller's thread.
   */
  isolated?: boolean;
  /**
   * Old-generation heap limit of the isolated worker, in MB. Default 256. Exhausting it ends
   * the worker, but V8 aborts the whole process on some allocation failures (one array too
   * large to allocate), which is why `maxConcatSize` still applies in isolated mode.
   */
  isolatedMemoryMb?: number;
}

export type ResolvedOptions = Required<CelEvaluatorOptions>;

export const DEFAULT_OPTIONS: Readonly<ResolvedOptions> = Object.freeze({
  maxCost: 100_000_000,
  timeoutMs: 1000,
  maxExpressionLength: 10_000,
  maxAstNodes: 1_000,
  maxAstDepth: 100,
  maxComprehensionDepth: 10,
  maxConcatSize: 1_000_000,
  cacheSize: 1_000,
  requireBoolean: false,
  isolated: false,
  isolatedMemoryMb: 256,
});

/** Fills in defaults; a value of the wrong type or out of range falls back to the default. */
export function resolveOptions(options: CelEvaluatorOptions | undefined): ResolvedOptions {
  const o = (options ?? {}) as Record<string, unknown>;
  const number = (key: keyof ResolvedOptions, valid: (v: number) => boolean): number => {
    const v = o[key];
    return typeof v === "number" && valid(v) ? v : (DEFAULT_OPTIONS[key] as number);
  };
  const positive = (key: keyof ResolvedOptions) => number(key, (v) => v > 0 && Number.isFinite(v));
  return {
    maxCost: number("maxCost", (v) => v > 0), // Infinity disables the budget
    timeoutMs: number("timeoutMs", (v) => v > 0), // Infinity disables the backstop
    maxExpressionLength: positive("maxExpressionLength"),
    maxAstNodes: positive("maxAstNodes"),
    maxAstDepth: positive("maxAstDepth"),
    maxComprehensionDepth: positive("maxComprehensionDepth"),
    maxConcatSize: positive("maxConcatSize"),
    // LruCache rounds a fractional size down.
    cacheSize: number("cacheSize", (v) => v >= 0 && Number.isFinite(v)),
    requireBoolean: o.requireBoolean === true,
    isolated: o.isolated === true,
    isolatedMemoryMb: positive("isolatedMemoryMb"),
  };
}
