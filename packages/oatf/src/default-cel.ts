// The CEL evaluator the `oatf` package wires in by default: one shared @oatf/cel-default
// evaluator, loaded on first need and never imported statically, so importing `oatf` (or
// bundling it for a browser) carries no CEL until an expression indicator asks for it.
// Node loads it synchronously through `require` on first use; a browser, which cannot load
// a module synchronously, loads it with `await loadDefaultCel()` (a separate bundle chunk).
import type { CelEvaluator } from "@oatf/model";

type CelModule = typeof import("@oatf/cel-default");

let shared: CelEvaluator | undefined;
/** Whether the synchronous load was tried: it either works at once or never will here. */
let requireTried = false;

const NOT_LOADED =
  "the default CEL evaluator is not loaded: call `await loadDefaultCel()` once before evaluating CEL outside Node";

/** Node (20.16+): @oatf/cel-default required synchronously; elsewhere undefined. */
function requireCel(): CelModule | undefined {
  try {
    const nodeModule = globalThis.process?.getBuiltinModule?.("node:module");
    return nodeModule?.createRequire(import.meta.url)("@oatf/cel-default") as CelModule | undefined;
  } catch {
    return undefined; // not resolvable from here: behave as a browser does
  }
}

function loaded(): CelEvaluator | undefined {
  if (shared === undefined && !requireTried) {
    requireTried = true;
    const cel = requireCel();
    if (cel) shared = cel.createCelEvaluator();
  }
  return shared;
}

/**
 * Stands in for the default evaluator until it is loaded: evaluation is a `cel_error` that
 * says how to load it, and `check` is absent, so `validate` warns that V-014 was not checked
 * instead of passing expressions unchecked.
 */
const notYetLoaded: CelEvaluator = {
  evaluate(expression, context) {
    const cel = loaded();
    return cel
      ? cel.evaluate(expression, context)
      : { ok: false, error: { kind: "cel_error", message: NOT_LOADED } };
  },
  get check() {
    const cel = loaded();
    return cel?.check?.bind(cel);
  },
};

/**
 * The shared default evaluator. In Node it is the @oatf/cel-default evaluator, loaded on
 * first call; where it cannot be loaded synchronously (browsers) and `loadDefaultCel` has
 * not finished yet, a stand-in that reports a `cel_error` saying so.
 */
export function defaultCelEvaluator(): CelEvaluator {
  return loaded() ?? notYetLoaded;
}

/** Loads the default evaluator (a dynamic import: its own chunk in a bundle) and returns it. */
export async function loadDefaultCel(): Promise<CelEvaluator> {
  if (loaded() === undefined) {
    const { createCelEvaluator } = await import("@oatf/cel-default");
    shared ??= createCelEvaluator();
  }
  return shared as CelEvaluator;
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
