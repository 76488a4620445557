// The MCP config file the agent under test reads (RUN-CONTRACT.md): `mcpServers` in the shape
// agent hosts read (Claude Desktop, Cursor, ...), and `a2aAgents`, this project's documented
// extension: the base URL of each A2A actor (its card at `<url>/.well-known/agent-card.json`).
// Written before the first message goes to the agent.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export type McpServerEntry =
  | { type: "http"; url: string }
  | { type: "stdio"; command: string; args: string[]; env: Record<string, string> };

export interface McpConfig {
  mcpServers: Record<string, McpServerEntry>;
  a2aAgents: Record<string, { url: string }>;
}

export function writeMcpConfig(path: string, config: McpConfig): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
}
