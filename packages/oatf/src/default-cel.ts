// The CEL evaluator the `oatf` package wires in by default: one shared @oatf/cel-default
// evaluator, loaded on first need and never imported statically, so importing `oatf` (or
// bundling it for a browser) carries no CEL until an expression indicator asks for it.
// Node loads it synchronously through `require` on first use; a browser, which cannot load
// a module synchronously, loads it with `await loadDefaultCel()` (a separate bundle chunk).
import type { CelEvaluator } from "@oatf/model";
import { evaluationError } from "@oatf/model/internal";

type CelModule = typeof import("@oatf/cel-default");

let shared: CelEvaluator | undefined;
/** Whether the synchronous load was tried: it either works at once or never will here. */
let requireTried = false;

const NOT_LOADED = "default CEL evaluator not loaded: outside Node, `await loadDefaultCel()` first";

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
 * The default evaluator, loaded on first use (in Node synchronously). Where it cannot be
 * loaded so (browsers, before `loadDefaultCel`), it stands in: evaluation is a `cel_error`
 * that says how to load it, and `check` (and `functions`) are absent, so `validate` warns
 * that V-014 was not checked instead of passing expressions unchecked.
 */
const onFirstUse: CelEvaluator = {
  evaluate(expression, context) {
    const cel = loaded();
    return cel
      ? cel.evaluate(expression, context)
      : { ok: false, error: evaluationError("cel_error", NOT_LOADED) };
  },
  get check() {
    return loadedMethod("check");
  },
  get functions() {
    return loadedMethod("functions");
  },
  get calls() {
    return loadedMethod("calls");
  },
  get variables() {
    return loadedMethod("variables");
  },
};

/** The loaded evaluator's optional method `name`, bound; absent while it is not loaded. */
function loadedMethod<K extends "check" | "functions" | "calls" | "variables">(
  name: K,
): CelEvaluator[K] {
  const cel = loaded();
  return cel?.[name]?.bind(cel) as CelEvaluator[K];
}

/**
 * The shared default evaluator. In Node it is the @oatf/cel-default evaluator, loaded on
 * first call; where it cannot be loaded synchronously (browsers) and `loadDefaultCel` has
 * not finished yet, a stand-in that reports a `cel_error` saying so.
 */
export function defaultCelEvaluator(): CelEvaluator {
  return loaded() ?? onFirstUse;
}

/** Whether the default evaluator is loaded (in Node it loads on first need; see `loadDefaultCel`). */
export function isDefaultCelLoaded(): boolean {
  return loaded() !== undefined;
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

// The one CEL-loading policy, for the library entry points and the CLI alike: the caller's
// evaluator when they pass one, none for `null`, else the default evaluator. A text is
// checked with the default loaded on first use: `validate` asks for the checker only to
// check a CEL expression (V-014), so a pattern-only document never loads CEL. Documents to
// evaluate are scanned for an `expression` key before CEL is loaded for them (`loadCelFor`);
// documents built in code are not scanned (a getter or an inherited key could hide an
// expression from the scan): they get the default as before.

/** The evaluator to use: the caller's, the default when they gave none, undefined for `null`. */
export function celOrDefault(cel: CelOption): CelEvaluator | undefined {
  if (cel === null) return undefined;
  return cel ?? defaultCelEvaluator();
}

/** `celOrDefault` for checking a text: the default is the one loaded on first use. */
export function celForText(cel: CelOption): CelEvaluator | undefined {
  return cel === undefined ? onFirstUse : celOrDefault(cel);
}

/**
 * `celOrDefault` for documents to evaluate, for callers that can wait (the CLI): no default
 * unless a document has an `expression` key, and then loaded with `loadDefaultCel`, which
 * also works where it cannot be loaded synchronously.
 */
export async function loadCelFor(
  parsed: unknown,
  cel?: CelOption,
): Promise<CelEvaluator | undefined> {
  if (cel !== undefined) return celOrDefault(cel);
  return hasExpressionKey(parsed) ? loadDefaultCel() : undefined;
}

/**
 * Whether any object in `value` has an `expression` key (over-approximates "has expression
 * indicators"). Iterative and cycle-safe; meant for parse output, a plain tree.
 */
export function hasExpressionKey(value: unknown): boolean {
  const pending: unknown[] = [value];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== "object" || next === null || seen.has(next)) continue;
    seen.add(next);
    if (!Array.isArray(next) && Object.hasOwn(next, "expression")) return true;
    for (const child of Object.values(next)) pending.push(child);
  }
  return false;
}

/** Options whose `cel` defaults to the `@oatf/cel-default` evaluator; `null` means none. */
export type WithDefaultCel<T extends { cel?: unknown }> = Omit<T, "cel"> & { cel?: CelOption };

/** `options` with `cel` resolved by `celOrDefault`, as the wrapped entry points pass it on. */
export function withDefaultCel<T extends { cel?: unknown }>(
  options: WithDefaultCel<T> | undefined,
): T {
  return resolveCel(options, celOrDefault);
}

/** `options` with `cel` replaced by what `resolve` makes of it; unreadable options are the defaults. */
export function resolveCel<T extends { cel?: unknown }>(
  options: WithDefaultCel<T> | undefined,
  resolve: (cel: CelOption) => T["cel"],
): T {
  try {
    return { ...options, cel: resolve(options?.cel) } as T;
  } catch {
    return { cel: resolve(undefined) } as T; // options that cannot be read: the defaults
  }
}
