// @oatf/cel-default in Node (the package's `node` export condition): the default CelEvaluator
// (SDK §6.1), built on @bufbuild/cel, with isolated mode (worker threads).
import { createEvaluator, type DefaultCelEvaluator } from "./evaluator.js";
import { isolated } from "./isolated.js";
import type { CelEvaluatorOptions } from "./options.js";

export type { DefaultCelEvaluator } from "./evaluator.js";
export { type CelEvaluatorOptions, DEFAULT_OPTIONS } from "./options.js";

export function createCelEvaluator(options?: CelEvaluatorOptions): DefaultCelEvaluator {
  return createEvaluator(options, isolated);
}
