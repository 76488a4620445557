// OATF dot-paths (SDK §5.1): simple and wildcard paths.
export type { FindResolved } from "./dot-path/find.js";
export { findResolved } from "./dot-path/find.js";
export type { DotPathErrorReason, PathSegment } from "./dot-path/parse.js";
export { parseSimplePath, parseWildcardPath } from "./dot-path/parse.js";
export type {
  CompiledSimplePath,
  CompiledWildcardPath,
  ResolveOptions,
} from "./dot-path/resolve.js";
export {
  compileSimplePath,
  compileWildcardPath,
  DEFAULT_MAX_DEPTH,
  resolveSimplePath,
  resolveWildcardPath,
} from "./dot-path/resolve.js";

// Multi-agent policy path expressions (`parent.input.items.[].value`): their own grammar.
export type { PolicyPathErrorCode, PolicyPathIssue } from "./policy/check.js";
export { checkPolicyPaths, iterationPrefix } from "./policy/check.js";
export type {
  AgentData,
  BatchConfig,
  ConditionalConfig,
  ConditionalRoute,
  ConditionGroup,
  ExecutionPolicy,
  InputMapping,
  LocalAgent,
  LoopConfig,
  PolicyContext,
  PolicyStep,
} from "./policy/model.js";
export type { PolicyPath, PolicyPathErrorReason } from "./policy/parse.js";
export { checkPolicyFieldName, parsePolicyPath } from "./policy/parse.js";
export type {
  MappedInput,
  PolicyResolveError,
  PolicyResolveErrorCode,
} from "./policy/resolve.js";
export { resolveBatchMapping, resolveInputMapping, resolvePolicyPath } from "./policy/resolve.js";

export type { PathError, PathResult, Value } from "./types.js";
