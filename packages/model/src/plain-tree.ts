// Untrusted documents built in code (format §12.1): `validate`, `normalize` and `serialize`
// walk a document recursively and copy it, which a cycle, a 100,000-level nesting or a
// small DAG with 2^40 paths would turn into a stack overflow, an endless loop or an
// out-of-memory abort. This check runs first, iteratively and within fixed bounds.
import { indexPath, keyPath } from "./paths.js";

/** Bounds for {@link checkPlainTree}. */
export interface PlainTreeLimits {
  /** Deepest nesting of objects and arrays, the root being level 1 (default 256). */
  maxDepth?: number;
  /** Most values visited, a shared sub-object counting once per path to it (default 1,000,000). */
  maxNodes?: number;
}

/**
 * The default of {@link PlainTreeLimits.maxDepth}: twice `parse`'s 128 levels, so the levels
 * normalization adds (up to four) never refuse a parsed document, and far below any stack
 * limit of the recursive code this check protects.
 */
export const MAX_TREE_DEPTH = 256;

/** The default of {@link PlainTreeLimits.maxNodes}. */
export const MAX_TREE_NODES = 1_000_000;

/** Why a value is not a plain tree, and where (a dot-path; `""` is the root). */
export interface PlainTreeProblem {
  reason: "cycle" | "depth" | "size" | "unreadable";
  path: string;
  message: string;
}

/**
 * Whether `value` is a finite tree of plain data within the limits: no object contains
 * itself, nesting is at most `maxDepth` deep, and walking it visits at most `maxNodes`
 * values. Returns the first problem found, or `undefined`. Iterative; never throws (a
 * throwing getter or proxy is reported as `unreadable`).
 */
export function checkPlainTree(
  value: unknown,
  limits: PlainTreeLimits = {},
): PlainTreeProblem | undefined {
  const maxDepth = limits.maxDepth ?? MAX_TREE_DEPTH;
  const maxNodes = limits.maxNodes ?? MAX_TREE_NODES;
  if (typeof value !== "object" || value === null) return undefined;
  // Depth-first with an explicit stack of containers (a scalar needs no visit: it is only
  // counted); `open` holds the containers on the current path.
  const stack: (Visit | { leave: object })[] = [
    { node: value, parent: undefined, key: "", depth: 1 },
  ];
  const open = new Set<object>();
  let queued = 1; // values met so far: each counts once per path to it
  let at: Visit | undefined; // the container being read, for the problem found there
  try {
    while (stack.length > 0) {
      const entry = stack.pop()!;
      if ("leave" in entry) {
        open.delete(entry.leave);
        continue;
      }
      at = entry;
      const { node, depth } = entry;
      if (open.has(node)) {
        return problem("cycle", pathOf(at), "the document contains itself here (a cycle)");
      }
      if (depth > maxDepth) {
        const detail = `the document is nested more than ${maxDepth} levels deep`;
        return problem("depth", pathOf(at), detail);
      }
      const keys = Array.isArray(node) ? undefined : Object.keys(node);
      queued += keys === undefined ? (node as unknown[]).length : keys.length;
      if (queued > maxNodes) {
        return problem("size", pathOf(at), `the document has more than ${maxNodes} values`);
      }
      open.add(node);
      stack.push({ leave: node });
      const record = node as Record<string | number, unknown>;
      const count = keys === undefined ? (node as unknown[]).length : keys.length;
      for (let i = count - 1; i >= 0; i--) {
        const key = keys === undefined ? i : keys[i]!;
        const child = record[key];
        if (typeof child === "object" && child !== null) {
          stack.push({ node: child, parent: entry, key, depth: depth + 1 });
        }
      }
    }
  } catch (thrown) {
    const detail = thrown instanceof Error ? thrown.message : "unknown error";
    return problem("unreadable", pathOf(at), `the document cannot be read here: ${detail}`);
  }
  return undefined;
}

/** A container to read: where it is (its parent and key in it) and how deep. */
interface Visit {
  node: object;
  parent: Visit | undefined;
  key: string | number;
  depth: number;
}

// A container's dot-path, built only for a problem: a path per value cost more than the walk.
// Without recursion: a caller's `maxDepth` may be far past what the stack holds.
function pathOf(visit: Visit | undefined): string {
  const chain: Visit[] = [];
  for (let v = visit; v?.parent !== undefined; v = v.parent) chain.push(v);
  let path = "";
  for (let i = chain.length - 1; i >= 0; i--) {
    const { key } = chain[i]!;
    path = typeof key === "number" ? indexPath(path, key) : keyPath(path, key);
  }
  return path;
}

function problem(
  reason: PlainTreeProblem["reason"],
  path: string,
  detail: string,
): PlainTreeProblem {
  const where = path === "" ? "at the root" : `at ${path}`;
  return { reason, path, message: `${detail} (${where})` };
}
