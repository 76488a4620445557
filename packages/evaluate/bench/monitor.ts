// The session monitor (issue 24 §2, §5): one evaluation state per session over a
// 200,000-message trace of 500 sessions, against the plain-RegExp floor with per-session
// "first match" flags that stringifies each target of a message once; and the heap one idle
// session costs (the goal: <= 20 KB; one createTraceEvaluator per session cost ~150 KB).
import type { Document } from "@oatf/model";
import { createMonitor, createTraceEvaluator, type TraceMessage } from "../src/index.js";
import {
  attackPhrase,
  exampleDocuments,
  generatedLibrary,
  generatedMessage,
  plainIndicators,
} from "./library.js";
import type { Report } from "./measure.js";

export const SESSIONS = 500;

/** One message in ATTACK_EVERY carries an attack (about 200 in 200k, on many sessions). */
const ATTACK_EVERY = 1009;
/** The generated shape (`SHAPES`) whose target holds the text of each message kind (`i % 5`). */
const SHAPE_OF_KIND: (number | undefined)[] = [0, 2, 3, 4, undefined];

/**
 * The 200k-message, 500-session trace: generated messages, each on connection `c{i % 500}`;
 * every ATTACK_EVERY-th one ends with a phrase one indicator of its kind matches, so matches,
 * evidence and alerts are part of what is measured (and of what `--jobs` must merge).
 */
export function sessionTrace(count = 200_000, sessions = SESSIONS): TraceMessage[] {
  return Array.from({ length: count }, (_, i) => {
    const shape = i % ATTACK_EVERY === 0 ? SHAPE_OF_KIND[i % 5] : undefined;
    // The n-th generated indicator has shape n % 5; 36 of the 180 have each shape.
    const n = shape === undefined ? undefined : shape + 5 * (Math.floor(i / ATTACK_EVERY) % 36);
    return {
      ...generatedMessage(i, n === undefined ? undefined : attackPhrase(n)),
      session: `c${i % sessions}`,
      line: i + 1,
    };
  });
}

export function monitorLibrary(): Document[] {
  return [...exampleDocuments(), ...generatedLibrary(60)];
}

// ------------------------------------------------------------------ the floor

/**
 * By hand, per session: filter, resolve, stringify each target of a message once, RegExp.test,
 * and one "matched" flag per indicator per session. Returns the match count.
 */
export function plainSessions(documents: Document[], messages: readonly TraceMessage[]): number {
  const indicators = plainIndicators(documents);
  const sessions = new Map<string, Uint8Array>();
  let matched = 0;
  for (const m of messages) {
    let flags = sessions.get(m.session ?? "");
    if (flags === undefined) {
      flags = new Uint8Array(indicators.length);
      sessions.set(m.session ?? "", flags);
    }
    const texts = new Map<string, string[]>();
    for (const ind of indicators) {
      if (flags[ind.slot] === 1) continue;
      if (ind.protocol !== undefined && ind.protocol !== m.protocol) continue;
      if (ind.surface !== undefined && ind.surface !== m.operation) continue;
      if (ind.direction !== undefined && ind.direction !== m.direction) continue;
      let found = texts.get(ind.target);
      if (found === undefined) {
        found = ind.resolve(m.content).map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
        texts.set(ind.target, found);
      }
      if (found.some(ind.test)) {
        flags[ind.slot] = 1;
        matched++;
      }
    }
  }
  return matched;
}

export function monitorSessions(
  documents: Document[],
  messages: readonly TraceMessage[],
  alerts: "first" | "every",
): number {
  let matched = 0;
  const monitor = createMonitor(documents, { alerts, onMatch: () => matched++ });
  for (const m of messages) monitor.push(m);
  return matched;
}

// ------------------------------------------------------------------ the runs

function bestOf(rounds: number, runs: Record<string, () => number>): Record<string, number> {
  const best: Record<string, number> = {};
  let sink = 0;
  for (let round = 0; round < rounds; round++)
    for (const [name, run] of Object.entries(runs)) {
      const start = performance.now();
      sink += run();
      best[name] = Math.min(best[name] ?? Number.POSITIVE_INFINITY, performance.now() - start);
    }
  if (sink === -1) console.log(sink);
  return best;
}

export async function monitorBench(report: Report, heapMb: () => number): Promise<void> {
  const documents = monitorLibrary();
  const indicators = documents.reduce((n, d) => n + (d.attack.indicators?.length ?? 0), 0);
  const trace = sessionTrace();
  const matches = {
    plain: plainSessions(documents, trace),
    first: monitorSessions(documents, trace, "first"),
  };
  const r = bestOf(5, {
    plain: () => plainSessions(documents, trace),
    first: () => monitorSessions(documents, trace, "first"),
    every: () => monitorSessions(documents, trace, "every"),
  });
  console.log(
    `\nbaseline: plain RegExp per session (each target stringified once), ${documents.length} documents (${indicators} indicators) x ${trace.length} messages x ${SESSIONS} sessions, ${r.plain!.toFixed(0)} ms (${matches.plain} matches)`,
  );
  report(
    "monitor: createMonitor (alerts first) vs plain RegExp floor",
    r.first! / r.plain!,
    "<= 1.2x",
    `${r.first!.toFixed(0)} ms (${matches.first} matches)`,
  );
  report(
    "monitor: createMonitor (alerts every) vs plain RegExp floor",
    r.every! / r.plain!,
    "",
    `${r.every!.toFixed(0)} ms`,
  );
  if (globalThis.gc === undefined) {
    console.log("monitor memory: skipped (run with --expose-gc, as `pnpm bench` does)");
    return;
  }
  // Heap per idle session: 2,000 sessions that each saw one message of every kind.
  const count = 2_000;
  const perSession = (make: () => { push(m: TraceMessage): void }[]): number => {
    const before = heapMb();
    const held = make();
    const after = heapMb();
    if (held.length === -1) console.log(held);
    return ((after - before) * 2 ** 20) / count / 1024;
  };
  const messages = (s: number) =>
    [0, 1, 2, 3, 4].map((k) => ({ ...generatedMessage(s * 5 + k), session: `s${s}` }));
  const monitorKb = perSession(() => {
    const monitor = createMonitor(documents, { maxSessions: count });
    for (let s = 0; s < count; s++) for (const m of messages(s)) monitor.push(m);
    return [monitor];
  });
  const evaluatorKb = perSession(() =>
    Array.from({ length: count / 4 }, (_, s) => {
      const evaluator = createTraceEvaluator(documents);
      for (const m of messages(s)) evaluator.push(m);
      return evaluator;
    }),
  );
  report(
    "monitor: heap per idle session",
    monitorKb,
    "<= 20 KB",
    `${count} sessions; ${(monitorKb / (evaluatorKb * 4)).toFixed(2)}x the ${(evaluatorKb * 4).toFixed(1)} KB of one createTraceEvaluator each`,
  );
}
