// oatf: the whole SDK in one import, with defaults wired in.
//
// Every package is re-exported as is, except `validate` and the evaluation entry points
// (evaluateIndicator, compileIndicator, evaluateExpression, evaluateTrace,
// createTraceEvaluator), which are
// replaced below by versions wired with the default CEL evaluator (a local export
// shadows `export *`).

// CEL is loaded on first need (default-cel.ts); its constructor lives on the `oatf/cel` subpath.
export type { CelEvaluatorOptions, DefaultCelEvaluator } from "@oatf/cel-default";
export * from "@oatf/evaluate";
// Names exported by more than one package: each is exported once, from its owner.
export type { Value } from "@oatf/model";
export * from "@oatf/model";
export * from "@oatf/normalize";
export * from "@oatf/paths";
export * from "@oatf/registries";
export * from "@oatf/validate";

export {
  type CelOption,
  defaultCelEvaluator,
  loadDefaultCel,
  type WithDefaultCel,
} from "./default-cel.js";
export {
  compileIndicator,
  createTraceEvaluator,
  evaluateExpression,
  evaluateIndicator,
  evaluateTrace,
} from "./evaluate.js";
export { type LoadOptions, type LoadOutcome, type LoadResult, load } from "./load.js";
export { validate } from "./validate.js";
export { VERSION } from "./version.js";
