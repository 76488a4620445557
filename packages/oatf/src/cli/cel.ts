// The CLI's CEL evaluator, loaded only for documents that have expression indicators, so
// `oatf validate` on a pattern-only document starts without loading CEL (SDK §6.1, format §7.1.3).
import type { CelEvaluator } from "@oatf/model";

/**
 * The default CEL evaluator when `document` has any `expression` key (an indicator's
 * expression, which V-014 checks and evaluation runs), else `null`: without expressions
 * nothing reads the evaluator, so results are the same as with it.
 */
export async function celFor(document: unknown): Promise<CelEvaluator | null> {
  if (!hasExpressionKey(document)) return null;
  const { loadDefaultCel } = await import("../default-cel.js");
  return loadDefaultCel();
}

/** Whether any object in `value` has an `expression` key (over-approximates "has expression indicators"). */
function hasExpressionKey(value: unknown): boolean {
  const pending: unknown[] = [value];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== "object" || next === null || seen.has(next)) continue;
    seen.add(next);
    if (!Array.isArray(next) && Object.hasOwn(next, "expression")) return true;
    for (const child of Object.values(next)) pending.push(child);
  }
  return false;
}
