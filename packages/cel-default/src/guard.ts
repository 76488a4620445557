// The per-expression time limit. @bufbuild/cel evaluates synchronously and has no
// interrupt, but every loop in CEL is a comprehension (exists, all, exists_one, filter,
// map), and a comprehension asks its loop condition before each element. We wrap each
// loop condition in a call to a private function that checks the clock: once the deadline
// has passed it answers `false`, so every running loop stops at its next element and the
// evaluator reports the breach instead of the (partial) result. Together with the static
// limits (nodes, depth, comprehension nesting) this bounds the work between two checks.
import { type CelFunc, CelScalar, celFunc } from "@bufbuild/cel";
import { type Expr, walk } from "./ast.js";

/** `@` cannot appear in CEL source, so expressions cannot call or shadow this function. */
const GUARD = "@oatf_deadline";

/** Mutable per-evaluator state: set before each evaluation, read after it. */
export interface Deadline {
  at: number;
  expired: boolean;
}

export function deadlineFunc(deadline: Deadline): CelFunc {
  return celFunc(GUARD, [CelScalar.DYN], CelScalar.DYN, (cond) => {
    if (!deadline.expired && performance.now() > deadline.at) deadline.expired = true;
    return deadline.expired ? false : cond;
  });
}

/**
 * Rewrites, in place, every comprehension's loop condition `c` into `@oatf_deadline(c)`.
 * Returns the number of loops guarded: without any, the clock need not even be read.
 */
export function guardLoops(root: Expr): number {
  let loops = 0;
  walk(root, ({ node }) => {
    const kind = node.exprKind;
    if (kind.case === "comprehensionExpr" && kind.value.loopCondition) {
      const cond = kind.value.loopCondition;
      loops += 1;
      kind.value.loopCondition = {
        id: cond.id,
        exprKind: { case: "callExpr", value: { function: GUARD, args: [cond] } },
      };
    }
    return true;
  });
  return loops;
}
