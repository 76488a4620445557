// The normalized document (SDK §3.3): what N-001..N-008 guarantee, as required fields, so
// code reading a document from `normalize` or `load` needs no `!`. Every NormalizedDocument
// is a Document (it only narrows fields), so it goes wherever a Document goes.
import type {
  Actor,
  Attack,
  Correlation,
  Document,
  Execution,
  Indicator,
  Mode,
  PatternMatch,
  Phase,
  Protocol,
  SemanticMatch,
  Severity,
  Status,
  Trigger,
} from "./types.js";

/** SDK §3.3: the document `normalize` returns for a valid document. */
export interface NormalizedDocument extends Document {
  attack: NormalizedAttack;
}

export interface NormalizedAttack extends Attack {
  /** N-001: default `"Untitled"`. */
  name: string;
  /** N-001: default `1`. */
  version: number;
  /** N-001: default `draft`. */
  status: Status;
  /** N-002: object form, with `confidence` (default 50). */
  severity?: Required<Severity>;
  execution: NormalizedExecution;
  indicators?: NormalizedIndicator[];
  /** N-001: present, with `logic` (default `any`), whenever `indicators` is. */
  correlation?: Required<Correlation>;
}

/**
 * N-006/N-007: every form becomes multi-actor form; `mode`, `state`, `phases` are removed.
 * `?: never` (not `?: undefined`): absent, which also compiles as a narrowing of `Execution`
 * under `exactOptionalPropertyTypes`.
 */
export interface NormalizedExecution extends Execution {
  mode?: never;
  state?: never;
  phases?: never;
  actors: NormalizedActor[];
}

export interface NormalizedActor extends Actor {
  phases: NormalizedPhase[];
}

export interface NormalizedPhase extends Phase {
  /** N-001: `phase-{N}` when omitted. */
  name: string;
  /** N-001: inherited from the actor. */
  mode: Mode;
  trigger?: NormalizedTrigger;
}

/** N-001: a trigger with an `event` has a `count` (default 1). */
export type NormalizedTrigger = Trigger & ({ event: string; count: number } | { event?: never });

export interface NormalizedIndicator extends Indicator {
  /** N-003: `{attack.id}-NN` or `indicator-NN` when omitted. */
  id: string;
  /** N-001/N-004: from `execution.mode` when omitted. */
  protocol: Protocol;
  /** N-004/N-005: standard form with `target` and `condition`. */
  pattern?: PatternMatch & Required<Pick<PatternMatch, "target" | "condition">>;
  /** N-004: `target` materialized. */
  semantic?: SemanticMatch & Required<Pick<SemanticMatch, "target">>;
}
