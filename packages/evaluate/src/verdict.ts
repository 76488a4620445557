// SDK §4.5 compute_verdict: indicator verdicts → attack verdict (format §9.2), with
// the evaluation summary and `max_tier` (seeds/001 §4.5).
import {
  type Attack,
  type AttackResult,
  type AttackVerdict,
  type Diagnostic,
  type EvaluationSummary,
  type Indicator,
  type IndicatorVerdict,
  TIERS,
  type Tier,
} from "@oatf/model";
import { nowIso } from "./timestamp.js";

/** Indicator verdicts keyed by indicator id, or a list of them. */
export type IndicatorVerdicts =
  | ReadonlyMap<string, IndicatorVerdict>
  | Readonly<Record<string, IndicatorVerdict>>
  | readonly IndicatorVerdict[];

/** An AttackVerdict, plus a diagnostic when the attack has no indicators. */
export type ComputedVerdict = AttackVerdict & { diagnostics?: Diagnostic[] };

export interface ComputeVerdictOptions {
  /** Verdict `source`: the tool producing it. */
  source?: string;
}

/**
 * The id of the indicator at `index`: its own, or the one normalization (N-003) would
 * generate — `{attack.id}-NN`, or `indicator-NN` without an attack id.
 */
export function indicatorId(attack: Attack, index: number): string {
  const own = attack.indicators?.[index]?.id;
  if (typeof own === "string") return own;
  const nn = String(index + 1).padStart(2, "0");
  return typeof attack.id === "string" ? `${attack.id}-${nn}` : `indicator-${nn}`;
}

function verdictLookup(verdicts: IndicatorVerdicts): (id: string) => IndicatorVerdict | undefined {
  if (verdicts instanceof Map) return (id) => verdicts.get(id);
  if (Array.isArray(verdicts)) {
    const byId = new Map<string, IndicatorVerdict>();
    for (const v of verdicts) {
      if (typeof v === "object" && v !== null && !byId.has(v.indicator_id))
        byId.set(v.indicator_id, v);
    }
    return (id) => byId.get(id);
  }
  const record = (verdicts ?? {}) as Readonly<Record<string, IndicatorVerdict>>;
  return (id) => (Object.hasOwn(record, id) ? record[id] : undefined);
}

const RESULTS = new Set(["matched", "not_matched", "error", "skipped"]);

function aggregate(logic: "any" | "all", summary: EvaluationSummary, total: number): AttackResult {
  if (summary.skipped === total) return "error"; // nothing was evaluated: not a pass
  if (summary.error > 0) return "error";
  if (logic === "all") {
    if (summary.matched === total) return "exploited";
    return summary.matched > 0 ? "partial" : "not_exploited";
  }
  return summary.matched > 0 ? "exploited" : "not_exploited";
}

function maxTier(
  indicators: readonly Indicator[],
  verdicts: readonly IndicatorVerdict[],
): Tier | undefined {
  let max = -1;
  verdicts.forEach((v, i) => {
    if (v.result !== "matched") return;
    max = Math.max(max, TIERS.indexOf(indicators[i]?.tier as Tier));
  });
  return max >= 0 ? TIERS[max] : undefined;
}

/**
 * SDK §4.5. Verdicts are matched to `attack.indicators` by id; a missing verdict counts as
 * `skipped` (and appears as one), so the summary always sums to the number of indicators.
 */
export function computeVerdict(
  attack: Attack,
  verdicts: IndicatorVerdicts,
  options: ComputeVerdictOptions = {},
): ComputedVerdict {
  const base = {
    timestamp: nowIso(),
    ...(options.source === undefined ? {} : { source: options.source }),
  };
  const indicators = Array.isArray(attack?.indicators) ? attack.indicators : [];
  const attackId = typeof attack?.id === "string" ? { attack_id: attack.id } : {};
  const summary: EvaluationSummary = { matched: 0, not_matched: 0, error: 0, skipped: 0 };
  if (indicators.length === 0) {
    return {
      ...attackId,
      result: "error",
      indicator_verdicts: [],
      evaluation_summary: summary,
      ...base,
      diagnostics: [
        {
          severity: "error",
          code: "E-NO-INDICATORS",
          message: "the attack has no indicators to evaluate",
        },
      ],
    };
  }
  const lookup = verdictLookup(verdicts);
  const ordered = indicators.map((_, i): IndicatorVerdict => {
    const id = indicatorId(attack, i);
    const found = lookup(id);
    if (found !== undefined && RESULTS.has(found.result)) return found;
    return {
      indicator_id: id,
      result: "skipped",
      timestamp: null,
      evidence: "no verdict supplied",
    };
  });
  for (const v of ordered) summary[v.result]++;
  const logic = attack.correlation?.logic === "all" ? "all" : "any";
  const result = aggregate(logic, summary, indicators.length);
  const tier = maxTier(indicators, ordered);
  // Serialized order: `max_tier` follows `result` (spec README item 2).
  return {
    ...attackId,
    result,
    ...(tier === undefined ? {} : { max_tier: tier }),
    indicator_verdicts: ordered,
    evaluation_summary: summary,
    ...base,
  };
}
