// The sessions a monitor keeps (issue 24 §2), in activity order: least recently active first.
// A session's life, and what moves it (times are message times):
//
//   none ──its first message──▶ live (a fresh TraceState); with maxSessions live, the least
//        recently active ends first ("capacity")
//   live ──a message──▶ live, most recently active
//   live ──a message windowMs after its first timed one──▶ ended "window", a fresh one live
//   live ──a sweep finding it idle for more than idleMs──▶ ended "idle"
//   live ──close / reset / a restore past the bound──▶ ended "closed" / "reset" / "capacity"
//
// An ended session's tallies join its run's past (no match lost), and it is reported (onEvict).
import type { TraceVerdict } from "./coverage.js";
import { type MonitorState, type SessionRecord, stateKey } from "./monitor-snapshot.js";
import { absorbTallies, TraceState, verdictsOf } from "./trace-state.js";

/** Why a session's state ended. */
export type SessionEndReason = "idle" | "capacity" | "window" | "reset" | "closed";

/** A session whose state ended, with its final verdicts (as `onEvict` reports it). */
export interface SessionEnd {
  session: string;
  /** The session's run, when it has a name. */
  run?: string;
  reason: SessionEndReason;
  /** Messages the session's state evaluated. */
  messages: number;
  /** The session's attack verdict per document, as a trace of its own messages. */
  verdicts: TraceVerdict[];
}

export interface SessionTable {
  /** Ends a live session; its verdicts when someone is told (`onEvict`, or a close). */
  end(record: SessionRecord, reason: SessionEndReason): TraceVerdict[] | undefined;
  /** Ends the sessions idle at `now`; how many. */
  sweep(now?: number): number;
  /** The live session of (run, key) for a message at `time`, made most recently active. */
  enter(key: string, run: string, time: number): SessionRecord;
  /** Past the bound (a restore), ends the least recently active sessions, as new ones would. */
  trim(): void;
}

export function sessionTable(
  m: MonitorState,
  maxSessions: number,
  idleMs: number,
  windowMs: number,
  onEvict: ((ended: SessionEnd) => void) | undefined,
): SessionTable {
  function end(record: SessionRecord, reason: SessionEndReason): TraceVerdict[] | undefined {
    const { key, run, state } = record;
    m.sessions.delete(stateKey(run, key));
    absorbTallies(m.past.get(run)!, state.tallies);
    m.ended++;
    if (onEvict === undefined && reason !== "closed") return undefined;
    const verdicts = verdictsOf(m.compiled, state.tallies);
    const session = { session: key, ...(run === "" ? {} : { run }) };
    try {
      onEvict?.({ ...session, reason, messages: state.count, verdicts });
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

  function enter(key: string, run: string, time: number): SessionRecord {
    const at = stateKey(run, key);
    let record = m.sessions.get(at);
    if (record === undefined) {
      const first = m.sessions.values().next();
      if (m.sessions.size >= maxSessions && !first.done) end(first.value, "capacity");
      record = fresh(key, run, undefined);
    } else m.sessions.delete(at); // re-inserted last: most recently active
    m.sessions.set(at, record);
    record.lastSeen = m.clock;
    if (Number.isFinite(time)) {
      if (record.windowStart === undefined) record.windowStart = time;
      else if (time - record.windowStart >= windowMs) {
        end(record, "window");
        record = fresh(key, run, time);
        m.sessions.set(at, record);
      }
    }
    return record;
  }

  // A new state (not a closure made per message: enter runs on every one).
  function fresh(key: string, run: string, windowStart: number | undefined): SessionRecord {
    return { key, run, state: new TraceState(m.compiled), lastSeen: m.clock, windowStart };
  }

  function trim(): void {
    for (const record of m.sessions.values()) {
      if (m.sessions.size <= maxSessions) break;
      end(record, "capacity");
    }
  }

  return { end, sweep, enter, trim };
}
