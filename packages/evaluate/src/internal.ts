// @oatf/evaluate/internal: helpers and limits the SDK's packages share so they behave alike,
// not part of the evaluation API: bounded JSON text and coercion, deep equality, the fixed
// bounds of the trace engine (assembled AG-UI text, open tool calls, sessions), the default
// semantic threshold, indicator keys, the prompt preview length and the snapshot format's
// parts. No semver promise beyond the SDK's own packages: a tool uses the main entry.

export { BoundedTable } from "./base/bounded-table.js";
export type { BoundedText } from "./base/json.js";
export { boundedJson, coerceToString, deepEqual, MAX_TEXT_LENGTH, toText } from "./base/json.js";
// @oatf/trace's readers keep their tables in BoundedTable, and check messages with
// traceMessageProblem (here as well as in the main entry, which brings the YAML engine along).
export { traceMessageProblem } from "./base/message.js";
export type { AssemblerState } from "./engine/ag-ui-assemble.js";
export {
  MAX_ASSEMBLED_TEXT_LENGTH,
  MAX_ASSEMBLED_TOTAL_LENGTH,
  MAX_OPEN_ASSEMBLED_MESSAGES,
} from "./engine/ag-ui-assemble.js";
export { DEFAULT_SEMANTIC_THRESHOLD } from "./engine/indicator.js";
export { DEFAULT_MAX_SESSIONS } from "./engine/monitor.js";
export type { SavedSession, SavedTallies, SnapshotBase } from "./engine/monitor-snapshot.js";
export { SNAPSHOT_VERSION } from "./engine/monitor-snapshot.js";
export type { EnricherState, ToolCallState } from "./engine/trace-enrich.js";
export { MAX_OPEN_TOOL_CALL_CHARS, MAX_OPEN_TOOL_CALLS } from "./engine/trace-enrich.js";
export { indicatorKeys } from "./engine/verdict.js";
export { PROMPT_PREVIEW_LENGTH } from "./primitives/synthesize.js";
