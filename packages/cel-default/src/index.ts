// @oatf/cel-default: the default CelEvaluator (SDK §6.1), built on @bufbuild/cel.
export { createCelEvaluator, type DefaultCelEvaluator } from "./evaluator.js";
export { type CelEvaluatorOptions, DEFAULT_OPTIONS } from "./options.js";
