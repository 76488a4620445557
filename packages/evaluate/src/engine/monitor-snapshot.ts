// Monitor snapshots (issue 24 §2): a session's or a whole monitor's state as versioned
// JSON-safe data, so a consumer can checkpoint it with its committed offsets and resume after
// a crash. A snapshot is untrusted input on restore: every field is checked, re-entered
// through the same bounds a trace has, and applied only once all of it is valid.
import type { Diagnostic, IndicatorVerdict, Result } from "@oatf/model";
import { diagnosticOf, EVALUATION_RULES, INDICATOR_RESULTS } from "@oatf/model/internal";
import { describeThrown } from "../compile/compile-error.js";
import { loadObserved, type ObservedTraffic } from "./observed.js";
import { MAX_RUNS } from "./runs.js";
import type { CompiledTrace } from "./trace-compile.js";
import type { EnricherState } from "./trace-enrich.js";
import {
  absorbTallies,
  type Reporting,
  recountPending,
  restoreEnricher,
  savedEnricher,
  Tallies,
  TraceState,
} from "./trace-state.js";

/** Where a session's state is kept: its run and session key, apart for every pair. */
export const stateKey = (run: string, session: string): string => `${run.length}:${run}${session}`;

/** One live session. */
export interface SessionRecord {
  key: string;
  /** Its run ("" for the unnamed run). */
  run: string;
  state: TraceState;
  /** Message time of its last message (ms; -Infinity before any timed message). */
  lastSeen: number;
  /** Message time its window started (ms), or undefined before a timed message. */
  windowStart: number | undefined;
  /** How its matches are reported (made once per session, not per message). */
  reporting?: Reporting;
}

/** The monitor's state: what snapshots save and restores replace. */
export interface MonitorState {
  compiled: CompiledTrace;
  count: number;
  /** The latest message time seen (ms), -Infinity before any. */
  clock: number;
  /** Per run seen, the tallies of its ended sessions, merged. */
  past: Map<string, Tallies>;
  /** Messages of runs past MAX_RUNS (not evaluated). */
  overflow: number;
  ended: number;
  /** By `stateKey`; insertion order is activity order: the first is the least recently active. */
  sessions: Map<string, SessionRecord>;
}

/** The snapshot format written; restore accepts this version only. */
export const SNAPSHOT_VERSION = 1;

/** Per indicator (by its slot), only the ones with something to say. */
export interface SavedTallies {
  eligible: [slot: number, count: number][];
  /** Absent when no message was blind. */
  blind?: [slot: number, count: number][];
  resolved: [slot: number, count: number][];
  decided: [slot: number, verdict: IndicatorVerdict, position: number | null][];
  errors: [slot: number, evidence: string, position: number | null][];
  /** What the messages were (absent in snapshots of earlier SDKs). */
  observed?: ObservedTraffic;
}

export interface SavedSession {
  session: string;
  /** Its run, when it has a name. */
  run?: string;
  /** Messages its state evaluated. */
  messages: number;
  /** Message time of its last message (ms), null before any. */
  lastSeen: number | null;
  windowStart: number | null;
  tallies: SavedTallies;
  /** AG-UI tool calls and streamed text still open; absent when it saw no AG-UI message. */
  enricher?: EnricherState;
}

export interface SnapshotBase {
  version: typeof SNAPSHOT_VERSION;
  /** Names the documents' indicators: a snapshot restores only onto the same documents. */
  fingerprint: string;
}

export interface SessionSnapshot extends SnapshotBase {
  kind: "session";
  state: SavedSession;
}

export interface MonitorSnapshot extends SnapshotBase {
  kind: "monitor";
  /** Messages pushed (positions of messages without a line continue from it). */
  messages: number;
  /** The latest message time seen (ms), null before any. */
  clock: number | null;
  /** Session states ended so far, and their tallies merged: the unnamed run's. */
  ended: number;
  past: SavedTallies;
  /** Unless the one run is the unnamed one: every run's merged tallies (`past` is then the unnamed run's, if any). */
  runs?: { run: string; past: SavedTallies }[];
  /** Messages of runs past the bound (not evaluated), when any. */
  overflow?: number;
  /** Least recently active first. */
  sessions: SavedSession[];
}

const finiteOrNull = (n: number): number | null => (Number.isFinite(n) ? n : null);

function saveTallies(t: Tallies): SavedTallies {
  const counts = (a: Float64Array) => {
    const out: [number, number][] = [];
    a.forEach((n, slot) => {
      if (n !== 0) out.push([slot, n]);
    });
    return out;
  };
  const blind = counts(t.blind);
  return {
    eligible: counts(t.eligible),
    ...(blind.length === 0 ? {} : { blind }),
    resolved: counts(t.resolved),
    decided: [...t.decided].map(([slot, d]) => [slot, d.verdict, d.position ?? null]),
    errors: [...t.errors].map(([slot, e]) => [slot, e.evidence, e.position ?? null]),
    observed: t.observed.save(),
  };
}

function saveRecord(record: SessionRecord): SavedSession {
  const saved: SavedSession = {
    session: record.key,
    ...(record.run === "" ? {} : { run: record.run }),
    messages: record.state.count,
    lastSeen: finiteOrNull(record.lastSeen),
    windowStart: record.windowStart ?? null,
    tallies: saveTallies(record.state.tallies),
  };
  const enricher = savedEnricher(record.state);
  if (enricher !== undefined) saved.enricher = enricher;
  return saved;
}

export function saveSession(compiled: CompiledTrace, record: SessionRecord): SessionSnapshot {
  const { fingerprint } = compiled;
  return { version: SNAPSHOT_VERSION, kind: "session", fingerprint, state: saveRecord(record) };
}

export function saveMonitor(m: MonitorState): MonitorSnapshot {
  const unnamed = m.past.get("") ?? new Tallies(m.compiled.scans.length);
  // `runs` is left out only when the one run is the unnamed one: a monitor that has seen no
  // message saves `runs: []`, so its restored copy has no run either (not an empty unnamed one).
  const named = !(m.past.size === 1 && m.past.has(""));
  return {
    version: SNAPSHOT_VERSION,
    kind: "monitor",
    fingerprint: m.compiled.fingerprint,
    messages: m.count,
    clock: finiteOrNull(m.clock),
    ended: m.ended,
    past: saveTallies(unnamed),
    ...(named ? { runs: [...m.past].map(([run, t]) => ({ run, past: saveTallies(t) })) } : {}),
    ...(m.overflow === 0 ? {} : { overflow: m.overflow }),
    sessions: [...m.sessions.values()].map(saveRecord),
  };
}

// ------------------------------------------------------------------ restore

class Invalid extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
  }
}

// Pure: a bundle that uses nothing of this module (such as @oatf/trace) leaves the table, and
// the main @oatf/model entry with its YAML engine, out.
const RESULTS: ReadonlySet<string> = /* @__PURE__ */ new Set(INDICATOR_RESULTS);

function fields(v: unknown, path: string): Record<string, unknown> {
  if (typeof v !== "object" || v === null || Array.isArray(v))
    throw new Invalid("must be an object", path);
  return v as Record<string, unknown>;
}

function list(v: unknown, path: string): unknown[] {
  if (!Array.isArray(v)) throw new Invalid("must be an array", path);
  return v;
}

function count(v: unknown, path: string): number {
  if (!(Number.isSafeInteger(v) && (v as number) >= 0))
    throw new Invalid("must be a non-negative integer", path);
  return v as number;
}

function time(v: unknown, path: string): number | undefined {
  if (v === null) return undefined;
  if (typeof v !== "number" || !Number.isFinite(v))
    throw new Invalid("must be a number or null", path);
  return v;
}

function text(v: unknown, path: string): string {
  if (typeof v !== "string") throw new Invalid("must be a string", path);
  return v;
}

function position(v: unknown, path: string): number | undefined {
  return v === null ? undefined : count(v, path);
}

function verdict(v: unknown, path: string): IndicatorVerdict {
  const f = fields(v, path);
  if (!RESULTS.has(f.result as string)) throw new Invalid("unknown result", `${path}.result`);
  if (f.timestamp !== null && typeof f.timestamp !== "string")
    throw new Invalid("must be a string or null", `${path}.timestamp`);
  // Rebuilt field by field: nothing but a verdict's own fields comes through.
  const out: IndicatorVerdict = {
    indicator_id: text(f.indicator_id, `${path}.indicator_id`),
    result: f.result as IndicatorVerdict["result"],
    timestamp: f.timestamp as string | null,
  };
  if (f.evidence !== undefined) out.evidence = text(f.evidence, `${path}.evidence`);
  if (f.source !== undefined) out.source = text(f.source, `${path}.source`);
  return out;
}

function loadTallies(compiled: CompiledTrace, v: unknown, path: string): Tallies {
  const t = new Tallies(compiled.scans.length);
  const f = fields(v, path);
  const slot = (n: unknown, at: string): number => {
    const s = count(n, at);
    const scan = compiled.scans[s];
    if (scan === undefined) throw new Invalid("names no indicator of these documents", at);
    if (scan.skipped !== undefined)
      throw new Invalid("names an indicator that is never evaluated", at);
    return s;
  };
  for (const name of ["eligible", "blind", "resolved"] as const)
    list(f[name] ?? (name === "blind" ? [] : f[name]), `${path}.${name}`).forEach((e, i) => {
      const at = `${path}.${name}.${i}`;
      const [s, n] = list(e, at);
      t[name][slot(s, `${at}.0`)] = count(n, `${at}.1`);
    });
  list(f.decided, `${path}.decided`).forEach((e, i) => {
    const at = `${path}.decided.${i}`;
    const [s, v, p] = list(e, at);
    const order = slot(s, `${at}.0`);
    const decided = verdict(v, `${at}.1`);
    if (decided.indicator_id !== compiled.scans[order]!.key)
      throw new Invalid("is not this indicator's verdict", `${at}.1.indicator_id`);
    // A live evaluation decides an indicator only when it matches (a message never decides
    // `not_matched`, and what is skipped is skipped up front): any other decided result is a
    // doctored state that would hold the indicator's verdict against every later match.
    if (decided.result !== "matched")
      throw new Invalid(
        `a live evaluation never decides "${decided.result}" (only "matched")`,
        `${at}.1.result`,
      );
    t.decide(order, { verdict: decided, position: position(p, `${at}.2`) });
  });
  list(f.errors, `${path}.errors`).forEach((e, i) => {
    const at = `${path}.errors.${i}`;
    const [s, evidence, p] = list(e, at);
    t.errors.set(slot(s, `${at}.0`), {
      evidence: text(evidence, `${at}.1`),
      position: position(p, `${at}.2`),
    });
  });
  try {
    t.observed = loadObserved(f.observed as ObservedTraffic | undefined);
  } catch (thrown) {
    throw new Invalid(describeThrown(thrown), `${path}.observed`);
  }
  return t;
}

function loadSession(compiled: CompiledTrace, v: unknown, path: string): SessionRecord {
  const f = fields(v, path);
  const state = new TraceState(compiled);
  const tallies = loadTallies(compiled, f.tallies, `${path}.tallies`);
  absorbTallies(state.tallies, tallies);
  state.count = count(f.messages, `${path}.messages`);
  recountPending(state, compiled);
  if (f.enricher !== undefined) {
    try {
      restoreEnricher(state, f.enricher);
    } catch (thrown) {
      throw new Invalid(describeThrown(thrown), `${path}.enricher`);
    }
  }
  return {
    key: text(f.session, `${path}.session`),
    run: f.run === undefined ? "" : text(f.run, `${path}.run`),
    state,
    lastSeen: time(f.lastSeen, `${path}.lastSeen`) ?? Number.NEGATIVE_INFINITY,
    windowStart: time(f.windowStart, `${path}.windowStart`),
  };
}

/**
 * Checks `saved` against the monitor's documents and returns the change to apply (so a bad
 * snapshot changes nothing). Never throws: a snapshot it refuses is an `E-STATE`
 * diagnostic whose `path` names the offending field (a dot-path into the snapshot).
 */
export function restoreSnapshot(
  m: MonitorState,
  saved: unknown,
  maxSessions: number,
): Result<() => void, Diagnostic> {
  try {
    const f = fields(saved, "");
    if (f.version !== SNAPSHOT_VERSION)
      throw new Invalid(`unknown snapshot version (this SDK reads ${SNAPSHOT_VERSION})`, "version");
    if (f.fingerprint !== m.compiled.fingerprint)
      throw new Invalid("the snapshot was taken with other documents", "fingerprint");
    if (f.kind === "session") {
      const record = loadSession(m.compiled, f.state, "state");
      return {
        ok: true,
        value: () => {
          const at = stateKey(record.run, record.key);
          if (!m.past.has(record.run)) m.past.set(record.run, new Tallies(m.compiled.scans.length));
          m.sessions.delete(at);
          m.sessions.set(at, record);
        },
      };
    }
    if (f.kind !== "monitor") throw new Invalid('must be "monitor" or "session"', "kind");
    const sessions = list(f.sessions, "sessions").map((s, i) =>
      loadSession(m.compiled, s, `sessions.${i}`),
    );
    const keyed = new Map(sessions.map((s) => [stateKey(s.run, s.key), s]));
    if (keyed.size !== sessions.length) throw new Invalid("names a session twice", "sessions");
    if (sessions.length > maxSessions)
      throw new Invalid(`holds more than maxSessions (${maxSessions}) sessions`, "sessions");
    const past = new Map<string, Tallies>();
    if (f.runs === undefined) past.set("", loadTallies(m.compiled, f.past, "past"));
    else
      list(f.runs, "runs").forEach((r, i) => {
        const run = text(fields(r, `runs.${i}`).run, `runs.${i}.run`);
        if (past.has(run)) throw new Invalid("names a run twice", `runs.${i}.run`);
        past.set(run, loadTallies(m.compiled, (r as { past?: unknown }).past, `runs.${i}.past`));
      });
    if (past.size > MAX_RUNS) throw new Invalid(`holds more than ${MAX_RUNS} runs`, "runs");
    for (const s of sessions)
      if (!past.has(s.run))
        throw new Invalid(`names run ${s.run}, which runs does not`, "sessions");
    const messages = count(f.messages, "messages");
    const ended = count(f.ended, "ended");
    const overflow = f.overflow === undefined ? 0 : count(f.overflow, "overflow");
    const clock = time(f.clock, "clock") ?? Number.NEGATIVE_INFINITY;
    return {
      ok: true,
      value: () => {
        m.count = messages;
        m.clock = clock;
        m.ended = ended;
        m.past = past;
        m.overflow = overflow;
        m.sessions = keyed;
      },
    };
  } catch (thrown) {
    const path = thrown instanceof Invalid ? thrown.path : "";
    return {
      ok: false,
      error: diagnosticOf("E-STATE", EVALUATION_RULES["E-STATE"], describeThrown(thrown), { path }),
    };
  }
}
