// @oatf/test-agents: scripted agents under test for `oatf run` (see README.md).
export type { A2aVersion } from "./a2a.js";
export { type AgentOptions, DEFAULT_LISTEN, type RunningAgent, startAgent } from "./agent.js";
export { type AgentsConfig, parseConfig } from "./config.js";
export { SYSTEM_PROMPT } from "./disclosure.js";
export type { McpSdk } from "./mcp.js";
export type { PolicyName } from "./policy.js";
export { CAREFUL_SAMPLING_REPLY } from "./server-requests.js";
