// Indicator coverage (issue 22 §5; SDK-specific, beside the SDK §2.19 verdicts): how many
// trace messages reached an indicator after format §6 filtering, and in how many its target
// path (SDK §5.1) resolved. An indicator whose target never resolves can never match, and a
// `not_matched` alone does not tell that from "the value did not match".
import type { Indicator } from "@oatf/model";
import { compileSimplePath, compileWildcardPath } from "@oatf/paths";
import type { ComputedVerdict } from "./verdict.js";

/** What one indicator saw of a trace; `indicator_id` is its verdict's. */
export interface IndicatorCoverage {
  indicator_id: string;
  /**
   * The paths whose resolution is counted: the pattern or semantic target, or an expression's
   * variable paths (`[]` for an expression without variables: nothing to resolve).
   */
  targets: string[];
  /** Messages the indicator was evaluated on (protocol, surface, actor, direction matched), up to its first match. */
  eligible: number;
  /** Of those, messages in which a target resolved to a value; absent when nothing is counted (no targets, or one that does not compile). */
  resolved?: number;
  /**
   * The position of the message that decided the verdict (its 1-based `line`, else its
   * 0-based index): the first match, or for an `error` the first message that failed. Absent
   * for `not_matched`, `skipped` and a trace cut short. `mergeVerdicts` uses it: earliest wins.
   */
  position?: number;
  /**
   * Set when `eligible > 0`, no target ever resolved and the indicator did not match: its
   * `not_matched` may only mean the path is absent. (`exists: false`, or an expression reading
   * a missing variable as null, can match without a resolved target: no warning then.)
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

/** The coverage entry of an indicator, with its warning when the target never resolved. */
export function coverageOf(
  id: string,
  targets: readonly string[],
  eligible: number,
  resolved: number | undefined,
  matched: boolean,
): IndicatorCoverage {
  const entry: IndicatorCoverage = { indicator_id: id, targets: [...targets], eligible };
  if (resolved === undefined) return entry;
  entry.resolved = resolved;
  if (eligible > 0 && resolved === 0 && !matched) {
    const what =
      targets.length === 1
        ? `target ${targets[0] === "" ? "(the whole message)" : targets[0]}`
        : `variables ${targets.join(", ")}`;
    const messages = eligible === 1 ? "message" : "messages";
    entry.warning = `indicator ${id}: ${what} never resolved in ${eligible} eligible ${messages}`;
  }
  return entry;
}

/**
 * A trace evaluation's attack verdict: the SDK §4.5 verdict, plus `coverage`, one entry per
 * indicator in `indicator_verdicts` order (SDK-specific: the verdict's fields keep their meaning).
 */
export type TraceVerdict = ComputedVerdict & { coverage: IndicatorCoverage[] };
