// The CEL evaluator the `oatf` package wires in by default: one shared instance,
// created on first use so importing `oatf` costs nothing when CEL is never needed.
import { createCelEvaluator } from "@oatf/cel-default";
import type { CelEvaluator } from "@oatf/model";

let shared: CelEvaluator | undefined;

export function defaultCelEvaluator(): CelEvaluator {
  shared ??= createCelEvaluator();
  return shared;
}

/** What the caller may pass as `cel`: an evaluator, nothing (the default), or `null` (none). */
export type CelOption = CelEvaluator | null | undefined;

/** The evaluator to use: the caller's, the default when they gave none, undefined for `null`. */
export function celOrDefault(cel: CelOption): CelEvaluator | undefined {
  if (cel === null) return undefined;
  return cel ?? defaultCelEvaluator();
}

/**
 * `cel` as the caller gave it, or the default when they gave none.
 * `null` means "no CEL checker" and is passed on as such.
 */
export function withDefaultCel<T extends { cel?: CelEvaluator | null }>(options: T | undefined): T {
  if (options?.cel !== undefined) return options;
  return { ...options, cel: defaultCelEvaluator() } as T;
}
