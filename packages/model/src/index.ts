export * from "./diagnostics.js";
export { parseDuration } from "./duration.js";
export * from "./extension-points.js";
export { LruCache } from "./lru.js";
export { parse } from "./parse/parse.js";
export { indexPath, keyPath } from "./paths.js";
export * from "./result.js";
export {
  extractProtocol,
  generatedIndicatorId,
  generatedPhaseName,
  indicatorIdAt,
  indicatorProtocol,
  isMatchCondition,
  isObject,
  patternCondition,
  phaseNameAt,
} from "./rules/index.js";
export { serialize } from "./serialize.js";
export * from "./source-info.js";
export * from "./types.js";
