// Merging verdicts of shards (issue 24 §2; format §6 step 5 and SDK §4.5 over the union of
// the shards' messages): each shard evaluated some sessions of a trace; their verdicts
// combine as one evaluation of every session would have: per indicator the earliest match
// wins (by the deciding message's `coverage.position`), else the earliest error, else
// `not_matched`; coverage counts are summed; the attack verdict is computed again. Per run:
// a run's verdicts in several parts merge, two runs never do (runs.ts).
import type { Diagnostic, Document, Result } from "@oatf/model";
import { diagnosticOf, EVALUATION_RULES } from "@oatf/model/internal";
import { describeThrown } from "../compile/compile-error.js";
import type { TraceVerdict } from "./coverage.js";
import type { IndicatorEvaluators } from "./indicator.js";
import { loadObserved } from "./observed.js";
import { runVerdicts } from "./runs.js";
import { compileTrace } from "./trace-compile.js";
import { absorbTallies, Tallies } from "./trace-state.js";

export interface MergeVerdictsOptions extends IndicatorEvaluators {
  /** Verdict `source` of the merged verdicts (as the shards' evaluators were given). */
  source?: string;
}

function fail(message: string, path: string): never {
  throw Object.assign(new Error(message), { path });
}

/**
 * A shard that read no message (more threads than sessions) holds no run at all, not an
 * unnamed one: merged as one, it would add a run `""` whose verdict is `error` beside the runs
 * the other shards saw. One cut short (an indicator `error`) still counts.
 */
function sawNothing(part: readonly TraceVerdict[]): boolean {
  return part.every(
    (v) =>
      v?.runs === undefined &&
      v?.observed?.messages === 0 &&
      !v.indicator_verdicts?.some((iv) => iv?.result === "error"),
  );
}

/**
 * Combines `parts` (each the verdicts of one shard: one TraceVerdict per document, in the
 * order of `documents`, as `createTraceEvaluator` or `createMonitor` returns them) into the
 * verdicts one evaluation over every shard's sessions gives. Shards must split the input by
 * session (never a session over two shards) and number positions alike (trace lines, or
 * stream offsets); on equal positions the earlier part wins. Never throws: parts that are not
 * these documents' verdicts are an `E-STATE` diagnostic whose `path` names the part and field.
 */
export function mergeVerdicts(
  documents: readonly Document[],
  parts: readonly (readonly TraceVerdict[])[],
  options: MergeVerdictsOptions = {},
): Result<TraceVerdict[], Diagnostic> {
  try {
    const { source, cel, semantic } = options ?? {};
    const compiled = compileTrace(documents, { cel, semantic }, source);
    const runs = new Map<string, Tallies>();
    if (!Array.isArray(parts)) fail("must be an array of parts", "");
    parts.forEach((part, p) => {
      if (!Array.isArray(part) || part.length !== compiled.documents.length)
        fail(`must hold one verdict per document (${compiled.documents.length})`, `${p}`);
      const empty = sawNothing(part as readonly TraceVerdict[]);
      // Each document's verdict per run: its `runs`, or itself (the unnamed run).
      const byRun = (part as readonly TraceVerdict[]).map(
        (v) => new Map<string, TraceVerdict>(v?.runs?.map((r) => [r.run, r]) ?? [["", v]]),
      );
      for (const run of new Set(byRun.flatMap((m) => [...m.keys()]))) {
        const t = new Tallies(compiled.scans.length);
        t.observed = loadObserved(byRun[0]?.get(run)?.observed);
        compiled.documents.forEach((entry, d) => {
          if (!("scans" in entry)) return;
          const verdict = byRun[d]!.get(run);
          if (verdict === undefined) fail(`must hold the verdict of run ${run}`, `${p}.${d}`);
          for (const scan of entry.scans) {
            const at = `${p}.${d}.indicator_verdicts.${scan.indicator}`;
            const iv = verdict.indicator_verdicts?.[scan.indicator];
            const cov = verdict.coverage?.[scan.indicator];
            if (iv?.indicator_id !== scan.key || cov?.indicator_id !== scan.key)
              fail(`must be the verdict of indicator ${scan.key}`, at);
            if (scan.skipped !== undefined) continue;
            const o = scan.order;
            t.eligible[o] = Number(cov.eligible) || 0;
            t.blind[o] = Number(cov.blind) || 0;
            t.resolved[o] = Number(cov.resolved) || 0;
            const position = typeof cov.position === "number" ? cov.position : undefined;
            // `skipped` without a position: no message reached it here (another part's may).
            if (iv.result === "matched" || (iv.result === "skipped" && position !== undefined))
              t.decide(o, { verdict: iv, position });
            else if (iv.result === "error")
              t.errors.set(o, { evidence: iv.evidence ?? "error", position });
          }
        });
        if (empty) continue;
        const merged = runs.get(run);
        if (merged === undefined) runs.set(run, t);
        else absorbTallies(merged, t);
      }
    });
    // Every part was empty: the verdicts of an empty trace (its one, unnamed, run).
    if (runs.size === 0) runs.set("", new Tallies(compiled.scans.length));
    return { ok: true, value: runVerdicts(compiled, runs) };
  } catch (thrown) {
    const path = (thrown as { path?: unknown })?.path;
    const at = typeof path === "string" ? path : "";
    return {
      ok: false,
      error: diagnosticOf("E-STATE", EVALUATION_RULES["E-STATE"], describeThrown(thrown), {
        path: at,
      }),
    };
  }
}
