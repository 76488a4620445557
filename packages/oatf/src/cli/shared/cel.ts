// The CLI's CEL evaluator: the one loading policy of default-cel.ts, loaded only for documents
// that have expression indicators, so `oatf validate` on a pattern-only document starts without
// loading CEL (SDK §6.1, format §7.1.3).
import type { CelEvaluator } from "@oatf/model";
import { loadCelFor } from "../../default-cel.js";

/**
 * The default CEL evaluator when `document` has any `expression` key (an indicator's
 * expression, which V-014 checks and evaluation runs), else `null`: without expressions
 * nothing reads the evaluator, so results are the same as with it.
 */
export async function celFor(document: unknown): Promise<CelEvaluator | null> {
  return (await loadCelFor(document)) ?? null;
}
