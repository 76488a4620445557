// Short-circuiting traversal of a compiled wildcard dot-path (SDK §5.1.2): a pattern
// matches as soon as one resolved value satisfies it, so nothing is collected. The
// path is turned into a chain of closures once, one per segment.
import type { Value } from "@oatf/model";
import { type CompiledWildcardPath, DEFAULT_MAX_DEPTH } from "@oatf/paths";
import { isObject } from "./json.js";

/** Finds the first resolved value (document order) for which `accept` is true. */
export type FindResolved = (root: Value, accept: (value: Value) => boolean) => Value | undefined;

type Step = (value: unknown, accept: (value: Value) => boolean) => Value | undefined;

// Own keys of non-array objects only, as @oatf/paths resolves them. JSON data has no
// inherited keys except Object.prototype's, so only those names pay for the own check.
function fieldStep(name: string, next: Step): Step {
  if (name in Object.prototype) {
    return (value, accept) => {
      if (!isObject(value) || !Object.hasOwn(value, name)) return undefined;
      const child = value[name];
      return child === undefined ? undefined : next(child, accept);
    };
  }
  return (value, accept) => {
    if (!isObject(value)) return undefined;
    const child = value[name];
    return child === undefined ? undefined : next(child, accept);
  };
}

function fanOutStep(name: string, next: Step): Step {
  const own = name in Object.prototype;
  return (value, accept) => {
    if (!isObject(value) || (own && !Object.hasOwn(value, name))) return undefined;
    const child = value[name];
    if (!Array.isArray(child)) return undefined;
    for (let i = 0; i < child.length; i++) {
      const element = child[i];
      if (element === undefined) continue; // holes are not JSON values
      const found = next(element, accept);
      if (found !== undefined) return found;
    }
    return undefined;
  };
}

export function findResolved(path: CompiledWildcardPath): FindResolved {
  const { segments } = path;
  // The SDK §5.1 depth limit, counted as @oatf/paths counts it (fields plus fan-outs).
  if (segments.length + segments.filter((s) => s.wildcard).length > DEFAULT_MAX_DEPTH) {
    return () => undefined;
  }
  let step: Step = (value, accept) => (accept(value as Value) ? (value as Value) : undefined);
  for (let s = segments.length - 1; s >= 0; s--) {
    const { name, wildcard } = segments[s]!;
    step = wildcard ? fanOutStep(name, step) : fieldStep(name, step);
  }
  const first = step;
  return (root, accept) => (root === undefined ? undefined : first(root, accept));
}
