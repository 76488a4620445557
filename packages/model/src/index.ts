export * from "./diagnostics.js";
export { parseDuration } from "./duration.js";
export * from "./extension-points.js";
export {
  type FileDiagnostics,
  type FormatOptions,
  formatDiagnostics,
  formatStylish,
} from "./format.js";
export { carryExtensionAnchors, extensionAnchors } from "./key-order.js";
export { DEFAULT_LIMITS, MAX_DEPTH, type ParseLimits } from "./limits.js";
export type * from "./normalized.js";
export {
  type ParseOptions,
  parse,
  parseRecovering,
  type RecoveredDocument,
} from "./parse/parse.js";
export { indexPath, keyPath } from "./paths.js";
export * from "./result.js";
export * from "./rule-ids.js";
export { serialize } from "./serialize.js";
export * from "./source-info.js";
export { escapeForTerminal } from "./terminal.js";
export * from "./types.js";
