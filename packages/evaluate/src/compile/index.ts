// @oatf/evaluate/compilers: the compilers evaluation runs documents with, alone: the regex
// (RE2, format §6.2), JSONPath (SDK §5.7) and template (format §5.6) compilers that
// @oatf/validate checks documents with, and the process-wide switches behind them: the regex
// engine and the caches. The evaluation entry points of the main entry share these caches
// and this engine setting.
export { clearCaches } from "../base/lru.js";
export type { CompileError } from "./compile-error.js";
export type { CompiledJsonPath } from "./jsonpath.js";
export { compileJsonPath, JSONPATH_MAX_RECURSION_DEPTH } from "./jsonpath.js";
export type { CompiledRegex, RegexEngine } from "./regex.js";
export { compileRegex, getRegexEngine, re2jsEngine, setRegexEngine } from "./regex.js";
export type { CompiledTemplate, TemplateReference } from "./template.js";
export { parseTemplate, renderTemplate } from "./template.js";
