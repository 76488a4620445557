// Short-circuiting traversal of a compiled wildcard dot-path (SDK §5.1.2): a pattern
// matches as soon as one resolved value satisfies it, so nothing is collected.
import type { Value } from "@oatf/model";
import type { CompiledWildcardPath } from "@oatf/paths";

/** The SDK §5.1 depth limit, counted as @oatf/paths counts it (fields plus fan-outs). */
const MAX_DEPTH = 64;

function field(value: unknown, name: string): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  return Object.hasOwn(value, name) ? (value as Record<string, unknown>)[name] : undefined;
}

/** Finds the first resolved value (document order) for which `accept` is true. */
export type FindResolved = (root: Value, accept: (value: Value) => boolean) => Value | undefined;

export function findResolved(path: CompiledWildcardPath): FindResolved {
  const names = path.segments.map((s) => s.name);
  const fanOut = path.segments.map((s) => s.wildcard);
  if (names.length + fanOut.filter(Boolean).length > MAX_DEPTH) return () => undefined;
  const visit = (
    value: unknown,
    s: number,
    accept: (value: Value) => boolean,
  ): Value | undefined => {
    for (; s < names.length; s++) {
      const child = field(value, names[s]!);
      if (child === undefined) return undefined;
      if (fanOut[s]) {
        if (!Array.isArray(child)) return undefined;
        for (const element of child) {
          if (element === undefined) continue;
          const found = visit(element, s + 1, accept);
          if (found !== undefined) return found;
        }
        return undefined;
      }
      value = child;
    }
    return accept(value as Value) ? (value as Value) : undefined;
  };
  return (root, accept) => (root === undefined ? undefined : visit(root, 0, accept));
}
