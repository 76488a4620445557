// One actor's way through its phases (format §5.2, §5.3), built on the SDK's primitives:
// `computeEffectiveState` for the state in force, `evaluateTrigger` with a fresh
// `TriggerState` per phase for advancement, `evaluateExtractor` for captures and
// `interpolateValue` for templates. The protocol adapters (mcp/, a2a/, ag-ui/) own the wire;
// they tell the machine what was seen (`record`), which events happened (`event`) and what
// work is in flight (`busy`), and the machine calls their `enter` hook on each phase entry.
import {
  computeEffectiveState,
  evaluateExtractor,
  evaluateTrigger,
  interpolateValue,
} from "@oatf/evaluate";
import type { Actor, Phase, TriggerState, Value } from "@oatf/model";
import { parseDuration } from "@oatf/model";
import { extractProtocol } from "@oatf/registries";
import type { RunContext } from "./context.js";
import type { RunDiagnosticCode } from "./diagnostics.js";
import type { Observed, RecordedMessage } from "./recording.js";
import { timerDelay } from "./timer.js";

export interface PhaseHooks {
  /** The phase's entry: its `on_enter` actions and, for a client actor, its requests. */
  enter(machine: PhaseMachine): void;
}

/** Format §5.2: a phase without `name` is `phase-N` (1-based). */
export function phaseName(phase: Phase | undefined, index: number): string {
  return typeof phase?.name === "string" ? phase.name : `phase-${index + 1}`;
}

export class PhaseMachine {
  readonly name: string;
  readonly mode: string;
  readonly protocol: string;
  readonly role: "server" | "client";
  readonly phases: readonly Phase[];
  /** The state in force in the current phase (a deep copy: adapters may not change it). */
  state: Value | undefined;
  index = -1;
  /** The last phase's trigger fired: nothing comes after it. */
  exhausted = false;
  hooks: PhaseHooks | undefined;
  readonly #ctx: RunContext;
  #trigger: TriggerState = { event_count: 0 };
  #entered = 0;
  #timer: NodeJS.Timeout | undefined;
  #inflight = 0;

  constructor(actor: Actor, ctx: RunContext) {
    this.name = actor.name;
    this.mode = actor.mode;
    this.protocol = extractProtocol(actor.mode);
    this.role = actor.mode.endsWith("_server") ? "server" : "client";
    this.phases = actor.phases;
    this.#ctx = ctx;
  }

  get phase(): Phase | undefined {
    return this.phases[this.index];
  }

  get phaseName(): string {
    return phaseName(this.phase, this.index);
  }

  /** Format §5.2: a phase without a trigger is terminal. */
  get terminal(): boolean {
    return this.phase?.trigger === undefined || this.phase.trigger === null;
  }

  /** Nothing in flight and no `after` pending: the actor can do nothing until a peer acts. */
  get settled(): boolean {
    return this.#inflight === 0 && this.#timer === undefined;
  }

  get context(): RunContext {
    return this.#ctx;
  }

  /** Enters the first phase (after readiness: format §5.1). */
  start(): void {
    if (this.index < 0 && this.phases.length > 0) this.#enter(0, "start");
  }

  stop(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** The extractor values this actor's templates see (own names and qualified ones). */
  values(): Map<string, string> {
    return this.#ctx.extractors.view(this.name);
  }

  /** Reports a diagnostic of this actor, in its current phase. */
  say(severity: "error" | "warning" | "info", code: RunDiagnosticCode, message: string): void {
    this.#ctx.diagnostics.report({
      severity,
      code,
      message,
      actor: this.name,
      phase: this.phaseName,
    });
  }

  /** What a peer sent, parsed; undefined when it is not JSON, said in a `run/wire` warning. */
  json(text: string, what: string): Value | undefined {
    try {
      return JSON.parse(text) as Value;
    } catch {
      this.say("warning", "run/wire", what);
      return undefined;
    }
  }

  /** Format §5.6: templates resolved against the extractors and the current request. */
  interpolate(value: Value, request?: Value, response?: Value): Value {
    const out = interpolateValue(value, this.values(), request ?? null, response ?? null);
    for (const d of out.diagnostics)
      this.#ctx.diagnostics.sdk(d, { actor: this.name, phase: this.phaseName });
    return out.value;
  }

  /**
   * Records a message of this actor and runs the current phase's extractors on it (format
   * format §5.5: by protocol role, `request` or `response`). Past the run's message bound nothing
   * more is recorded and the run ends. `message` is the protocol message the extractors read
   * when the recorded content is more: a tools/call result enriched with its request's params
   * (SDK §4.1) is recorded enriched, but a response extractor reads what was returned.
   */
  record(observed: Observed, message: Value = observed.content): RecordedMessage | undefined {
    const ctx = this.#ctx;
    if (ctx.signal.aborted) return undefined;
    if (ctx.recording.count >= ctx.limits.maxMessages) {
      ctx.stop(`the run recorded ${ctx.limits.maxMessages} messages (limits.maxMessages)`);
      return undefined;
    }
    const recorded = ctx.recording.record(this.name, observed);
    for (const extractor of this.phase?.extractors ?? []) {
      const value = evaluateExtractor(extractor, message, observed.direction);
      if (value !== undefined) ctx.extractors.set(this.name, extractor.name, value);
    }
    return recorded;
  }

  /**
   * An event on this actor's connection (format §5.3: triggers are per actor). Advances when
   * the current phase's trigger fires; events in a terminal phase change nothing.
   */
  event(eventType: string, content: Value): void {
    const trigger = this.phase?.trigger;
    if (trigger === undefined || trigger === null || this.exhausted || this.#ctx.signal.aborted)
      return;
    const result = evaluateTrigger(
      trigger,
      { event_type: eventType, content },
      Date.now() - this.#entered,
      this.#trigger,
      this.protocol,
    );
    if (result.advanced) this.#advance(result.reason);
  }

  /** Counts `work` as in flight until it settles (the run is not idle meanwhile). */
  async busy<T>(work: () => Promise<T>): Promise<T> {
    this.#inflight++;
    try {
      return await work();
    } finally {
      this.#inflight--;
      this.#ctx.poke();
    }
  }

  #advance(reason: "event_matched" | "timeout"): void {
    this.stop();
    if (this.index + 1 < this.phases.length) this.#enter(this.index + 1, reason);
    else this.exhausted = true;
    this.#ctx.poke();
  }

  #enter(index: number, reason: "start" | "event_matched" | "timeout"): void {
    const ctx = this.#ctx;
    this.index = index;
    this.state = computeEffectiveState(this.phases, index);
    this.#trigger = { event_count: 0 };
    this.#entered = Date.now();
    ctx.transitions.push({
      actor: this.name,
      phase: this.phaseName,
      index,
      reason,
      after_messages: ctx.recording.count,
      timestamp: new Date(this.#entered).toISOString(),
    });
    this.#schedule();
    this.hooks?.enter(this);
  }

  // Format §5.3 `after`: measured from phase entry; `evaluateTrigger` decides when the timer
  // fires (with no event), so the primitive stays the one judge of elapsed time.
  #schedule(): void {
    const after = this.phase?.trigger?.after;
    if (typeof after !== "string") return;
    const parsed = parseDuration(after);
    if (!parsed.ok) return; // validate rejects it (V-021); an unparseable one never fires
    const fire = () => {
      this.#timer = undefined;
      const trigger = this.phase?.trigger;
      if (trigger === undefined || this.#ctx.signal.aborted) return;
      const elapsed = Date.now() - this.#entered;
      const result = evaluateTrigger(trigger, null, elapsed, this.#trigger);
      if (result.advanced) this.#advance(result.reason);
      // Not yet due: a timer may fire a moment early, and one past setTimeout's limit fires
      // after the limit; wait out the rest (at least 1 ms), never poll every millisecond.
      else this.#timer = setTimeout(fire, timerDelay(Math.max(1, parsed.value - elapsed)));
    };
    this.#timer = setTimeout(fire, timerDelay(parsed.value));
  }
}
