// The compiled half of trace evaluation (format §6 trace filtering, SDK §4.4): every
// indicator of a list of documents compiled once, with the index that sends a message to
// the indicators whose protocol, surface and direction can accept it. It holds no state of
// any trace, so one compilation serves any number of traces or sessions (trace-state.ts).
import type { Document, Indicator, IndicatorVerdict } from "@oatf/model";
import { extractProtocol, indicatorProtocol } from "@oatf/model/rules";
import type { TraceMessage } from "../base/message.js";
import { type Filter, readsOf } from "./blind.js";
import { type Resolution, resolutionOf } from "./coverage.js";
import {
  asVerdict,
  type IndicatorEvaluators,
  type Program,
  programFor,
  skipReason,
} from "./indicator.js";
import { observedKey } from "./observed.js";
import { indicatorKeys } from "./verdict.js";

/** One indicator as the trace engine runs it. */
export interface Scan {
  /** The verdict key (`indicatorKeys`): ids repeated in a document stay apart. */
  key: string;
  document: number;
  indicator: number;
  /** Position among every indicator of every document: its slot in a trace state. */
  order: number;
  /** The compiled indicator, run through `runSafely` (one call site for every indicator). */
  program: Program;
  /** The actor filter (format §6 step 3), the one filter not in the index. */
  actor: string | undefined;
  unnamedActor: string | undefined;
  resolution: Resolution;
  /** What it filters messages by (format §6), for the warning when no message passed. */
  filter: Filter;
  /** The paths it reads, as segments: a message whose `uncaptured` holds one is blind for it. */
  reads: string[][];
  /** Set when the indicator is skipped on every message (no evaluator, unknown method). */
  skipped?: IndicatorVerdict;
}

export type CompiledDocument =
  | { attack: Document["attack"]; scans: Scan[] }
  | { unreadable: Document["attack"] | undefined };

export interface CompiledTrace {
  /** The documents as given (what `onMatch` hands back). */
  given: readonly Document[];
  documents: CompiledDocument[];
  /** Every scan, by `order`. */
  scans: Scan[];
  /** Scans that messages can decide (not skipped up front). */
  live: number;
  evaluators: IndicatorEvaluators;
  source: string | undefined;
  /** Names the indicators (keys in order), so a saved state is restored only onto its documents. */
  fingerprint: string;
  /** Where a message goes (its fields read once, by the caller). */
  routeOf(m: TraceMessage): Route;
}

/**
 * Where a message of one (protocol, direction, operation) goes: the scans it can reach, in
 * document order, and its key in the table of observed traffic (observed.ts). Looked up once
 * per message, and cached: no key string is built per message.
 */
export interface Route {
  scans: Scan[];
  observed: string | undefined;
}

/**
 * The actor a message of a protocol without `actor` was observed on: with one actor (the
 * `default` actor N-007 makes of single- and multi-phase forms, or a lone declared one),
 * every message is on its connection; with several, the only one whose mode speaks the
 * protocol (format §6 step 3: an actor of another protocol has no such connection), else
 * none in particular. Read in one pass over the actors, whatever the number of indicators.
 */
function soleActors(
  attack: Document["attack"],
): (protocol: string | undefined) => string | undefined {
  const actors = attack.execution?.actors;
  if (actors === undefined || actors === null) return () => "default";
  if (!Array.isArray(actors)) return () => undefined;
  // Compared with indicators' string actors only, so a non-string name matches none.
  if (actors.length === 1) {
    const name = actors[0]?.name;
    return () => name;
  }
  const speaker = new Map<string, string | null>(); // null: several actors speak it
  for (const actor of actors) {
    if (typeof actor?.mode !== "string") continue;
    const protocol = extractProtocol(actor.mode);
    speaker.set(protocol, speaker.has(protocol) ? null : actor.name);
  }
  return (protocol) => (protocol === undefined ? undefined : (speaker.get(protocol) ?? undefined));
}

// The index: protocol → direction → surface → scans, `undefined` standing for "any". Nested
// maps keyed by the strings themselves, so no two (protocol, surface, direction) can alias.
type Index = Map<string | undefined, Map<string | undefined, Map<string | undefined, Scan[]>>>;

function addToIndex(index: Index, scan: Scan, p?: string, d?: string, s?: string): void {
  const byDirection = index.get(p) ?? new Map();
  index.set(p, byDirection);
  const bySurface = byDirection.get(d) ?? new Map();
  byDirection.set(d, bySurface);
  const list = bySurface.get(s);
  if (list === undefined) bySurface.set(s, [scan]);
  else list.push(scan);
}

/** Operations seen are cached per compilation: at most this many (emptied when full). */
export const CANDIDATE_CACHE_SIZE = 1024;
/** Longest protocol + operation cached; longer ones are looked up each time (no copy kept). */
export const MAX_CACHED_OPERATION_LENGTH = 256;

function readAttack(document: Document): Document["attack"] | undefined {
  try {
    return document?.attack;
  } catch {
    return undefined;
  }
}

// A short, stable digest of the indicator keys (FNV-1a, 32 bits, over the JSON of the keys).
function digest(keys: readonly (readonly string[])[]): string {
  const text = JSON.stringify(keys);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${keys.length}:${h.toString(16)}`;
}

/** Compiles every indicator of `documents` once (never throws). */
export function compileTrace(
  documents: readonly Document[],
  evaluators: IndicatorEvaluators,
  source: string | undefined,
): CompiledTrace {
  const compiled: CompiledDocument[] = [];
  const all: Scan[] = [];
  const keysOf: string[][] = [];
  const index: Index = new Map();
  let live = 0;
  const given = Array.from(documents ?? []);
  for (const [d, document] of given.entries()) {
    try {
      const attack = document?.attack ?? ({} as Document["attack"]);
      const indicators = Array.isArray(attack.indicators) ? attack.indicators : [];
      const keys = indicatorKeys(attack);
      const unnamedOf = soleActors(attack);
      // Indexed only once the whole document compiled, so a failing one leaves no scan behind.
      const indexed: [Scan, string | undefined, string | undefined, string | undefined][] = [];
      const scans = indicators.map((raw, i): Scan => {
        const indicator = raw ?? ({} as Indicator);
        const key = keys[i]!;
        const filter = filterOf(attack, indicator);
        const resolution = resolutionOf(indicator);
        const scan: Scan = {
          key,
          document: d,
          indicator: i,
          order: all.length + i,
          program: programFor(indicator),
          actor: filter.actor,
          unnamedActor: filter.actor === undefined ? undefined : unnamedOf(filter.protocol),
          resolution,
          filter,
          reads: readsOf(indicator, resolution.targets),
        };
        // Skipped on every message (no evaluator, unknown method) is skipped on none too: an
        // indicator that could not be evaluated must not read as not_matched on an empty trace.
        const reason = skipReason(indicator, evaluators);
        if (reason !== undefined) {
          scan.skipped = asVerdict(key, { result: "skipped", evidence: reason }, source);
          return scan;
        }
        indexed.push([scan, filter.protocol, filter.direction, filter.surface]);
        return scan;
      });
      for (const [scan, p, d, s] of indexed) addToIndex(index, scan, p, d, s);
      live += indexed.length;
      all.push(...scans);
      keysOf.push(keys);
      compiled.push({ attack, scans });
    } catch {
      // An unreadable document: computeVerdict reports it (or its missing indicators).
      keysOf.push([]);
      compiled.push({ unreadable: readAttack(document) });
    }
  }

  return {
    given,
    documents: compiled,
    scans: all,
    live,
    evaluators,
    source,
    fingerprint: digest(keysOf),
    routeOf: routesOf(index),
  };
}

/** What an indicator filters messages by (format §6); a field that is not a string, none. */
function filterOf(attack: Document["attack"], indicator: Indicator): Filter {
  const text = (v: unknown) => (typeof v === "string" ? v : undefined);
  return {
    protocol: indicatorProtocol(attack, indicator),
    surface: text(indicator.surface),
    direction: text(indicator.direction),
    actor: text(indicator.actor),
  };
}

/** `routeOf` over `index`, with its cache of the operations seen. */
function routesOf(index: Index): (m: TraceMessage) => Route {
  // The scans a message of one (protocol, operation, direction) can reach, in document order.
  // A field that is not a string (an in-memory message may have anything) meets "any" only.
  // The operation "" is unknown (a response whose request was forgotten): it reaches every
  // surface, so a peer cannot hide a message by making it lose its correlation.
  const collect = (m: TraceMessage): Route => {
    const found: Scan[] = [];
    const options = (v: unknown) => (typeof v === "string" ? [v, undefined] : [undefined]);
    for (const p of options(m.protocol))
      for (const dir of options(m.direction)) {
        const bySurface = index.get(p)?.get(dir);
        if (bySurface === undefined) continue;
        if (m.operation === "") for (const list of bySurface.values()) found.push(...list);
        else for (const s of options(m.operation)) found.push(...(bySurface.get(s) ?? []));
      }
    found.sort((a, b) => a.order - b.order);
    return { scans: found, observed: observedKey(m.protocol, m.direction, m.operation) };
  };
  // Bounded (operations come from the trace): emptied when full, since a trace uses a
  // handful of operations and a hostile one gains nothing from eviction order. Only short
  // names are kept, so the cache holds at most 1024 × 256 code units of keys.
  // Nested by protocol, direction, operation: no key string is built per message.
  let routes = new Map<string, Map<string, Map<string, Route>>>();
  let cached = 0;
  return (m: TraceMessage): Route => {
    const { protocol, operation, direction } = m;
    if (
      typeof protocol !== "string" ||
      typeof operation !== "string" ||
      typeof direction !== "string" ||
      protocol.length + operation.length > MAX_CACHED_OPERATION_LENGTH
    )
      return collect(m);
    let found = routes.get(protocol)?.get(direction)?.get(operation);
    if (found === undefined) {
      if (cached >= CANDIDATE_CACHE_SIZE) {
        routes = new Map();
        cached = 0;
      }
      found = collect(m);
      const byDirection = routes.get(protocol) ?? new Map<string, Map<string, Route>>();
      routes.set(protocol, byDirection);
      const byOperation = byDirection.get(direction) ?? new Map<string, Route>();
      byDirection.set(direction, byOperation);
      byOperation.set(operation, found);
      cached++;
    }
    return found;
  };
}
