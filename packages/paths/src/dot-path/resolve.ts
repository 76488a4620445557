import { ok, type PathResult, type Value } from "../types.js";
import { type PathSegment, parseSimplePath, parseWildcardPath } from "./parse.js";

/** The SDK §5.1 RECOMMENDED traversal depth limit. */
export const DEFAULT_MAX_DEPTH = 64;

export interface ResolveOptions {
  /**
   * Maximum traversal depth (default 64). Each field access and each `[*]` expansion
   * is one level. A path that would go deeper resolves to nothing.
   */
  maxDepth?: number;
}

/** A parsed simple dot-path that resolves without re-parsing. */
export interface CompiledSimplePath {
  readonly path: string;
  readonly segments: readonly PathSegment[];
  /** The value at the path, or `undefined` when it does not resolve (a resolved `null` is `null`). */
  resolve(value: unknown): Value | undefined;
}

/** A parsed wildcard dot-path that resolves without re-parsing. */
export interface CompiledWildcardPath {
  readonly path: string;
  readonly segments: readonly PathSegment[];
  /** Every value the path reaches, in document order; `[]` when nothing matches. */
  resolve(value: unknown): Value[];
}

/**
 * The field `name` of `value` if `value` is a (non-array) object that owns it.
 * Own properties only: `__proto__`, `constructor` or `toString` resolve only when the
 * object really has such a key. Arrays are not objects here (SDK §5.1.1).
 */
function field(value: unknown, name: string): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  return Object.hasOwn(value, name) ? (value as Record<string, unknown>)[name] : undefined;
}

function depthLimit(options: ResolveOptions | undefined): number {
  const max = options?.maxDepth;
  return typeof max === "number" && !Number.isNaN(max) ? max : DEFAULT_MAX_DEPTH;
}

// Compiled paths are shared through the cache below, so their segments must not change.
function freeze(segments: PathSegment[]): readonly PathSegment[] {
  for (const s of segments) Object.freeze(s);
  return Object.freeze(segments);
}

/** Compiles a simple dot-path (SDK §5.1.1), or returns its syntax error. */
export function compileSimplePath(
  path: string,
  options?: ResolveOptions,
): PathResult<CompiledSimplePath> {
  const parsed = parseSimplePath(path);
  if (!parsed.ok) return parsed;
  const segments = freeze(parsed.value);
  const names = segments.map((s) => s.name);
  const tooDeep = names.length > depthLimit(options);
  return ok({
    path,
    segments,
    resolve(value: unknown): Value | undefined {
      if (tooDeep) return undefined;
      let current = value;
      for (let i = 0; i < names.length && current !== undefined; i++) {
        current = field(current, names[i]!);
      }
      return current as Value | undefined;
    },
  });
}

/** Compiles a wildcard dot-path (SDK §5.1.2), or returns its syntax error. */
export function compileWildcardPath(
  path: string,
  options?: ResolveOptions,
): PathResult<CompiledWildcardPath> {
  const parsed = parseWildcardPath(path);
  if (!parsed.ok) return parsed;
  const segments = freeze(parsed.value);
  const names = segments.map((s) => s.name);
  const fanOut = segments.map((s) => s.wildcard);
  const depth = names.length + fanOut.filter(Boolean).length;
  const tooDeep = depth > depthLimit(options);
  return ok({
    path,
    segments,
    resolve(value: unknown): Value[] {
      if (tooDeep) return [];
      // Up to the first `[*]` there is a single value: walk it without allocating.
      let current = value;
      let s = 0;
      for (; s < names.length; s++) {
        current = field(current, names[s]!);
        if (current === undefined) return [];
        if (fanOut[s]) break;
      }
      if (s === names.length) return current === undefined ? [] : [current as Value];
      if (!Array.isArray(current)) return [];
      // Then breadth-first over a frontier, segment by segment: no recursion, and document
      // order is kept. The first frontier is the input array itself (read, never written);
      // its holes and undefined elements are not JSON values and drop out on the next read.
      let frontier: readonly unknown[] = current;
      for (s++; s < names.length && frontier.length > 0; s++) {
        const name = names[s]!;
        const wild = fanOut[s];
        const next: unknown[] = [];
        for (let k = 0; k < frontier.length; k++) {
          // `field()` inlined by hand: this is the hottest loop, and a call site of its own
          // keeps the property-lookup feedback specific to this loop.
          const v = frontier[k];
          if (typeof v !== "object" || v === null || Array.isArray(v) || !Object.hasOwn(v, name)) {
            continue;
          }
          const child = (v as Record<string, unknown>)[name];
          if (child === undefined) continue;
          if (!wild) next.push(child);
          else if (Array.isArray(child)) {
            for (let e = 0; e < child.length; e++) {
              if (child[e] !== undefined) next.push(child[e]);
            }
          }
        }
        frontier = next;
      }
      // Never hand out the caller's own array.
      return (frontier === current ? current.filter((e) => e !== undefined) : frontier) as Value[];
    },
  });
}

// Hot callers pass the same few path strings over and over; a small bounded cache
// keeps the one-shot functions as fast as the compiled form without unbounded growth.
const CACHE_LIMIT = 512;
const simpleCache = new Map<string, PathResult<CompiledSimplePath>>();
const wildcardCache = new Map<string, PathResult<CompiledWildcardPath>>();

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let entry = cache.get(key);
  if (entry === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    entry = make();
    cache.set(key, entry);
  }
  return entry;
}

/**
 * Resolves a simple dot-path (SDK §5.1.1). Returns `undefined` when the path does not
 * resolve (missing key, non-object or array on the way, invalid path, too deep);
 * a resolved `null` is returned as `null`. Never throws.
 */
export function resolveSimplePath(
  path: string,
  value: unknown,
  options?: ResolveOptions,
): Value | undefined {
  if (typeof path !== "string") return undefined;
  try {
    const compiled =
      options?.maxDepth === undefined
        ? cached(simpleCache, path, () => compileSimplePath(path))
        : compileSimplePath(path, options);
    return compiled.ok ? compiled.value.resolve(value) : undefined;
  } catch {
    return undefined; // a value no JSON has: a getter or proxy that throws
  }
}

/**
 * Resolves a wildcard dot-path (SDK §5.1.2). Returns every value reached, in document
 * order, or `[]` (no match, invalid path, too deep). Never throws.
 */
export function resolveWildcardPath(
  path: string,
  value: unknown,
  options?: ResolveOptions,
): Value[] {
  if (typeof path !== "string") return [];
  try {
    const compiled =
      options?.maxDepth === undefined
        ? cached(wildcardCache, path, () => compileWildcardPath(path))
        : compileWildcardPath(path, options);
    return compiled.ok ? compiled.value.resolve(value) : [];
  } catch {
    return []; // a value no JSON has: a getter or proxy that throws
  }
}
