// When a run ends, and why (format §4.2 `grace_period`, format §11.3). The run settles when every
// actor is settled, the agent is driven, and the observation window passes without traffic.
// The states, and what moves them:
//
//   starting ──the client actors start──▶ running
//   running ──every actor settled and the agent driven (a poke)──▶ observing (window armed)
//   observing ──traffic, or a poke finding an actor busy──▶ running (window cleared)
//   observing ──the window passes and all is still settled──▶ ended "settled"
//   observing ──the timeout──▶ ended "settled" (the window cut short, said as info)
//   starting, running ──the timeout──▶ ended "timeout" (the busy actors named)
//   any ──a bound reached, the caller's signal, a step failing──▶ ended "limit",
//         "aborted", "failed"
//   ended ──anything──▶ ended (the first end wins)
import type { Diagnostics } from "./diagnostics.js";
import type { PhaseMachine } from "./phase-machine.js";
import type { RunEnd } from "./run.js";
import { timerDelay } from "./timer.js";

export class Settlement {
  /** How the run ended; undefined while it runs. */
  ended: RunEnd | undefined = undefined;
  /** True until the client actors start: nothing settles before. */
  starting = true;
  /** Resolves with the run's end, once. */
  readonly done: Promise<RunEnd>;
  private resolve: (end: RunEnd) => void = () => {};
  private grace: NodeJS.Timeout | undefined = undefined;
  private timeout: NodeJS.Timeout | undefined = undefined;

  constructor(
    private readonly machines: readonly PhaseMachine[],
    /** Whether something drives the agent (a client actor, its command, the caller). */
    private readonly driven: () => boolean,
    private readonly graceMs: number,
    private readonly diagnostics: Diagnostics,
  ) {
    this.done = new Promise<RunEnd>((resolve) => {
      this.resolve = resolve;
    });
  }

  /** Ends the run, unless it already ended. */
  finish(end: RunEnd): void {
    if (this.ended !== undefined) return;
    this.ended = end;
    this.resolve(end);
  }

  private settled(): boolean {
    return !this.starting && this.machines.every((m) => m.settled) && this.driven();
  }

  /** Something changed (an actor's phase, the agent): arms or clears the window. */
  poke(): void {
    if (this.ended !== undefined) return;
    if (!this.settled()) {
      clearTimeout(this.grace);
      this.grace = undefined;
    } else if (this.grace === undefined)
      this.grace = setTimeout(() => {
        this.grace = undefined;
        if (this.settled()) this.finish("settled");
      }, timerDelay(this.graceMs));
  }

  /** A message was recorded: the window starts again. */
  traffic(): void {
    if (this.grace === undefined) return;
    clearTimeout(this.grace);
    this.grace = undefined;
    setImmediate(() => this.poke());
  }

  /** Starts the run's timeout. */
  arm(timeoutMs: number): void {
    this.timeout = setTimeout(() => {
      // Everything had settled: only the observation window was left, and the timeout cuts it.
      if (this.grace !== undefined && this.settled()) {
        this.diagnostics.report({
          severity: "info",
          code: "run/timeout",
          message: `the observation window (${this.graceMs} ms) was cut short by the timeout (${timeoutMs} ms)`,
        });
        this.finish("settled");
        return;
      }
      const busy = this.machines
        .filter((m) => !m.settled)
        .map((m) => `${m.name} (phase ${m.phaseName})`);
      this.diagnostics.report({
        severity: "warning",
        code: "run/timeout",
        message: `the run timed out after ${timeoutMs} ms${busy.length > 0 ? `; still busy: ${busy.join(", ")}` : ""}`,
      });
      this.finish("timeout");
    }, timerDelay(timeoutMs));
  }

  /** Clears the timers; a run not ended by now failed. */
  close(): void {
    clearTimeout(this.timeout);
    clearTimeout(this.grace);
    if (this.ended === undefined) this.finish("failed");
  }
}
