// @oatf/cel-default outside Node (browsers, edge runtimes: the package's default export
// condition): the default CelEvaluator (SDK §6.1) without isolated mode, which needs Node's
// worker threads, so that bundles carry no Node built-in. `isolated: true` evaluates in the
// caller's thread, under the same limits.
import { createEvaluator, type DefaultCelEvaluator } from "./evaluator.js";
import type { CelEvaluatorOptions } from "./options.js";

export type { DefaultCelEvaluator } from "./evaluator.js";
export { type CelEvaluatorOptions, DEFAULT_OPTIONS } from "./options.js";

export function createCelEvaluator(options?: CelEvaluatorOptions): DefaultCelEvaluator {
  return createEvaluator(options);
}
