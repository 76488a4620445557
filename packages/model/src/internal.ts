// @oatf/model/internal: helpers the SDK's packages share so they behave alike, not part of
// the document model: building diagnostics (from the rule table, `diagnostic`; from a
// document's rules only, `documentDiagnostic` and `documentRuleInfo`; or for code that
// carries only its own table, `diagnosticOf`) and `Result`s, dot-path builders, where a
// path's nearest recorded ancestor is, the plain-tree check and the fixed limits behind it,
// the bounded LRU cache every compiler caches through, the "did you mean" suggestions of
// parse, validate, the CLI and the language server, and the record of where `x-` fields stood
// that `normalize` carries to its copy. No semver promise beyond the SDK's own packages: a
// tool uses the main entry, and no `oatf` entry re-exports these.
export {
  diagnostic,
  diagnosticOf,
  documentDiagnostic,
  evaluationError,
  lineRange,
} from "./diagnostics.js";
// And what @oatf/evaluate needs at run time, for the same reason: evaluate's bundle without yaml.
export { parseDuration } from "./duration.js";
export { carryExtensionAnchors, extensionAnchors } from "./key-order.js";
export { MAX_DEPTH } from "./limits.js";
export { LruCache } from "./lru.js";
export { indexPath, keyPath } from "./paths.js";
export {
  checkPlainTree,
  MAX_TREE_DEPTH,
  MAX_TREE_NODES,
  type PlainTreeLimits,
  type PlainTreeProblem,
} from "./plain-tree.js";
export { err, ok } from "./result.js";
export { documentRuleCheck } from "./rule-checks.js";
// TRACE_RULES here too, so @oatf/trace reaches the table without the main entry's YAML engine.
export {
  type DocumentRuleId,
  documentRuleInfo,
  EVALUATION_RULES,
  TRACE_RULES,
  WARNING_RULES,
} from "./rule-ids.js";
export { parentPath, positionOrAncestor, rangeOrAncestor } from "./source-info.js";
export {
  didYouMean,
  editDistance,
  type SuggestOptions,
  suggestionSuffix,
} from "./suggest.js";
export { DIRECTIONS, INDICATOR_METHODS, INDICATOR_RESULTS, TIERS } from "./types.js";
