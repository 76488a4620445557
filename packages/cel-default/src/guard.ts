// The per-expression time limit (SDK §6.1: "bound evaluation time"). @bufbuild/cel evaluates
// synchronously and has no interrupt, so the limit is enforced from the places all work
// passes through, and each of them charges the deadline a cost in proportion to the work it
// is about to do (about one unit per nanosecond of work on a typical machine):
//
// - builtins: every function and operator call goes through meter.ts, which charges the
//   bytes and elements its arguments make it touch before the call runs;
// - loops: every comprehension's loop condition `c` is rewritten to `@oatf_deadline(c)`,
//   which answers `false` once the deadline has passed, so every running loop stops;
// - data: every read of the bound message goes through the views of values.ts, and every
//   element an equality or concatenation visits is charged as it goes.
//
// The deadline expires when the clock passes it, when the units charged exceed twice what the
// time limit allows (a clock-independent bound), or when one call's cost predicts that it would
// end past the deadline: that call is then refused before it starts, so no single builtin can
// overrun the limit by more than a misestimate. The evaluator then reports the breach instead of
// the (partial) result, and checks the clock once more after the run.
import { type CelFunc, CelScalar, celFunc } from "@bufbuild/cel";
import { type Expr, walk } from "./ast.js";

/** `@` cannot appear in CEL source, so expressions cannot call or shadow this function. */
const GUARD = "@oatf_deadline";

/** Cost units per millisecond: one unit is about a nanosecond of builtin work. */
export const UNITS_PER_MS = 1_000_000;

// Reading the clock costs about as much as a loop step, so it is read once per this many
// charges or once this many units were charged (about 50 µs of work), whichever comes first,
// counted from the last reading.
const CLOCK_EVERY = 64;
const CLOCK_UNITS = 50_000;

/** Thrown by a charge once the deadline has passed; the evaluator reports the timeout. */
export class DeadlineExceeded extends Error {}

export class Deadline {
  private at = Number.POSITIVE_INFINITY;
  private budget = Number.POSITIVE_INFINITY;
  private spent = 0;
  private sinceClock = 0;
  private charges = 0;
  expired = false;

  start(timeoutMs: number): void {
    this.at = performance.now() + timeoutMs;
    this.budget = timeoutMs * UNITS_PER_MS * 2;
    this.spent = 0;
    this.sinceClock = 0;
    this.charges = 0;
    this.expired = false;
  }

  /** Records `units` of work about to be done; false once the deadline has passed. */
  charge(units: number): boolean {
    this.spent += units;
    this.sinceClock += units;
    if (this.spent > this.budget) {
      this.expired = true;
    } else if (++this.charges === CLOCK_EVERY || this.sinceClock >= CLOCK_UNITS) {
      this.charges = 0;
      this.sinceClock = 0;
      // The work about to be done must also fit in the time left.
      if (performance.now() + units / UNITS_PER_MS > this.at) this.expired = true;
    }
    return !this.expired;
  }

  /** Reads the clock now (after the run: a result finished late is still a timeout). */
  check(): boolean {
    if (!this.expired && performance.now() > this.at) this.expired = true;
    return !this.expired;
  }

  /** A loop step or a read of the message: a small charge. */
  passed(): boolean {
    return !this.charge(1);
  }
}

/**
 * The deadline of the evaluation in progress (evaluation is synchronous); outside any
 * evaluation, one that was never started and never passes.
 */
let current = new Deadline();

export function withDeadline<T>(deadline: Deadline, run: () => T): T {
  const previous = current;
  current = deadline;
  try {
    return run();
  } finally {
    current = previous;
  }
}

/** Charges the evaluation in progress; throws once its deadline has passed. */
export function spend(units: number): void {
  if (!current.charge(units)) throw new DeadlineExceeded();
}

/** Called by the data views on each read: throws once the deadline has passed. */
export function checkDeadline(): void {
  spend(1);
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
    if (kind.case === "comprehensionExpr") {
      // The parser's macros always set a loop condition.
      const cond = kind.value.loopCondition as Expr;
      kind.value.loopCondition = {
        id: cond.id,
        exprKind: { case: "callExpr", value: { function: GUARD, args: [cond] } },
      };
    }
    return true;
  });
}
