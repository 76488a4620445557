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
  // Depth-first with an explicit stack; `open` holds the containers on the current path.
  type Entry = { node: unknown; path: string; depth: number } | { leave: object };
  let path = ""; // of the value being read, for the problem found there
  const stack: Entry[] = [{ node: value, path, depth: 1 }];
  const open = new Set<object>();
  let queued = 1; // values put on the stack so far: each counts once per path to it
  try {
    while (stack.length > 0) {
      const entry = stack.pop()!;
      if ("leave" in entry) {
        open.delete(entry.leave);
        continue;
      }
      const { node, depth } = entry;
      path = entry.path;
      if (typeof node !== "object" || node === null) continue;
      if (open.has(node)) {
        return problem("cycle", path, "the document contains itself here (a cycle)");
      }
      if (depth > maxDepth) {
        return problem("depth", path, `the document is nested more than ${maxDepth} levels deep`);
      }
      const keys = Array.isArray(node) ? undefined : Object.keys(node);
      queued += keys === undefined ? (node as unknown[]).length : keys.length;
      if (queued > maxNodes) {
        return problem("size", path, `the document has more than ${maxNodes} values`);
      }
      open.add(node);
      stack.push({ leave: node });
      if (keys === undefined) {
        const items = node as unknown[];
        for (let i = items.length - 1; i >= 0; i--) {
          stack.push({ node: items[i], path: indexPath(path, i), depth: depth + 1 });
        }
      } else {
        const record = node as Record<string, unknown>;
        for (let i = keys.length - 1; i >= 0; i--) {
          const key = keys[i]!;
          stack.push({ node: record[key], path: keyPath(path, key), depth: depth + 1 });
        }
      }
    }
  } catch (thrown) {
    const detail = thrown instanceof Error ? thrown.message : "unknown error";
    return problem("unreadable", path, `the document cannot be read here: ${detail}`);
  }
  return undefined;
}

function problem(
  reason: PlainTreeProblem["reason"],
  path: string,
  detail: string,
): PlainTreeProblem {
  const where = path === "" ? "at the root" : `at ${path}`;
  return { reason, path, message: `${detail} (${where})` };
}
