// The per-expression time limit. @bufbuild/cel evaluates synchronously and has no
// interrupt, so the clock is consulted from the two places all sustained work passes through:
//
// - loops: every loop in CEL is a comprehension (exists, all, exists_one, filter, map), and a
//   comprehension asks its loop condition before each element. Each loop condition `c` is
//   rewritten to `@oatf_deadline(c)`, which answers `false` once the deadline has passed, so
//   every running loop stops at its next element;
// - data: every read of the bound message goes through the views of values.ts, which throw
//   once the deadline has passed, so a builtin walking a large input (`x == y` on two long
//   lists) stops too.
//
// The evaluator then reports the breach instead of the (partial) result. The static limits
// (nodes, depth, comprehension nesting) and the cap on `+` bound the work between two checks.
import { type CelFunc, CelScalar, celFunc } from "@bufbuild/cel";
import { type Expr, walk } from "./ast.js";

/** `@` cannot appear in CEL source, so expressions cannot call or shadow this function. */
const GUARD = "@oatf_deadline";

/** Reading the clock costs about as much as a loop step: do it every 64th check. */
const CLOCK_EVERY = 64;

export class Deadline {
  private at = Number.POSITIVE_INFINITY;
  private checks = 0;
  expired = false;

  start(timeoutMs: number): void {
    this.at = performance.now() + timeoutMs;
    this.checks = 0;
    this.expired = false;
  }

  passed(): boolean {
    if (!this.expired && ++this.checks % CLOCK_EVERY === 0 && performance.now() > this.at) {
      this.expired = true;
    }
    return this.expired;
  }
}

/** The deadline of the evaluation in progress (evaluation is synchronous and not reentrant). */
let current: Deadline | undefined;

export function withDeadline<T>(deadline: Deadline, run: () => T): T {
  const previous = current;
  current = deadline;
  try {
    return run();
  } finally {
    current = previous;
  }
}

/** Called by the data views on each read: throws once the deadline has passed. */
export function checkDeadline(): void {
  if (current?.passed()) throw new Error("deadline passed");
}

export function deadlineFunc(deadline: Deadline): CelFunc {
  return celFunc(GUARD, [CelScalar.DYN], CelScalar.DYN, (cond) =>
    deadline.passed() ? false : cond,
  );
}

/** Rewrites, in place, every comprehension's loop condition `c` into `@oatf_deadline(c)`. */
export function guardLoops(root: Expr): void {
  walk(root, ({ node }) => {
    const kind = node.exprKind;
    if (kind.case === "comprehensionExpr" && kind.value.loopCondition) {
      const cond = kind.value.loopCondition;
      kind.value.loopCondition = {
        id: cond.id,
        exprKind: { case: "callExpr", value: { function: GUARD, args: [cond] } },
      };
    }
    return true;
  });
}
