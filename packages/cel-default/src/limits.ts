// Static limits, checked once per expression before it is planned. They bound what the cost
// budget does not count: compilation, the stack depth, and the size of the work done per loop
// step (which each step is then charged for).
import { type Expr, walk } from "./ast.js";

export interface StaticLimits {
  maxAstNodes: number;
  maxAstDepth: number;
  maxComprehensionDepth: number;
}

export interface LimitBreach {
  message: string;
  /** The node where the limit was crossed, for a source position. */
  exprId: bigint;
}

/** Returns the first limit the expression breaks, or undefined. */
export function checkLimits(root: Expr, limits: StaticLimits): LimitBreach | undefined {
  let nodes = 0;
  let breach: LimitBreach | undefined;
  walk(root, ({ node, depth, loops }) => {
    nodes += 1;
    if (nodes > limits.maxAstNodes) {
      breach = { message: `expression has more than ${limits.maxAstNodes} nodes`, exprId: node.id };
    } else if (depth > limits.maxAstDepth) {
      breach = {
        message: `expression nests deeper than ${limits.maxAstDepth} levels`,
        exprId: node.id,
      };
    } else if (
      node.exprKind.case === "comprehensionExpr" &&
      loops >= limits.maxComprehensionDepth
    ) {
      breach = {
        message: `comprehensions (exists, all, exists_one, filter, map) nest deeper than ${limits.maxComprehensionDepth}`,
        exprId: node.id,
      };
    }
    return breach === undefined;
  });
  return breach;
}
