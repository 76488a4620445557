// Streaming trace evaluation of many documents (format §6 trace filtering, SDK §4.4 per
// message, SDK §4.5 verdicts): messages are pushed one at a time, each reaches only the
// indicators whose protocol, surface and direction can accept it, and verdicts can be read
// at any moment. `evaluateTrace` is the one-document case.
import {
  type Document,
  type Indicator,
  type IndicatorVerdict,
  indicatorProtocol,
} from "@oatf/model";
import type { TraceMessage } from "../base/message.js";
import { readOptions } from "../base/options.js";
import { describeThrown } from "../compile/compile-error.js";
import { withCoercionMemo } from "../primitives/coercion-memo.js";
import { coverageOf, type Resolution, resolutionOf, type TraceVerdict } from "./coverage.js";
import {
  asVerdict,
  type CompiledIndicator,
  compileIndicator,
  type IndicatorEvaluators,
  type Outcome,
  skipReason,
  targetResolution,
} from "./indicator.js";
import { agUiEnricher } from "./trace-enrich.js";
import { computeVerdict, indicatorKeys } from "./verdict.js";

/** The first match of one indicator, as `onMatch` reports it. */
export interface TraceMatch {
  /** Position of the document in the list given to `createTraceEvaluator`. */
  document: number;
  /** Position of the indicator in the document's `attack.indicators`. */
  indicator: number;
  verdict: IndicatorVerdict;
}

export interface TraceEvaluatorOptions extends IndicatorEvaluators {
  /** Verdict `source`: the tool producing the verdicts. */
  source?: string;
  /** Called once per indicator, when a message first matches it. */
  onMatch?: (match: TraceMatch) => void;
}

export interface TraceEvaluator {
  /** Evaluates one message against every indicator still undecided. Never throws. */
  push(message: TraceMessage): void;
  /** Pushes every message of a (sync or async) iterable, stopping early once `done`. */
  pushAll(messages: Iterable<TraceMessage> | AsyncIterable<TraceMessage>): Promise<void>;
  /** Marks the trace as cut short: undecided indicators become `error` with `reason`. */
  fail(reason: string): void;
  /** Number of messages pushed so far. */
  readonly count: number;
  /** True once every indicator of every document has its final verdict. */
  readonly done: boolean;
  /** The attack verdict of each document (in the given order), as of the messages so far, with its coverage. */
  verdicts(): TraceVerdict[];
}

interface Scan {
  /** The verdict key (`indicatorKeys`): ids repeated in a document stay apart. */
  key: string;
  document: number;
  indicator: number;
  order: number;
  compiled: CompiledIndicator;
  /** The actor filter (format §6 step 3), the one filter not in the index. */
  actor: string | undefined;
  unnamedActor: string | undefined;
  eligible: number;
  /** Eligible messages in which the target resolved (issue 22 §5). */
  resolved: number;
  resolution: Resolution;
  decided?: IndicatorVerdict;
  /** Evidence of the first error, when no message matched. */
  firstError?: string;
}

interface Compiled {
  attack: Document["attack"];
  scans: Scan[];
}

/**
 * The actor a message without `actor` was observed on: with one actor (the `default`
 * actor N-007 makes of single- and multi-phase forms, or a lone declared one), every
 * message is on its connection; with several, such a message is on none in particular.
 */
function soleActor(attack: Document["attack"]): string | undefined {
  const actors = attack.execution?.actors;
  if (actors === undefined || actors === null) return "default";
  // Compared with indicators' string actors only, so a non-string name matches none.
  return Array.isArray(actors) && actors.length === 1 ? actors[0]?.name : undefined;
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

/** Operations seen are cached per evaluator: at most this many (emptied when full). */
export const CANDIDATE_CACHE_SIZE = 1024;
/** Longest protocol + operation cached; longer ones are looked up each time (no copy kept). */
export const MAX_CACHED_OPERATION_LENGTH = 256;

// The fields a trace message is read through, read once: a message whose fields cannot be
// read (a throwing getter) is skipped like any malformed one.
function snapshot(raw: unknown): TraceMessage | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  try {
    const { protocol, direction, actor, operation, content, timestamp, line } = raw as TraceMessage;
    return { protocol, direction, actor, operation, content, timestamp, line };
  } catch {
    return undefined;
  }
}

/** How evidence names a message: its 1-based source line when known, else its 0-based position. */
export function describeMessage(index: number, m: TraceMessage): string {
  const actor = m.actor === undefined ? "" : ` on actor ${m.actor}`;
  const at = m.timestamp === undefined ? "" : ` at ${m.timestamp}`;
  const where = typeof m.line === "number" ? `line ${m.line}` : `message ${index}`;
  return `${where} (${m.protocol} ${m.operation} ${m.direction}${actor}${at})`;
}

function readAttack(document: Document): Document["attack"] | undefined {
  try {
    return document?.attack;
  } catch {
    return undefined;
  }
}

/**
 * Compiles every indicator of `documents` once and returns an evaluator to push trace
 * messages into (format §6 trace filtering per indicator; SDK §4.5 per document).
 */
export function createTraceEvaluator(
  documents: readonly Document[],
  options: TraceEvaluatorOptions = {},
): TraceEvaluator {
  const { source, cel, semantic, onMatch } = readOptions(options, [
    "source",
    "cel",
    "semantic",
    "onMatch",
  ]);
  const evaluators: IndicatorEvaluators = { cel, semantic };
  const compiled: (Compiled | { unreadable: Document["attack"] | undefined })[] = [];
  const index: Index = new Map();
  let pending = 0;
  let order = 0;
  for (const [d, document] of Array.from(documents ?? []).entries()) {
    try {
      const attack = document?.attack ?? ({} as Document["attack"]);
      const indicators = Array.isArray(attack.indicators) ? attack.indicators : [];
      const keys = indicatorKeys(attack);
      const unnamedActor = soleActor(attack);
      const scans = indicators.map((raw, i): Scan => {
        const indicator = raw ?? ({} as Indicator);
        const key = keys[i]!;
        const scan: Scan = {
          key,
          document: d,
          indicator: i,
          order: order++,
          compiled: compileIndicator(indicator, { id: key }),
          actor: typeof indicator.actor === "string" ? indicator.actor : undefined,
          unnamedActor,
          eligible: 0,
          resolved: 0,
          resolution: resolutionOf(indicator),
        };
        // Skipped on every message (no evaluator, unknown method) is skipped on none too: an
        // indicator that could not be evaluated must not read as not_matched on an empty trace.
        const reason = skipReason(indicator, evaluators);
        if (reason !== undefined) {
          scan.decided = asVerdict(key, { result: "skipped", evidence: reason }, source);
          return scan;
        }
        const protocol = indicatorProtocol(attack, indicator);
        const surface = typeof indicator.surface === "string" ? indicator.surface : undefined;
        const direction = typeof indicator.direction === "string" ? indicator.direction : undefined;
        addToIndex(index, scan, protocol, direction, surface);
        pending++;
        return scan;
      });
      compiled.push({ attack, scans });
    } catch {
      // An unreadable document: computeVerdict reports it (or its missing indicators).
      compiled.push({ unreadable: readAttack(document) });
    }
  }

  // The scans a message of one (protocol, operation, direction) can reach, in document order.
  // A field that is not a string (an in-memory message may have anything) meets "any" only.
  // The operation "" is unknown (a response whose request was forgotten): it reaches every
  // surface, so a peer cannot hide a message by making it lose its correlation.
  const collect = (m: TraceMessage): Scan[] => {
    const found: Scan[] = [];
    const options = (v: unknown) => (typeof v === "string" ? [v, undefined] : [undefined]);
    for (const p of options(m.protocol))
      for (const dir of options(m.direction)) {
        const bySurface = index.get(p)?.get(dir);
        if (bySurface === undefined) continue;
        if (m.operation === "") for (const list of bySurface.values()) found.push(...list);
        else for (const s of options(m.operation)) found.push(...(bySurface.get(s) ?? []));
      }
    return found.sort((a, b) => a.order - b.order);
  };
  // Per evaluator and bounded (operations come from the trace): emptied when full, since a
  // trace uses a handful of operations and a hostile one gains nothing from eviction order.
  // Only short names are kept, so the cache holds at most 1024 × 256 code units of keys.
  const candidates = new Map<string, Scan[]>();
  const candidatesFor = (m: TraceMessage): Scan[] => {
    if (
      typeof m.protocol !== "string" ||
      typeof m.operation !== "string" ||
      typeof m.direction !== "string" ||
      m.protocol.length + m.operation.length > MAX_CACHED_OPERATION_LENGTH
    )
      return collect(m);
    const key = JSON.stringify([m.protocol, m.operation, m.direction]);
    let found = candidates.get(key);
    if (found === undefined) {
      if (candidates.size >= CANDIDATE_CACHE_SIZE) candidates.clear();
      found = collect(m);
      candidates.set(key, found);
    }
    return found;
  };

  const enrich = agUiEnricher();
  let count = 0;

  function decide(scan: Scan, verdict: IndicatorVerdict): void {
    scan.decided = verdict;
    pending--;
    if (verdict.result === "matched" && onMatch !== undefined) {
      try {
        onMatch({ document: scan.document, indicator: scan.indicator, verdict });
      } catch {} // a throwing callback must not stop the evaluation
    }
  }

  function push(raw: TraceMessage): void {
    const index = count++;
    if (pending === 0) return;
    const message = snapshot(raw);
    if (message === undefined) return;
    const enriched = enrich(message);
    message.content = enriched.content;
    withCoercionMemo(() => evaluate(index, message, enriched.lost));
  }

  /** `lost`: why the message may lack what an indicator needs (an indicator it does not match becomes `error`). */
  function evaluate(index: number, message: TraceMessage, lost: string | undefined): void {
    for (const scan of candidatesFor(message)) {
      if (scan.decided !== undefined) continue;
      if (scan.actor !== undefined && (message.actor ?? scan.unnamedActor) !== scan.actor) continue;
      scan.eligible++;
      targetResolution.seen = false;
      const outcome = scan.compiled.run(message.content, evaluators);
      if (targetResolution.seen) scan.resolved++;
      if (outcome.result === "not_matched") {
        if (lost !== undefined) scan.firstError ??= `${describeMessage(index, message)}: ${lost}`;
        continue;
      }
      if (outcome.result === "error") {
        scan.firstError ??= `${describeMessage(index, message)}: ${outcome.evidence}`;
        continue;
      }
      // `matched` answers the indicator; `skipped` (no evaluator) is the same for every message.
      const evidence =
        outcome.result === "matched"
          ? `${describeMessage(index, message)}: ${outcome.evidence ?? "matched"}`
          : outcome.evidence;
      decide(scan, asVerdict(scan.key, { result: outcome.result, evidence }, source));
    }
  }

  function fail(reason: string): void {
    for (const entry of compiled) {
      if (!("scans" in entry)) continue;
      for (const scan of entry.scans) if (scan.decided === undefined) scan.firstError ??= reason;
    }
  }

  function settle(scan: Scan): IndicatorVerdict {
    if (scan.decided !== undefined) return scan.decided;
    const outcome: Outcome =
      scan.firstError !== undefined
        ? { result: "error", evidence: scan.firstError }
        : { result: "not_matched", evidence: `no match in ${scan.eligible} eligible message(s)` };
    return asVerdict(scan.key, outcome, source);
  }

  return {
    push,
    async pushAll(messages) {
      try {
        for await (const message of messages) {
          if (pending === 0) break;
          push(message);
        }
      } catch (thrown) {
        fail(`the trace could not be read after ${count} message(s): ${describeThrown(thrown)}`);
      }
    },
    fail,
    get count() {
      return count;
    },
    get done() {
      return pending === 0;
    },
    verdicts() {
      return compiled.map((entry) => {
        if (!("scans" in entry)) {
          const verdict = computeVerdict(entry.unreadable as Document["attack"], [], { source });
          return { ...verdict, coverage: [] };
        }
        const verdicts = new Map(entry.scans.map((scan) => [scan.key, settle(scan)]));
        const coverage = entry.scans.map((scan) => {
          const { targets, counted } = scan.resolution;
          const resolved = counted ? scan.resolved : undefined;
          const matched = verdicts.get(scan.key)?.result === "matched";
          return coverageOf(scan.key, targets, scan.eligible, resolved, matched);
        });
        return { ...computeVerdict(entry.attack, verdicts, { source }), coverage };
      });
    },
  };
}
