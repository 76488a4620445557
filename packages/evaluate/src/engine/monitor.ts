// A session monitor (issue 24 §2; format §6 trace filtering and SDK §4.5 verdicts per
// session): live traffic of many connections, each evaluated as its own trace, so one
// session's correlation, AG-UI naming and first match never hide another's. The documents
// are compiled once (trace-compile.ts) and shared; a session is a TraceState of a few KB,
// created on its first message and ended when idle, when `maxSessions` is reached, at the end
// of its time window, or on request. An ended session is reported (`onEvict`) and its tallies
// kept in the monitor's merged verdicts: ending a session never loses a match.
// Time is message time (`timestamp`), never the wall clock: verdicts and alerts stay a pure
// function of the documents, the messages and the options.
import type { Diagnostic, Document, Result } from "@oatf/model";
import type { TraceMessage } from "../base/message.js";
import { readOptions } from "../base/options.js";
import { describeThrown } from "../compile/compile-error.js";
import type { TraceVerdict } from "./coverage.js";
import type { IndicatorEvaluators } from "./indicator.js";
import { type SessionEnd, type SessionTable, sessionTable } from "./monitor-sessions.js";
import {
  type MonitorSnapshot,
  type MonitorState,
  restoreSnapshot,
  type SessionSnapshot,
  saveMonitor,
  saveSession,
  stateKey,
} from "./monitor-snapshot.js";
import { MAX_RUNS, runVerdicts } from "./runs.js";
import { type CompiledTrace, compileTrace } from "./trace-compile.js";
import { notifier } from "./trace-notify.js";
import {
  absorbTallies,
  type Reporting,
  Tallies,
  type TraceMatch,
  verdictsOf,
} from "./trace-state.js";

/** Sessions kept at once when `maxSessions` is not given. */
export const DEFAULT_MAX_SESSIONS = 10_000;

export type { SessionEnd, SessionEndReason } from "./monitor-sessions.js";

export interface MonitorOptions extends IndicatorEvaluators {
  /** Verdict `source`: the tool producing the verdicts. */
  source?: string;
  /**
   * The run of messages that carry none (default: the unnamed run ""). Verdicts are per run
   * (`TraceMessage.run`): a session's state belongs to one run, and a run may span sessions.
   */
  run?: string;
  /**
   * The partition key of a message (default: its `session`, else `""`). Key by transport
   * connection or session (proxy connection id, MCP session id, A2A `contextId`, AG-UI
   * `threadId`), never by message id or direction: request/response correlation and AG-UI
   * tool-call naming are per connection.
   */
  key?: (message: TraceMessage) => string | undefined;
  /** Sessions kept at once; a new session past it ends the least recently active one (`capacity`). Default 10,000. */
  maxSessions?: number;
  /** A session without a message for this long (message time, ms) ends (`idle`). Default: never. */
  idleMs?: number;
  /**
   * A session's state starts over this long (message time, ms) after its first message
   * (`window`), so `alerts: "first"` reports again in each window. Default: never.
   */
  windowMs?: number;
  /**
   * `every` (default): each matching message is reported to `onMatch`, also after an
   * indicator's first match; `first`: once per indicator per session state (cheaper).
   * Either way a verdict names its first match.
   */
  alerts?: "every" | "first";
  /** Called for each match (see `alerts`), with the session and the message's position. */
  onMatch?: (match: TraceMatch) => void;
  /** Called when a session's state ends, with its final verdicts. */
  onEvict?: (ended: SessionEnd) => void;
}

export interface Monitor {
  /** Evaluates one message in its session's state (created on the session's first message). Never throws. */
  push(message: TraceMessage): void;
  /** Pushes every message of a (sync or async) iterable; a failing iterable marks every live session cut short. */
  pushAll(messages: Iterable<TraceMessage> | AsyncIterable<TraceMessage>): Promise<void>;
  /**
   * Ends `session` (of `run`, default the `run` option's) now (`closed`, reported); its
   * verdicts, or undefined when it has no state.
   */
  close(session: string, run?: string): TraceVerdict[] | undefined;
  /** Ends `session` of `run` (`reset`, reported): its next message starts a new state. */
  reset(session: string, run?: string): void;
  /**
   * Ends the sessions idle for `idleMs` as of `now` (ms since the epoch; default: the latest
   * message time seen). Returns how many ended. Pushing sweeps too.
   */
  sweep(now?: number): number;
  /** Marks every live session as cut short: their undecided indicators become `error`. */
  fail(reason: string): void;
  /** Messages pushed. */
  readonly count: number;
  /** Sessions with a state now. */
  readonly sessions: number;
  /** Session states ended so far (by any reason). */
  readonly ended: number;
  /** The keys of the sessions with a state (of every run), least recently active first. */
  keys(): string[];
  /** The verdicts of one live session (of `run`), or undefined. */
  sessionVerdicts(session: string, run?: string): TraceVerdict[] | undefined;
  /**
   * The verdict of each document over every session seen (live and ended), each session
   * evaluated as its own trace and the sessions of a run merged as `mergeVerdicts` does
   * (earliest match wins); with named runs, the summary of the runs with each run's verdict.
   * Messages of runs past the first 10,000 are not evaluated (their run's verdict is `error`).
   */
  verdicts(): TraceVerdict[];
  /** The state of one session (of `run`), or of the whole monitor, as JSON-safe data with a `version`. */
  snapshot(): MonitorSnapshot;
  snapshot(session: string, run?: string): SessionSnapshot | undefined;
  /**
   * Resumes from a snapshot (after `JSON.parse`): a monitor snapshot replaces the whole state,
   * a session snapshot that session's. An unknown version, other documents or a malformed
   * snapshot is an error Result (an `E-STATE` diagnostic, `path` naming the field), and
   * nothing changes. Never throws.
   */
  restore(snapshot: unknown): Result<void, Diagnostic>;
}

function timeOf(message: TraceMessage): number {
  let timestamp: unknown;
  try {
    timestamp = message?.timestamp;
  } catch {}
  return typeof timestamp === "string" ? Date.parse(timestamp) : Number.NaN;
}

function defaultKey(message: TraceMessage): string | undefined {
  return message?.session;
}

const positive = (n: unknown, fallback: number): number =>
  typeof n === "number" && n > 0 ? n : fallback;

/** A message's session key; a throwing key function: the message still counts, in the default session. */
function readKey(
  keyOf: (message: TraceMessage) => string | undefined,
  message: TraceMessage,
): string {
  try {
    const key = keyOf(message);
    return typeof key === "string" ? key : "";
  } catch {
    return "";
  }
}

/** A message's run; an unreadable run key: the message still counts, in the default run. */
function readRun(message: TraceMessage, defaultRun: string): string {
  try {
    // `in` first, as readMessage (trace-state.ts) does: most messages carry no run (and a
    // message that is no object throws here, and is in the default run, as before).
    const run = "run" in message ? message.run : undefined;
    return typeof run === "string" ? run : defaultRun;
  } catch {
    return defaultRun;
  }
}

/** The verdicts of every run: its ended sessions' tallies and its live ones' (runs.ts). */
function monitorVerdicts(m: MonitorState): TraceVerdict[] {
  const runs = new Map<string, Tallies>();
  for (const [run, past] of m.past) {
    const all = new Tallies(m.compiled.scans.length);
    absorbTallies(all, past);
    runs.set(run, all);
  }
  for (const record of m.sessions.values())
    absorbTallies(runs.get(record.run)!, record.state.tallies);
  return runVerdicts(m.compiled, runs, m.overflow);
}

/** The options a monitor reads (the others are refused, base/options.ts). */
const MONITOR_OPTIONS = [
  "source",
  "run",
  "cel",
  "semantic",
  "key",
  "maxSessions",
  "idleMs",
  "windowMs",
  "alerts",
  "onMatch",
  "onEvict",
] as const;

/** A monitor's state before its first message. */
function monitorState(compiled: CompiledTrace): MonitorState {
  return {
    compiled,
    count: 0,
    clock: Number.NEGATIVE_INFINITY,
    past: new Map(),
    overflow: 0,
    ended: 0,
    sessions: new Map(),
  };
}

/**
 * Compiles `documents` once and returns a monitor keeping one evaluation state per session
 * (format §6 per session, SDK §4.5 verdicts).
 */
export function createMonitor(
  documents: readonly Document[],
  options: MonitorOptions = {},
): Monitor {
  return new SessionMonitor(documents, options);
}

// Its methods are own arrow functions, so a monitor's methods work detached (`source.on(
// "data", monitor.push)`), as they always have.
class SessionMonitor implements Monitor {
  readonly #m: MonitorState;
  readonly #table: SessionTable;
  // The options, read once.
  readonly #maxSessions: number;
  readonly #idleMs: number;
  readonly #alerts: "first" | "every";
  readonly #keyOf: (message: TraceMessage) => string | undefined;
  readonly #defaultRun: string;
  readonly #onMatch: ((match: TraceMatch) => void) | undefined;
  /** Message time is read only when something is timed by it. */
  readonly #timed: boolean;

  constructor(documents: readonly Document[], options: MonitorOptions) {
    const o = readOptions(options, MONITOR_OPTIONS);
    const maxSessions = Math.floor(positive(o.maxSessions, DEFAULT_MAX_SESSIONS)) || 1;
    const idleMs = positive(o.idleMs, Number.POSITIVE_INFINITY);
    const windowMs = positive(o.windowMs, Number.POSITIVE_INFINITY);
    this.#maxSessions = maxSessions;
    this.#idleMs = idleMs;
    this.#alerts = o.alerts === "first" ? "first" : "every";
    this.#keyOf = typeof o.key === "function" ? o.key : defaultKey;
    this.#defaultRun = typeof o.run === "string" ? o.run : "";
    this.#onMatch = o.onMatch;
    this.#timed = idleMs !== Number.POSITIVE_INFINITY || windowMs !== Number.POSITIVE_INFINITY;
    const compiled = compileTrace(documents, { cel: o.cel, semantic: o.semantic }, o.source);
    this.#m = monitorState(compiled);
    this.#table = sessionTable(this.#m, maxSessions, idleMs, windowMs, o.onEvict);
  }

  readonly push = (message: TraceMessage): void => {
    const m = this.#m;
    const index = m.count++;
    const time = this.#timed ? timeOf(message) : Number.NaN;
    if (time > m.clock) m.clock = time;
    if (this.#idleMs !== Number.POSITIVE_INFINITY) this.#table.sweep();
    const key = readKey(this.#keyOf, message);
    const run = readRun(message, this.#defaultRun);
    if (!m.past.has(run)) {
      // A run past the bound is not evaluated: its messages are counted, and said (runs.ts).
      if (m.past.size >= MAX_RUNS) return void m.overflow++;
      m.past.set(run, new Tallies(m.compiled.scans.length));
    }
    const record = this.#table.enter(key, run, time);
    record.reporting ??= this.#reporting(key, run);
    record.state.push(message, record.reporting, index);
  };

  readonly pushAll = async (
    messages: Iterable<TraceMessage> | AsyncIterable<TraceMessage>,
  ): Promise<void> => {
    try {
      for await (const message of messages) this.push(message);
    } catch (thrown) {
      this.fail(
        `the trace could not be read after ${this.#m.count} message(s): ${describeThrown(thrown)}`,
      );
    }
  };

  readonly close = (session: string, run?: string): TraceVerdict[] | undefined => {
    const record = this.#live(session, run);
    return record === undefined ? undefined : this.#table.end(record, "closed");
  };

  readonly reset = (session: string, run?: string): void => {
    const record = this.#live(session, run);
    if (record !== undefined) this.#table.end(record, "reset");
  };

  readonly sweep = (now?: number): number =>
    this.#table.sweep(typeof now === "number" ? now : this.#m.clock);

  readonly fail = (reason: string): void => {
    for (const record of this.#m.sessions.values()) record.state.fail(reason);
  };

  get count() {
    return this.#m.count;
  }

  get sessions() {
    return this.#m.sessions.size;
  }

  get ended() {
    return this.#m.ended;
  }

  readonly keys = (): string[] => [...this.#m.sessions.values()].map((record) => record.key);

  readonly sessionVerdicts = (session: string, run?: string): TraceVerdict[] | undefined => {
    const record = this.#live(session, run);
    return record === undefined ? undefined : verdictsOf(this.#m.compiled, record.state.tallies);
  };

  readonly verdicts = (): TraceVerdict[] => monitorVerdicts(this.#m);

  readonly snapshot = ((session?: string, run?: string) => {
    if (session === undefined) return saveMonitor(this.#m);
    const record = this.#live(session, run);
    return record === undefined ? undefined : saveSession(this.#m.compiled, record);
  }) as Monitor["snapshot"];

  readonly restore = (saved: unknown): Result<void, Diagnostic> => {
    const restored = restoreSnapshot(this.#m, saved, this.#maxSessions);
    if (!restored.ok) return restored;
    restored.value();
    this.#table.trim();
    return { ok: true, value: undefined };
  };

  #live(session: string, run = this.#defaultRun) {
    return this.#m.sessions.get(stateKey(run, session));
  }

  #reporting(session: string, run: string): Reporting {
    const onMatch = this.#onMatch;
    if (onMatch === undefined) return { alerts: this.#alerts };
    const notify = notifier(this.#m.compiled, onMatch, session, run === "" ? undefined : run);
    return { alerts: this.#alerts, notify };
  }
}
