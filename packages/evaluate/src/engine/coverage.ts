// Indicator coverage (issue 22 §5; SDK-specific, beside the SDK §2.19 verdicts): how many
// trace messages reached an indicator after format §6 filtering, and in how many its target
// path (SDK §5.1) resolved. An indicator whose target never resolves can never match, and a
// `not_matched` alone does not tell that from "the value did not match".
import type { Indicator } from "@oatf/model";
import { compileSimplePath, compileWildcardPath } from "@oatf/paths";
import type { ObservedTraffic } from "./observed.js";
import type { ComputedVerdict } from "./verdict.js";

/** What one indicator saw of a trace; `indicator_id` is its verdict's. */
export interface IndicatorCoverage {
  indicator_id: string;
  /**
   * The paths whose resolution is counted: the pattern or semantic target, or an expression's
   * variable paths (`[]` for an expression without variables: nothing to resolve).
   */
  targets: string[];
  /**
   * Messages format §6 filtering kept for the indicator (protocol, surface, actor, direction
   * matched), in the whole trace (before and after a match: the same count however the trace
   * was split); it was evaluated on those not `blind` until decided.
   */
  eligible: number;
  /**
   * Of those, messages blind for it (their `uncaptured` content holds what it reads): not
   * evaluated. Absent when none. When every eligible message is blind, or none is eligible,
   * the indicator is `skipped` (format §9.1: insufficient data) and `warning` says why.
   */
  blind?: number;
  /**
   * Of those, messages in which a target resolved to a value; absent when nothing is counted
   * (no targets, or one that does not compile) or the indicator was decided (matched: what
   * was counted up to the match would depend on how the trace was split).
   */
  resolved?: number;
  /**
   * The position of the message that decided the verdict (its 1-based `line`, else its
   * 0-based index): the first match, or for an `error` the first message that failed. Absent
   * for `not_matched`, `skipped` and a trace cut short. `mergeVerdicts` uses it: earliest wins.
   */
  position?: number;
  /**
   * Why the indicator was not evaluated (`skipped`: no message reached it, naming the nearest
   * surfaces the trace had, every message it reached was blind for it, or it could not be
   * evaluated at all: no evaluator for its method, an unknown method), or saw only part of
   * its messages (some blind, no match), or may have failed only because its path is absent
   * (evaluated on some messages, no target ever resolved, no match; `exists: false`, or an
   * expression reading a missing variable as null, can match without a resolved target).
   */
  warning?: string;
}

/**
 * The paths an indicator resolves, and whether their resolution is counted: the indicator's
 * program reports it (`targetResolution`), so nothing is resolved twice.
 */
export interface Resolution {
  targets: string[];
  /** False when there is nothing to resolve, or a path does not compile (the verdict is `error`). */
  counted: boolean;
}

function read(indicator: Indicator): Resolution {
  const method =
    indicator.method ?? (["pattern", "expression", "semantic"] as const).find((m) => indicator[m]);
  const fallback = typeof indicator.target === "string" ? indicator.target : undefined;
  if (method === "expression") {
    const variables = indicator.expression?.variables;
    const paths = variables ? Object.values(variables).filter((p) => typeof p === "string") : [];
    const counted = paths.length > 0 && paths.every((p) => compileSimplePath(p).ok);
    return { targets: paths, counted };
  }
  const block = method === "pattern" ? indicator.pattern : indicator.semantic;
  const own = (block as { target?: unknown } | undefined)?.target;
  const target = typeof own === "string" ? own : (fallback ?? "");
  return { targets: [target], counted: block != null && compileWildcardPath(target).ok };
}

/** The targets of an indicator (its method's paths). Never throws. */
export function resolutionOf(indicator: Indicator): Resolution {
  try {
    return read(indicator);
  } catch {
    return { targets: [], counted: false }; // an unreadable indicator: its verdict is `error`
  }
}

/**
 * The coverage entry of an indicator, with its warning: `why` it was not evaluated or saw
 * only part of its messages (blind.ts), and a target that never resolved in the rest.
 */
export function coverageOf(
  id: string,
  targets: readonly string[],
  eligible: number,
  resolved: number | undefined,
  matched: boolean,
  blind = 0,
  why?: string,
): IndicatorCoverage {
  const entry: IndicatorCoverage = { indicator_id: id, targets: [...targets], eligible };
  if (blind > 0) entry.blind = blind;
  const notes = why === undefined ? [] : [why];
  const seen = eligible - blind;
  if (resolved !== undefined) {
    entry.resolved = resolved;
    if (seen > 0 && resolved === 0 && !matched) {
      const what =
        targets.length === 1
          ? `target ${targets[0] === "" ? "(the whole message)" : targets[0]}`
          : `variables ${targets.join(", ")}`;
      notes.push(`${what} never resolved in ${seen} eligible message${seen === 1 ? "" : "s"}`);
    }
  }
  if (notes.length > 0) entry.warning = `indicator ${id}: ${notes.join("; ")}`;
  return entry;
}

/** One run's verdict (`TraceVerdict.runs`): the run's name, then its verdict and coverage. */
export type RunVerdict = { run: string } & ComputedVerdict & {
    coverage: IndicatorCoverage[];
    observed: ObservedTraffic;
  };

/**
 * A trace evaluation's attack verdict: the SDK §4.5 verdict, plus `coverage`, one entry per
 * indicator in `indicator_verdicts` order, and what the trace `observed` (SDK-specific: the
 * verdict's fields keep their meaning). When messages carry run keys (`TraceMessage.run`),
 * `runs` holds each run's verdict (by run name) and the verdict itself is the summary: that
 * of the run `run` that decides it, the first exploited run (highest `max_tier` first), else
 * partial, else error, else not_exploited.
 */
export type TraceVerdict = ComputedVerdict & {
  coverage: IndicatorCoverage[];
  /** What the messages were (the run's, for a run): for the warnings of unseen indicators and for merging. */
  observed: ObservedTraffic;
  /** The run this summary is the verdict of (with `runs`). */
  run?: string;
  /** Every run's verdict, by run name (code-unit order); absent when no message carried a run key. */
  runs?: RunVerdict[];
};
