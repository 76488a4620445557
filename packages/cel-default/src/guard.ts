// The per-expression bound (SDK §6.1: "bound evaluation time"), deterministic first. A verdict
// must be a function of the documents, the trace and the options only, never of the machine's
// load, so the primary bound is a cost budget (`maxCost`) counted in work units, not in
// milliseconds. @bufbuild/cel evaluates synchronously and has no interrupt, so the work is
// charged from the places it all passes through, each in proportion to the work it is about
// to do (costs.ts weighs each kind of work so that a unit costs about the same time whatever
// the work; bench/calibration.bench.ts measures it):
//
// - builtins: every function and operator call goes through meter.ts, which charges the
//   bytes and elements its arguments make it touch before the call runs;
// - loops: every comprehension's loop condition `c` is rewritten to `@oatf_deadline(c, n)`,
//   which charges `n` units per step, `n` in proportion to the AST nodes the step evaluates,
//   and answers `false` once the budget is spent, so every running loop stops;
// - data: every read of the bound message goes through the views of values.ts, and every
//   element an equality, a concatenation or the result's conversion visits is charged.
//
// A charge that would take the total past the budget is refused before its work starts, so
// the same inputs stop at the same charge on any machine. The wall clock (`timeoutMs`) is
// only a backstop at a generous multiple of what the budget costs, for what the units cannot
// see (a getter of an in-memory context, a machine far slower than the calibration): it is
// read now and then during the run and once after it, and is the only non-deterministic bound.
import type { CelValue } from "@bufbuild/cel";
import { type Expr, walk } from "./ast.js";
import { CALL_UNITS, ELEMENT_NODES, ENTRY_NODES, NODE_UNITS, STEP_UNITS } from "./costs.js";

/** `@` cannot appear in CEL source, so expressions cannot call or shadow this function. */
export const GUARD = "@oatf_deadline";

// Reading the clock costs about as much as a loop step, so it is read once per this many
// charges or once this many units were charged, whichever comes first, counted from the
// last reading.
const CLOCK_EVERY = 64;
const CLOCK_UNITS = 50_000;

/** Thrown by a charge once a bound is passed; the evaluator reports which one. */
export class DeadlineExceeded extends Error {}

/** Which bound ended an evaluation. */
export type Breach = "cost" | "time";

/** Numbers each started evaluation, so per-evaluation charges (a regex compile) can tell them apart. */
let runs = 0;

export class Deadline {
  private at = Number.POSITIVE_INFINITY;
  private budget = Number.POSITIVE_INFINITY;
  private sinceClock = 0;
  private charges = 0;
  /** Units charged since `start`. */
  spent = 0;
  /** The bound that ended the evaluation, once one has. */
  breach: Breach | undefined;
  /** The number of the evaluation in progress (0 before any). */
  run = 0;

  get expired(): boolean {
    return this.breach !== undefined;
  }

  start(maxCost: number, timeoutMs: number): void {
    this.at = performance.now() + timeoutMs;
    this.budget = maxCost;
    this.spent = 0;
    this.sinceClock = 0;
    this.charges = 0;
    this.breach = undefined;
    this.run = ++runs;
  }

  /** Records `units` of work about to be done; false once a bound has been passed. */
  charge(units: number): boolean {
    if (this.breach) return false;
    if (this.spent + units > this.budget) {
      // Refused before the work starts: the units are not spent.
      this.breach = "cost";
      return false;
    }
    this.spent += units;
    this.sinceClock += units;
    if (++this.charges === CLOCK_EVERY || this.sinceClock >= CLOCK_UNITS) {
      this.charges = 0;
      this.sinceClock = 0;
      if (performance.now() > this.at) this.breach = "time";
    }
    return !this.breach;
  }

  /** Reads the clock now (after the run: a result finished past the backstop is still a breach). */
  check(): boolean {
    if (!this.breach && performance.now() > this.at) this.breach = "time";
    return !this.breach;
  }

  /** `units` of work (a loop step): true once a bound has been passed. */
  passed(units = 1): boolean {
    return !this.charge(units);
  }
}

/**
 * The deadline of the evaluation in progress (evaluation is synchronous); outside any
 * evaluation, one that was never started and never passes.
 */
let current = new Deadline();

export function withDeadline<T>(deadline: Deadline, run: () => T): T {
  const previous = current;
  // Every CEL error is a JavaScript Error (@bufbuild/cel's CelError extends it), and capturing
  // its stack took about 15 µs, twenty loop steps: a loop failing on every step ran ten times
  // longer than its charge. Nothing reads the stack of an error made during evaluation.
  const stackTraceLimit = Error.stackTraceLimit;
  current = deadline;
  Error.stackTraceLimit = 0;
  try {
    return run();
  } finally {
    current = previous;
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/** Charges the evaluation in progress; throws once a bound has been passed. */
export function spend(units: number): void {
  if (!current.charge(units)) throw new DeadlineExceeded();
}

/** The number of the evaluation in progress (0 outside any). */
export function currentRun(): number {
  return current.run;
}

/**
 * The loop guard's calls, as the planner makes them (the metered environment resolves
 * `@oatf_deadline` to this): `@oatf_deadline(c, n)` charges `n` units to the evaluation in
 * progress and answers `c`, or `false` once a bound is passed. It bypasses the metering and
 * overload dispatch of other calls, a fair part of a short step's time before V8 optimises:
 * `n` includes the fixed charge of a call. The macros' loop conditions are booleans.
 */
export const loopGuard = {
  call(_id: bigint, _target: CelValue | undefined, args: CelValue[]): CelValue {
    return current.passed(args[1] as number) ? false : (args[0] as CelValue);
  },
};

/**
 * AST nodes under `root`, itself included, and more per entry of a map literal or element of a
 * list literal, which cost several nodes' time to build (bench/calibration.bench.ts: map
 * literals in a loop, and the lists `map` builds, were the work charged least for its time).
 */
function nodes(root: Expr | undefined): number {
  let n = 0;
  if (root) {
    walk(root, ({ node }) => {
      const kind = node.exprKind;
      n += 1;
      if (kind.case === "structExpr") n += ENTRY_NODES * kind.value.entries.length;
      else if (kind.case === "listExpr") n += ELEMENT_NODES * kind.value.elements.length;
      return true;
    });
  }
  return n;
}

/**
 * Rewrites, in place, every comprehension's loop condition `c` into `@oatf_deadline(c, n)`,
 * where `n` is the step's cost: the guard's call, STEP_UNITS, and NODE_UNITS per node of the condition and the
 * step, so a loop
 * whose body builds a wide literal or a long chain is charged for it on every step.
 */
export function guardLoops(root: Expr): void {
  walk(root, ({ node }) => {
    const kind = node.exprKind;
    if (kind.case === "comprehensionExpr") {
      // The parser's macros always set a loop condition.
      const cond = kind.value.loopCondition as Expr;
      const steps = nodes(cond) + nodes(kind.value.loopStep);
      const units = CALL_UNITS + STEP_UNITS + NODE_UNITS * steps;
      // A double: the guard reads it as a number, with no conversion on every step.
      const weight: Expr = {
        id: cond.id,
        exprKind: {
          case: "constExpr",
          value: { constantKind: { case: "doubleValue", value: units } },
        },
      };
      kind.value.loopCondition = {
        id: cond.id,
        exprKind: { case: "callExpr", value: { function: GUARD, args: [cond, weight] } },
      };
    }
    return true;
  });
}
