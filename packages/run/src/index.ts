// @oatf/run: executing OATF documents against AI agents (format §11.3, adversarial tool
// conformance). Every actor of a document runs concurrently on its own connection: rogue
// MCP and A2A servers the agent under test connects to, AG-UI, MCP and A2A clients that
// drive it; every message is recorded with the run's key and the document's indicators are
// evaluated over the recording in the same run. Node only. Built on the SDK's public
// execution primitives (@oatf/evaluate).

export type { McpConfig, McpServerEntry } from "./agent/mcp-config.js";
export type { PhaseTransition } from "./context.js";
export type { RunDiagnostic, RunDiagnosticCode } from "./diagnostics.js";
export { MAX_DIAGNOSTICS_PER_CODE } from "./diagnostics.js";
export { SUPPORTED_MODES } from "./document.js";
export type { AsyncGenerationProvider } from "./generation/async.js";
export { synthesizeAsync } from "./generation/async.js";
export type { OpenAiCompatibleOptions } from "./generation/openai.js";
export { openAiCompatibleProvider } from "./generation/openai.js";
export type { GeneratedShape } from "./generation/structure.js";
export { checkGenerated, SHAPE_DESCRIPTIONS } from "./generation/structure.js";
export { DEFAULT_LIMITS, type RunLimits } from "./limits.js";
export type { RunOptions, RunReady } from "./options.js";
export type { RecordedMessage } from "./recording.js";
export type { RunEnd, RunEndpoints, RunResult } from "./run.js";
export type { RunReport, RunSummary } from "./run-attack.js";
export { runAttack } from "./run-attack.js";
