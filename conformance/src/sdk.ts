// The SDK functions the conformance runner calls, in one place: the real ones, as the
// `oatf` package wires them (`validate` and `load` with the default CEL evaluator).
export {
  computeEffectiveState,
  computeVerdict,
  evaluateCondition,
  evaluateExpression,
  evaluateExtractor,
  evaluateIndicator,
  evaluatePattern,
  evaluatePredicate,
  evaluateTrace,
  evaluateTrigger,
  interpolateTemplate,
  interpolateValue,
  selectResponse,
} from "@oatf/evaluate";
export { parse, parseDuration, serialize } from "@oatf/model";
export { normalize } from "@oatf/normalize";
export {
  checkPolicyPaths,
  parsePolicyPath,
  resolveBatchMapping,
  resolveInputMapping,
  resolvePolicyPath,
  resolveSimplePath,
  resolveWildcardPath,
} from "@oatf/paths";
export { extractProtocol, parseEventQualifier, resolveEventQualifier } from "@oatf/registries";
export { defaultCelEvaluator, load, validate } from "oatf";
