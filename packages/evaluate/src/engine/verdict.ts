// SDK §4.5 compute_verdict: indicator verdicts → attack verdict (format §9.2), with
// the evaluation summary and `max_tier` (seeds/001 §4.5).
import {
  type Attack,
  type AttackResult,
  type AttackVerdict,
  type Diagnostic,
  EVALUATION_RULES,
  type EvaluationRuleId,
  type EvaluationSummary,
  INDICATOR_RESULTS,
  type Indicator,
  type IndicatorVerdict,
  TIERS,
  type Tier,
} from "@oatf/model";
import { diagnosticOf } from "@oatf/model/internal";
import { indicatorIdAt } from "@oatf/model/rules";
import { nowIso } from "../base/timestamp.js";
import { describeThrown } from "../compile/compile-error.js";

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
 * The key each indicator's verdict is filed and reported under, in document order: its id
 * (own or generated), except that an id an earlier indicator already carries becomes
 * `{id}#2`, `{id}#3`, ... (the first such key no indicator uses). Unvalidated documents may
 * repeat ids; two indicators are never merged into one verdict (issue 12 §2).
 */
export function indicatorKeys(attack: Attack): string[] {
  const indicators = Array.isArray(attack?.indicators) ? attack.indicators : [];
  const ids = indicators.map((_, i) => indicatorIdAt(attack, i));
  const taken = new Set(ids);
  const used = new Set<string>();
  return ids.map((id) => {
    let key = id;
    for (let n = 2; used.has(key); n++) {
      key = `${id}#${n}`;
      if (taken.has(key)) key = id; // an explicit id of that spelling: try the next n
    }
    used.add(key);
    return key;
  });
}

// Pure: a bundle that uses nothing of this module (such as @oatf/trace) leaves the table, and
// the main @oatf/model entry with its YAML engine, out.
const RESULTS: ReadonlySet<string> = /* @__PURE__ */ new Set(INDICATOR_RESULTS);

// Several verdicts for one indicator (a list with one per message, say) combine as the
// trace rule does (format §6 step 5): matched if any matched; else error if any failed;
// else not_matched if any was evaluated; else skipped.
const PRECEDENCE: Readonly<Record<string, number>> = {
  skipped: 0,
  not_matched: 1,
  error: 2,
  matched: 3,
};

function isVerdict(v: unknown): v is IndicatorVerdict {
  return typeof v === "object" && v !== null && RESULTS.has((v as IndicatorVerdict).result);
}

interface Supplied {
  get(id: string): unknown;
  /** Every indicator id a verdict was supplied for. */
  ids: Iterable<string>;
}

function supplied(verdicts: IndicatorVerdicts): Supplied {
  if (verdicts instanceof Map) return { get: (id) => verdicts.get(id), ids: verdicts.keys() };
  if (Array.isArray(verdicts)) {
    const byId = new Map<string, IndicatorVerdict>();
    for (const v of verdicts) {
      if (!isVerdict(v)) continue;
      const seen = byId.get(v.indicator_id);
      if (seen === undefined || PRECEDENCE[v.result]! > PRECEDENCE[seen.result]!) {
        byId.set(v.indicator_id, v);
      }
    }
    return { get: (id) => byId.get(id), ids: byId.keys() };
  }
  const record = (verdicts ?? {}) as Readonly<Record<string, IndicatorVerdict>>;
  return {
    get: (id) => (Object.hasOwn(record, id) ? record[id] : undefined),
    ids: Object.keys(record),
  };
}

function skipped(id: string, evidence: string): IndicatorVerdict {
  return { indicator_id: id, result: "skipped", timestamp: null, evidence };
}

// `all`: correlation.logic is "all" (else "any", the default).
function aggregate(all: boolean, summary: EvaluationSummary, total: number): AttackResult {
  if (summary.skipped === total) return "error"; // nothing was evaluated: not a pass
  if (summary.error > 0) return "error";
  if (all) {
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
  return TIERS[max]; // undefined while max is -1: no matched indicator has a tier
}

function errorVerdict(
  attack: Attack,
  base: { timestamp: string; source?: string },
  diagnostic: Diagnostic,
): ComputedVerdict {
  let attackId: { attack_id?: string } = {};
  try {
    if (typeof attack.id === "string") attackId = { attack_id: attack.id };
  } catch {} // a null or unreadable attack has no id
  return {
    ...attackId,
    result: "error",
    indicator_verdicts: [],
    evaluation_summary: { matched: 0, not_matched: 0, error: 0, skipped: 0 },
    ...base,
    diagnostics: [diagnostic],
  };
}

/**
 * SDK §4.5. Verdicts are matched to `attack.indicators` by id (by `indicatorKeys` when ids
 * repeat); a missing verdict counts as
 * `skipped` (and appears as one), so the summary always sums to the number of indicators.
 * A verdict for an id the attack does not have is ignored with a warning. Never throws.
 */
export function computeVerdict(
  attack: Attack,
  verdicts: IndicatorVerdicts,
  options: ComputeVerdictOptions = {},
): ComputedVerdict {
  const source = options?.source;
  const base = { timestamp: nowIso(), ...(source === undefined ? {} : { source }) };
  try {
    return compute(attack, verdicts, base);
  } catch (thrown) {
    const message = `the attack or its verdicts could not be read: ${describeThrown(thrown)}`;
    return errorVerdict(attack, base, evaluationDiagnostic("E-UNREADABLE", message));
  }
}

function compute(
  attack: Attack,
  verdicts: IndicatorVerdicts,
  base: { timestamp: string; source?: string },
): ComputedVerdict {
  const indicators = Array.isArray(attack?.indicators) ? attack.indicators : [];
  if (indicators.length === 0) {
    const message = "the attack has no indicators to evaluate";
    return errorVerdict(attack, base, evaluationDiagnostic("E-NO-INDICATORS", message));
  }
  const given = supplied(verdicts);
  const keys = indicatorKeys(attack);
  const known = new Set<string>(keys);
  const ordered = keys.map((id): IndicatorVerdict => {
    const found = given.get(id);
    // The map's key names the indicator (SDK §4.5); a verdict filed under it that says
    // otherwise is reported under the key, as it was counted.
    if (isVerdict(found)) return { ...found, indicator_id: id };
    if (found === undefined) return skipped(id, "no verdict supplied");
    return skipped(id, "the supplied verdict has no valid result");
  });
  const summary: EvaluationSummary = { matched: 0, not_matched: 0, error: 0, skipped: 0 };
  for (const v of ordered) summary[v.result]++;
  const result = aggregate(attack.correlation?.logic === "all", summary, indicators.length);
  const tier = maxTier(indicators, ordered);
  const unknown = [...given.ids].filter((id) => !known.has(id));
  // Serialized order: `max_tier` follows `result` (spec README item 2).
  return {
    ...(typeof attack.id === "string" ? { attack_id: attack.id } : {}),
    result,
    ...(tier === undefined ? {} : { max_tier: tier }),
    indicator_verdicts: ordered,
    evaluation_summary: summary,
    ...base,
    ...(unknown.length === 0
      ? {}
      : {
          diagnostics: unknown.map((id) =>
            evaluationDiagnostic(
              "W-UNKNOWN-INDICATOR",
              `verdict for indicator "${id}" ignored: the attack has no such indicator`,
            ),
          ),
        }),
  };
}

/** A diagnostic of `rule`, its severity and spec reference from the rule table. */
function evaluationDiagnostic(rule: EvaluationRuleId, message: string): Diagnostic {
  return diagnosticOf(rule, EVALUATION_RULES[rule], message);
}
