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
import {
  type MonitorSnapshot,
  type MonitorState,
  restoreSnapshot,
  type SessionRecord,
  type SessionSnapshot,
  saveMonitor,
  saveSession,
} from "./monitor-snapshot.js";
import { compileTrace } from "./trace-compile.js";
import { type Reporting, Tallies, type TraceMatch, TraceState, verdictsOf } from "./trace-state.js";

/** Sessions kept at once when `maxSessions` is not given. */
export const DEFAULT_MAX_SESSIONS = 10_000;

/** Why a session's state ended. */
export type SessionEndReason = "idle" | "capacity" | "window" | "reset" | "closed";

/** A session whose state ended, with its final verdicts (as `onEvict` reports it). */
export interface SessionEnd {
  session: string;
  reason: SessionEndReason;
  /** Messages the session's state evaluated. */
  messages: number;
  /** The session's attack verdict per document, as a trace of its own messages. */
  verdicts: TraceVerdict[];
}

export interface MonitorOptions extends IndicatorEvaluators {
  /** Verdict `source`: the tool producing the verdicts. */
  source?: string;
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
  /** Ends `session` now (`closed`, reported); its verdicts, or undefined when it has no state. */
  close(session: string): TraceVerdict[] | undefined;
  /** Ends `session` (`reset`, reported): its next message starts a new state. */
  reset(session: string): void;
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
  /** The keys of the sessions with a state, least recently active first. */
  keys(): string[];
  /** The verdicts of one live session, or undefined. */
  sessionVerdicts(session: string): TraceVerdict[] | undefined;
  /**
   * The verdict of each document over every session seen (live and ended), each session
   * evaluated as its own trace and merged as `mergeVerdicts` does: earliest match wins.
   */
  verdicts(): TraceVerdict[];
  /** The state of one session, or of the whole monitor, as JSON-safe data with a `version`. */
  snapshot(): MonitorSnapshot;
  snapshot(session: string): SessionSnapshot | undefined;
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

/**
 * Compiles `documents` once and returns a monitor keeping one evaluation state per session
 * (format §6 per session, SDK §4.5 verdicts).
 */
export function createMonitor(
  documents: readonly Document[],
  options: MonitorOptions = {},
): Monitor {
  const o = readOptions(options, [
    "source",
    "cel",
    "semantic",
    "key",
    "maxSessions",
    "idleMs",
    "windowMs",
    "alerts",
    "onMatch",
    "onEvict",
  ]);
  const maxSessions = Math.floor(positive(o.maxSessions, DEFAULT_MAX_SESSIONS)) || 1;
  const idleMs = positive(o.idleMs, Number.POSITIVE_INFINITY);
  const windowMs = positive(o.windowMs, Number.POSITIVE_INFINITY);
  const alerts: "first" | "every" = o.alerts === "first" ? "first" : "every";
  const keyOf = typeof o.key === "function" ? o.key : defaultKey;
  const compiled = compileTrace(documents, { cel: o.cel, semantic: o.semantic }, o.source);
  const m: MonitorState = {
    compiled,
    count: 0,
    clock: Number.NEGATIVE_INFINITY,
    past: new Tallies(compiled.scans.length),
    ended: 0,
    sessions: new Map(),
  };

  const reporting = (session: string): Reporting => ({
    alerts,
    session,
    ...(o.onMatch === undefined ? {} : { onMatch: o.onMatch }),
  });
  // Message time is read only when something is timed by it.
  const timed = idleMs !== Number.POSITIVE_INFINITY || windowMs !== Number.POSITIVE_INFINITY;

  function end(record: SessionRecord, reason: SessionEndReason): TraceVerdict[] | undefined {
    m.sessions.delete(record.key);
    m.past.absorb(record.state.tallies);
    m.ended++;
    if (o.onEvict === undefined && reason !== "closed") return undefined;
    const verdicts = verdictsOf(compiled, record.state.tallies);
    try {
      o.onEvict?.({ session: record.key, reason, messages: record.state.count, verdicts });
    } catch {} // a throwing callback must not stop the monitor
    return verdicts;
  }

  function sweep(now = m.clock): number {
    if (idleMs === Number.POSITIVE_INFINITY || !Number.isFinite(now)) return 0;
    let swept = 0;
    // Activity order: stop at the first session still active.
    for (const record of m.sessions.values()) {
      // Seen only before any message time was known: its idle time starts now.
      if (record.lastSeen === Number.NEGATIVE_INFINITY) {
        record.lastSeen = now;
        continue;
      }
      if (!(now - record.lastSeen > idleMs)) break;
      end(record, "idle");
      swept++;
    }
    return swept;
  }

  function readKey(message: TraceMessage): string {
    try {
      const key = keyOf(message);
      return typeof key === "string" ? key : "";
    } catch {
      return ""; // a throwing key function: the message still counts, in the default session
    }
  }

  function push(message: TraceMessage): void {
    const index = m.count++;
    const time = timed ? timeOf(message) : Number.NaN;
    if (time > m.clock) m.clock = time;
    if (idleMs !== Number.POSITIVE_INFINITY) sweep();
    const key = readKey(message);
    let record = m.sessions.get(key);
    if (record === undefined) {
      const first = m.sessions.values().next();
      if (m.sessions.size >= maxSessions && !first.done) end(first.value, "capacity");
      record = { key, state: new TraceState(compiled), lastSeen: m.clock, windowStart: undefined };
    } else m.sessions.delete(key); // re-inserted last: most recently active
    m.sessions.set(key, record);
    record.lastSeen = m.clock;
    if (Number.isFinite(time)) {
      if (record.windowStart === undefined) record.windowStart = time;
      else if (time - record.windowStart >= windowMs) {
        end(record, "window");
        record = { key, state: new TraceState(compiled), lastSeen: m.clock, windowStart: time };
        m.sessions.set(key, record);
      }
    }
    record.reporting ??= reporting(key);
    record.state.push(message, record.reporting, index);
  }

  function fail(reason: string): void {
    for (const record of m.sessions.values()) record.state.fail(reason);
  }

  function snapshot(): MonitorSnapshot;
  function snapshot(session: string): SessionSnapshot | undefined;
  function snapshot(session?: string): MonitorSnapshot | SessionSnapshot | undefined {
    if (session === undefined) return saveMonitor(m);
    const record = m.sessions.get(session);
    return record === undefined ? undefined : saveSession(compiled, record);
  }

  return {
    push,
    async pushAll(messages) {
      try {
        for await (const message of messages) push(message);
      } catch (thrown) {
        fail(`the trace could not be read after ${m.count} message(s): ${describeThrown(thrown)}`);
      }
    },
    close(session) {
      const record = m.sessions.get(session);
      return record === undefined ? undefined : end(record, "closed");
    },
    reset(session) {
      const record = m.sessions.get(session);
      if (record !== undefined) end(record, "reset");
    },
    sweep: (now) => sweep(typeof now === "number" ? now : m.clock),
    fail,
    get count() {
      return m.count;
    },
    get sessions() {
      return m.sessions.size;
    },
    get ended() {
      return m.ended;
    },
    keys: () => [...m.sessions.keys()],
    sessionVerdicts(session) {
      const record = m.sessions.get(session);
      return record === undefined ? undefined : verdictsOf(compiled, record.state.tallies);
    },
    verdicts() {
      const all = new Tallies(compiled.scans.length);
      all.absorb(m.past);
      for (const record of m.sessions.values()) all.absorb(record.state.tallies);
      return verdictsOf(compiled, all);
    },
    snapshot,
    restore(saved) {
      const restored = restoreSnapshot(m, saved, maxSessions);
      if (!restored.ok) return restored;
      restored.value();
      // A restored session past the bound ends the least recently active one, as a new one would.
      for (const record of m.sessions.values()) {
        if (m.sessions.size <= maxSessions) break;
        end(record, "capacity");
      }
      return { ok: true, value: undefined };
    },
  };
}
