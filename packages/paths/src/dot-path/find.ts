// Short-circuiting traversal of a compiled wildcard dot-path (SDK §5.1.2): a pattern
// matches as soon as one resolved value satisfies it, so nothing is collected. The
// path is turned into a chain of closures once, one per segment. Indicator patterns use it
// (@oatf/evaluate); `resolveWildcardPath` is the collecting form.
import type { Value } from "../types.js";
import { type CompiledWildcardPath, DEFAULT_MAX_DEPTH } from "./resolve.js";

/** Finds the first resolved value (document order) that the compiled test accepts. */
export type FindResolved = (root: Value) => Value | undefined;

type Accept = (value: Value) => boolean;
type Step = (value: unknown) => Value | undefined;

// resolve.ts reads own keys of non-array objects only. JSON data inherits nothing but
// the prototypes' members, and arrays own only indices and `length`, so any other name
// can be read from any object without asking which kind it is or whose key it is.
function needsOwnCheck(name: string): boolean {
  return name in Object.prototype || name in Array.prototype || /^(0|[1-9]\d*)$/.test(name);
}

// `guarded` (from needsOwnCheck) is tested inline rather than through a reader closure:
// one more call per value costs more than the rest of the step.
function fieldStep(name: string, next: Step): Step {
  const guarded = needsOwnCheck(name);
  return (value) => {
    if (typeof value !== "object" || value === null) return undefined;
    if (guarded && (Array.isArray(value) || !Object.hasOwn(value, name))) return undefined;
    const child = (value as Record<string, unknown>)[name];
    return child === undefined ? undefined : next(child);
  };
}

// The last field tests its value itself, one call fewer per resolved value: the
// `items[*].field` shape of most indicators.
function leafStep(name: string, accept: Accept): Step {
  const guarded = needsOwnCheck(name);
  return (value) => {
    if (typeof value !== "object" || value === null) return undefined;
    if (guarded && (Array.isArray(value) || !Object.hasOwn(value, name))) return undefined;
    const child = (value as Record<string, Value | undefined>)[name];
    return child !== undefined && accept(child) ? child : undefined;
  };
}

function fanOutStep(name: string, next: Step): Step {
  const guarded = needsOwnCheck(name);
  return (value) => {
    if (typeof value !== "object" || value === null) return undefined;
    if (guarded && (Array.isArray(value) || !Object.hasOwn(value, name))) return undefined;
    const child = (value as Record<string, unknown>)[name];
    if (!Array.isArray(child)) return undefined;
    for (let i = 0; i < child.length; i++) {
      const element = child[i];
      if (element === undefined) continue; // holes are not JSON values
      const found = next(element);
      if (found !== undefined) return found;
    }
    return undefined;
  };
}

/** Compiles `path` and `accept` into one traversal that stops at the first accepted value. */
export function findResolved(path: CompiledWildcardPath, accept: Accept): FindResolved {
  const { segments } = path;
  // The SDK §5.1 depth limit, counted as @oatf/paths counts it (fields plus fan-outs).
  if (segments.length + segments.filter((s) => s.wildcard).length > DEFAULT_MAX_DEPTH) {
    return () => undefined;
  }
  const terminal: Step = (value) =>
    value !== undefined && accept(value as Value) ? (value as Value) : undefined;
  let step = terminal;
  for (let s = segments.length - 1; s >= 0; s--) {
    const { name, wildcard } = segments[s]!;
    if (wildcard) step = fanOutStep(name, step);
    else step = step === terminal ? leafStep(name, accept) : fieldStep(name, step);
  }
  return step;
}
