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

/** Options whose `cel` defaults to the `@oatf/cel-default` evaluator; `null` means none. */
export type WithDefaultCel<T extends { cel?: unknown }> = Omit<T, "cel"> & { cel?: CelOption };

/** `options` with `cel` resolved by `celOrDefault`, as the wrapped entry points pass it on. */
export function withDefaultCel<T extends { cel?: unknown }>(
  options: WithDefaultCel<T> | undefined,
): T {
  try {
    return { ...options, cel: celOrDefault(options?.cel) } as T;
  } catch {
    return { cel: celOrDefault(undefined) } as T; // options that cannot be read: the defaults
  }
}
