// oatf/cel: the default CEL evaluator's own API (`createCelEvaluator`, `DEFAULT_OPTIONS`), on a
// subpath so that the main `oatf` entry never imports CEL statically (see default-cel.ts).
export {
  type CelEvaluatorOptions,
  createCelEvaluator,
  DEFAULT_OPTIONS,
  type DefaultCelEvaluator,
} from "@oatf/cel-default";
