// The state half of trace evaluation (format §6 step 5, SDK §4.5): what one trace (or one
// session of a monitor) has decided so far, per indicator of a CompiledTrace: its first
// match or first error with the deciding message's position, and its coverage counts. A few
// KB per trace, however many messages; the compiled documents are shared.
import type { Document, Indicator, IndicatorVerdict } from "@oatf/model";
import { cutText } from "../base/json.js";
import type { TraceMessage } from "../base/message.js";
import { beginCoercionMemo, endCoercionMemo } from "../primitives/coercion-memo.js";
import { checkedEnricherState } from "./ag-ui-snapshot.js";
import { blindReason, isBlind, unseenReason } from "./blind.js";
import { coverageOf, type TraceVerdict } from "./coverage.js";
import { asVerdict, type Outcome, runSafely, targetResolution } from "./indicator.js";
import { absorbObserved, Observed } from "./observed.js";
import type { CompiledTrace, Scan } from "./trace-compile.js";
import { agUiEnricher, type EnricherState, type Stateful } from "./trace-enrich.js";

import { computeVerdict } from "./verdict.js";

type Enricher = Stateful<ReturnType<typeof agUiEnricher>, EnricherState>;

/** A verdict decided by one message, and that message's position. */
export interface Decision {
  verdict: IndicatorVerdict;
  /** The deciding message's position (its line, or 0-based index); undefined when none (a cut trace). */
  position: number | undefined;
}

/** The first match of an indicator, or each match in `every` mode, as `onMatch` reports it. */
export interface TraceMatch {
  /** The document whose indicator matched, as the evaluator or monitor was given it. */
  document: Document;
  /** The indicator that matched (in `document.attack.indicators`). */
  indicator: Indicator;
  /** Position of the document in the list the evaluator or monitor was given. */
  documentIndex: number;
  /** Position of the indicator in the document's `attack.indicators`. */
  indicatorIndex: number;
  verdict: IndicatorVerdict;
  /** The matching message's position: its `line` when it has one, else its 0-based index. */
  position: number;
  /** The message's session key (monitors; `session` of the message for evaluators). */
  session?: string;
  /** The message's run, when it carries one (or a monitor's `run` option gives it one). */
  run?: string;
  /** The message that matched. */
  message: TraceMessage;
}

/** Per indicator (by scan order): what decided it, its first error, its coverage counts. */
export class Tallies {
  readonly eligible: Float64Array;
  /** Of the eligible messages, those blind for the indicator (not evaluated). */
  readonly blind: Float64Array;
  readonly resolved: Float64Array;
  /** The messages by protocol, direction and operation (for the warnings of unseen indicators). */
  observed = new Observed();
  /** 1 once decided (matched, or skipped by an evaluator at run time). */
  readonly status: Uint8Array;
  readonly decided = new Map<number, Decision>();
  readonly errors = new Map<number, { evidence: string; position: number | undefined }>();

  constructor(size: number) {
    this.eligible = new Float64Array(size);
    this.blind = new Float64Array(size);
    this.resolved = new Float64Array(size);
    this.status = new Uint8Array(size);
  }

  decide(order: number, decision: Decision): void {
    this.status[order] = 1;
    this.decided.set(order, decision);
  }
}

/**
 * Adds `other` (the tallies of other messages) to `into` as if both had been one evaluation's
 * sessions: the earliest decision and the earliest error win (ties: `into`'s), counts add.
 * A function, not a method of Tallies: only merges and monitors use it, and a bundle that
 * only evaluates traces leaves it out.
 */
export function absorbTallies(into: Tallies, other: Tallies): void {
  for (let i = 0; i < into.eligible.length; i++) {
    into.eligible[i]! += other.eligible[i]!;
    into.blind[i]! += other.blind[i]!;
    into.resolved[i]! += other.resolved[i]!;
  }
  absorbObserved(into.observed, other.observed);
  for (const [order, theirs] of other.decided) {
    const ours = into.decided.get(order);
    if (ours === undefined || earlier(theirs.position, ours.position)) into.decide(order, theirs);
  }
  for (const [order, theirs] of other.errors) {
    const ours = into.errors.get(order);
    if (ours === undefined || earlier(theirs.position, ours.position))
      into.errors.set(order, theirs);
  }
}

/** Strictly earlier; an unknown position (a cut trace) comes after every known one. */
export function earlier(a: number | undefined, b: number | undefined): boolean {
  return (a ?? Number.POSITIVE_INFINITY) < (b ?? Number.POSITIVE_INFINITY);
}

// A trace's names are the peer's to choose: evidence keeps this much of each, as it keeps
// 200 units of a matched value, so a megabyte operation name is not copied into every verdict.
const NAME_LIMIT = 256;
const named = (name: string) => (name.length > NAME_LIMIT ? `${cutText(name, NAME_LIMIT)}…` : name);

/** How evidence names a message: its 1-based source line when known, else its 0-based position. */
export function describeMessage(index: number, m: TraceMessage): string {
  const actor = m.actor === undefined ? "" : ` on actor ${named(m.actor)}`;
  const at = m.timestamp === undefined ? "" : ` at ${named(m.timestamp)}`;
  const where = typeof m.line === "number" ? `line ${m.line}` : `message ${index}`;
  return `${where} (${named(m.protocol)} ${named(m.operation)} ${m.direction}${actor}${at})`;
}

/** A message's position: its line when it has a valid one, else its 0-based index. */
export function positionOf(m: TraceMessage, index: number): number {
  return Number.isSafeInteger(m.line) && (m.line as number) > 0 ? (m.line as number) : index;
}

// The fields a trace message is read through, read once: a message whose fields cannot be
// read (a throwing getter) is skipped like any malformed one. The fields most messages lack
// are asked for with `in` first: V8 reads an absent property of an object made by spread
// (`{ ...m, session }`, as callers often build messages) on its slow path each time.
function readMessage(raw: unknown): TraceMessage | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  try {
    const m = raw as TraceMessage;
    const { protocol, direction, operation, content, line, session } = m;
    const actor = "actor" in m ? m.actor : undefined;
    const timestamp = "timestamp" in m ? m.timestamp : undefined;
    const uncaptured = "uncaptured" in m ? m.uncaptured : undefined;
    return { protocol, direction, actor, operation, content, timestamp, line, session, uncaptured };
  } catch {
    return undefined;
  }
}

/** Reports one match (trace-notify.ts makes one for `onMatch`). */
export type Notify = (
  scan: Scan,
  verdict: IndicatorVerdict,
  message: TraceMessage,
  position: number,
) => void;

/** How a trace state reports matches. */
export interface Reporting {
  /** `first`: an indicator is decided by its first match, then no longer run; `every`: every matching message is reported (the verdict keeps the first). */
  alerts: "first" | "every";
  notify?: Notify;
}

/** The evaluation state of one trace (or one monitored session). */
export class TraceState {
  readonly tallies: Tallies;
  /** Messages pushed. */
  count = 0;
  /** Scans still undecided (never reaches 0 in `every` mode's reporting, but counts the same). */
  pending: number;
  /**
   * The AG-UI enrichment state of each session (created on its first AG-UI message: most
   * sessions have none). Per session, so that its bounds (open tool calls) hold per session
   * whichever sessions share a state: one thread or a shard of `--jobs` give the same verdicts.
   */
  readonly enrichers = new Map<string, Enricher>();
  /** A restored enrichment state, for the state's one session (a monitor's state holds one). */
  restored: Enricher | undefined;
  readonly #compiled: CompiledTrace;

  constructor(compiled: CompiledTrace) {
    this.#compiled = compiled;
    this.tallies = new Tallies(compiled.scans.length);
    this.pending = compiled.live;
  }

  get done(): boolean {
    return this.pending === 0;
  }

  #enricherOf(session: string | undefined): Enricher {
    const key = session ?? "";
    let enricher = this.enrichers.get(key);
    if (enricher === undefined) {
      enricher = this.restored ?? agUiEnricher();
      this.restored = undefined;
      this.enrichers.set(key, enricher);
    }
    return enricher;
  }

  /** Evaluates one message (never throws); `index` is its 0-based position where it has no line. */
  push(raw: TraceMessage, reporting: Reporting, index = this.count): void {
    this.count++;
    // Counted however the trace is split or stopped: what the trace held is not a decision.
    const message = readMessage(raw);
    const route = message === undefined ? undefined : this.#compiled.routeOf(message);
    this.tallies.observed.add(route?.observed);
    if (message === undefined || route === undefined) return;
    // Everything decided: the message is only counted (coverage counts are the whole trace's).
    if (this.pending === 0 && reporting.alerts === "first") {
      this.#count(message, route.scans);
      return;
    }
    let lost: string | undefined;
    if (message.protocol === "ag_ui") {
      // Tool calls and streamed text are named per connection: a session's ids are its own.
      const session = typeof message.session === "string" ? message.session : undefined;
      const actor =
        session !== undefined
          ? `${session.length}:${session}|${message.actor ?? ""}`
          : message.actor;
      // The fields enrichment reads, not a copy of the whole message.
      const { protocol, operation, content } = message;
      const enriched = this.#enricherOf(session)({ protocol, operation, actor, session, content });
      message.content = enriched.content;
      lost = enriched.lost;
    }
    beginCoercionMemo();
    try {
      this.#evaluate(index, message, route.scans, lost, reporting);
    } finally {
      endCoercionMemo();
    }
  }

  /**
   * The coverage counts of a message no indicator evaluates any more: eligible (and blind)
   * counts are the whole trace's, whatever decided when, so one thread and the shards of
   * `--jobs` count the same.
   */
  #count(message: TraceMessage, scans: readonly Scan[]): void {
    const t = this.tallies;
    for (const scan of scans) {
      if (scan.actor !== undefined && (message.actor ?? scan.unnamedActor) !== scan.actor) continue;
      t.eligible[scan.order]!++;
      if (message.uncaptured !== undefined && isBlind(scan.reads, message.uncaptured))
        t.blind[scan.order]!++;
    }
  }

  /**
   * Runs `scans` (the message's route) on the message. `lost`: why the message may lack what
   * an indicator needs (an indicator it does not match becomes `error`).
   */
  #evaluate(
    index: number,
    message: TraceMessage,
    scans: readonly Scan[],
    lost: string | undefined,
    r: Reporting,
  ): void {
    const { evaluators, source } = this.#compiled;
    const t = this.tallies;
    const every = r.alerts === "every";
    for (const scan of scans) {
      const decided = t.status[scan.order] === 1;
      if (scan.actor !== undefined && (message.actor ?? scan.unnamedActor) !== scan.actor) continue;
      t.eligible[scan.order]!++;
      if (message.uncaptured !== undefined && isBlind(scan.reads, message.uncaptured)) {
        t.blind[scan.order]!++;
        continue;
      }
      // Decided: counted (above), no longer run (its `resolved` is not reported).
      if (decided && !every) continue;
      targetResolution.seen = false;
      const outcome = runSafely(scan.program, message.content, evaluators);
      if (targetResolution.seen) t.resolved[scan.order]!++;
      if (decided) {
        // `every`: a later match of a decided indicator is reported, its verdict kept.
        if (outcome.result === "matched" && r.notify !== undefined) {
          const verdict = this.#matchVerdict(scan, index, message, outcome);
          r.notify(scan, verdict, message, positionOf(message, index));
        }
        continue;
      }
      if (outcome.result === "not_matched") {
        if (lost !== undefined) this.#error(scan.order, index, message, lost);
        continue;
      }
      if (outcome.result === "error") {
        this.#error(scan.order, index, message, outcome.evidence ?? "error");
        continue;
      }
      // `matched` answers the indicator; `skipped` (no evaluator) is the same for every message.
      const position = positionOf(message, index);
      const verdict =
        outcome.result === "matched"
          ? this.#matchVerdict(scan, index, message, outcome)
          : asVerdict(scan.key, outcome, source);
      t.decide(scan.order, { verdict, position });
      this.pending--;
      if (outcome.result === "matched") r.notify?.(scan, verdict, message, position);
    }
  }

  #error(order: number, index: number, message: TraceMessage, why: string): void {
    if (this.tallies.errors.has(order)) return;
    const evidence = `${describeMessage(index, message)}: ${why}`;
    this.tallies.errors.set(order, { evidence, position: positionOf(message, index) });
  }

  #matchVerdict(scan: Scan, index: number, message: TraceMessage, o: Outcome): IndicatorVerdict {
    const evidence = `${describeMessage(index, message)}: ${o.evidence ?? "matched"}`;
    return asVerdict(scan.key, { result: "matched", evidence }, this.#compiled.source);
  }

  /** Marks the trace as cut short: undecided indicators without an error get `reason`. */
  fail(reason: string): void {
    for (const scan of this.#compiled.scans) {
      if (scan.skipped !== undefined || this.tallies.status[scan.order] === 1) continue;
      if (!this.tallies.errors.has(scan.order))
        this.tallies.errors.set(scan.order, { evidence: reason, position: undefined });
    }
  }
}

/** The attack verdict of each document, with its coverage, from (merged) tallies. */
export function verdictsOf(compiled: CompiledTrace, t: Tallies): TraceVerdict[] {
  const { source } = compiled;
  const observed = t.observed.save();
  // Why an undecided indicator was not evaluated (none eligible, or all blind), or saw only part.
  const why = ({ order, filter, reads }: Scan): string | undefined => {
    const [eligible, blind] = [t.eligible[order]!, t.blind[order]!];
    if (eligible === 0) return unseenReason(filter, t.observed);
    return blind > 0 ? blindReason(filter, reads, blind, eligible) : undefined;
  };
  const settle = (scan: Scan): IndicatorVerdict => {
    if (scan.skipped !== undefined) return scan.skipped;
    const decided = t.decided.get(scan.order);
    if (decided !== undefined) return decided.verdict;
    const error = t.errors.get(scan.order);
    const seen = t.eligible[scan.order]! - t.blind[scan.order]!;
    const outcome: Outcome =
      error !== undefined
        ? { result: "error", evidence: error.evidence }
        : seen === 0
          ? { result: "skipped", evidence: `not evaluated: ${why(scan)}` }
          : { result: "not_matched", evidence: `no match in ${seen} eligible message(s)` };
    return asVerdict(scan.key, outcome, source);
  };
  return compiled.documents.map((entry) => {
    if (!("scans" in entry)) {
      const verdict = computeVerdict(entry.unreadable as Document["attack"], [], { source });
      return { ...verdict, coverage: [], observed };
    }
    const verdicts = new Map(entry.scans.map((scan) => [scan.key, settle(scan)]));
    const coverage = entry.scans.map((scan) => {
      const { targets, counted } = scan.resolution;
      const o = scan.order;
      // Counted up to the decision only: where that falls depends on how the trace was split.
      const resolved = counted && t.status[o] !== 1 ? t.resolved[o] : undefined;
      const verdict = verdicts.get(scan.key);
      const matched = verdict?.result === "matched";
      // A verdict skipped up front (no evaluator, an unknown method) warns with its own reason,
      // as every skipped indicator does; an error or a match needs no more.
      const note =
        scan.skipped !== undefined
          ? scan.skipped.evidence
          : verdict?.result === "skipped" || verdict?.result === "not_matched"
            ? why(scan)
            : undefined;
      const c = coverageOf(scan.key, targets, t.eligible[o]!, resolved, matched, t.blind[o], note);
      const position =
        scan.skipped !== undefined
          ? undefined
          : (t.decided.get(o)?.position ??
            (verdict?.result === "error" ? t.errors.get(o)?.position : undefined));
      if (position !== undefined) c.position = position;
      return c;
    });
    return { ...computeVerdict(entry.attack, verdicts, { source }), coverage, observed };
  });
}

// What a monitor's snapshots need of a trace state, as functions rather than methods: a
// bundle that only evaluates traces leaves them out.

/** The AG-UI enrichment state of the state's one session (a monitor's), if it has one. */
export function savedEnricher(state: TraceState): EnricherState | undefined {
  const { enrichers, restored } = state;
  if (enrichers.size === 0) return restored?.save();
  return enrichers.size === 1 ? [...enrichers.values()][0]!.save() : undefined;
}

/** Resumes an enrichment state for the state's one session (throws on a malformed one). */
export function restoreEnricher(state: TraceState, saved: unknown): void {
  state.enrichers.clear();
  state.restored = saved === undefined ? undefined : agUiEnricher(checkedEnricherState(saved));
}

/** Recounts `pending` from the tallies (after a restore). */
export function recountPending(state: TraceState, compiled: CompiledTrace): void {
  let pending = 0;
  for (const scan of compiled.scans)
    if (scan.skipped === undefined && state.tallies.status[scan.order] === 0) pending++;
  state.pending = pending;
}
