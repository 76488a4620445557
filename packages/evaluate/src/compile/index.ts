// @oatf/evaluate/compilers: the regex (RE2), JSONPath and template compilers alone, for
// @oatf/validate and other tools that check documents with the engines evaluation runs them
// with (format §6.2 regex, SDK §5.7 JSONPath, format §5.6 templates), without the rest of
// the evaluation API. The same functions are on the main entry; both share one cache.
export type { CompileError } from "./compile-error.js";
export type { CompiledJsonPath } from "./jsonpath.js";
export { compileJsonPath, JSONPATH_MAX_RECURSION_DEPTH } from "./jsonpath.js";
export type { CompiledRegex, RegexEngine } from "./regex.js";
export { compileRegex, getRegexEngine, re2jsEngine, setRegexEngine } from "./regex.js";
export type { CompiledTemplate, TemplateReference } from "./template.js";
export { parseTemplate } from "./template.js";
