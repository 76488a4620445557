// What every actor of one run shares: the recording, the extracted values, the diagnostics,
// the limits, the generation service, and the run's end (an AbortSignal). One context per
// run: each document runs in its own protocol session (format §11.3 item 10).
import type { Diagnostics } from "./diagnostics.js";
import type { ExtractorStore } from "./extractors.js";
import type { Synthesizer } from "./generation/synthesizer.js";
import type { RunLimits } from "./limits.js";
import type { Recording } from "./recording.js";

/** A phase change of one actor, in the order they happened. */
export interface PhaseTransition {
  actor: string;
  /** The phase entered (its name, format §5.2 defaults applied). */
  phase: string;
  index: number;
  /** Why: the actor started, its trigger's event count was reached, or its `after` elapsed. */
  reason: "start" | "event_matched" | "timeout";
  /** How many messages the run had recorded when the phase was entered. */
  after_messages: number;
  timestamp: string;
}

export interface RunContext {
  readonly run: string;
  readonly recording: Recording;
  readonly extractors: ExtractorStore;
  readonly diagnostics: Diagnostics;
  readonly limits: RunLimits;
  readonly synthesizer: Synthesizer;
  readonly transitions: PhaseTransition[];
  /** Aborted when the run ends: every wait, stream and request of the run stops with it. */
  readonly signal: AbortSignal;
  readonly allowRemote: boolean;
  /** How client actors make HTTP requests: `fetch`, recording each exchange into a HAR `out`. */
  readonly fetch: typeof fetch;
  /** Something changed that may settle the run (work ended, a phase changed, a timer fired). */
  poke(): void;
  /** Ends the run early (a bound was reached), with an error diagnostic saying why. */
  stop(why: string): void;
}
