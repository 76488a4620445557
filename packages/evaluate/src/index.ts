// @oatf/evaluate: execution primitives (SDK §5), indicator evaluation and verdicts
// (SDK §4), trace evaluation, and the regex, JSONPath and template compilers.

export type { CompileError } from "./compile-error.js";
export type { CompiledCondition } from "./condition.js";
export { compileCondition, evaluateCondition, isMatchCondition } from "./condition.js";
export { evaluateExtractor } from "./extractor.js";
export { coerceToString, deepEqual, toText } from "./json.js";
export type { CompiledJsonPath } from "./jsonpath.js";
export { compileJsonPath, JSONPATH_MAX_RECURSION_DEPTH } from "./jsonpath.js";
export { clearCaches, LruCache } from "./lru.js";
export type { CompiledPredicate } from "./predicate.js";
export { compilePredicate, evaluatePredicate } from "./predicate.js";
export type { CompiledRegex, RegexEngine } from "./regex.js";
export { compileRegex, getRegexEngine, re2jsEngine, setRegexEngine } from "./regex.js";
export { selectResponse } from "./response.js";
export { computeEffectiveState } from "./state.js";
export type {
  CompiledTemplate,
  ExtractorValues,
  Interpolated,
  TemplateReference,
} from "./template.js";
export {
  interpolateTemplate,
  interpolateValue,
  parseTemplate,
  renderTemplate,
} from "./template.js";
