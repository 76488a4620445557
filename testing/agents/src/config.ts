// The servers and agents an agent uses: the `mcpServers` file agent hosts read (Claude Desktop,
// Cursor…) with our `a2aAgents` extension, as RUN-CONTRACT.md describes.
import { readFile } from "node:fs/promises";

export interface McpServerConfig {
  /** `http` (Streamable HTTP) or `stdio`; inferred from `url` or `command` when absent. */
  type: "http" | "stdio";
  url?: string;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
}

export interface A2aAgentConfig {
  /** The agent's base URL: its card is at `<url>/.well-known/agent-card.json`, JSON-RPC at `<url>`. */
  url: string;
}

export interface AgentsConfig {
  mcpServers: Record<string, McpServerConfig>;
  a2aAgents: Record<string, A2aAgentConfig>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((v) => typeof v === "string") ? value : undefined;

/** The configuration in `json`; entries that make no sense are left out and named in `problems`. */
export function parseConfig(json: unknown): { config: AgentsConfig; problems: string[] } {
  const config: AgentsConfig = { mcpServers: {}, a2aAgents: {} };
  const problems: string[] = [];
  if (!isObject(json)) return { config, problems: ["the configuration is not a JSON object"] };
  const servers = isObject(json.mcpServers) ? json.mcpServers : {};
  for (const [name, entry] of Object.entries(servers)) {
    if (!isObject(entry)) {
      problems.push(`mcpServers.${name}: not an object`);
      continue;
    }
    const type =
      entry.type === "stdio" || (entry.type === undefined && typeof entry.command === "string")
        ? "stdio"
        : "http";
    if (type === "http" && typeof entry.url !== "string") {
      problems.push(`mcpServers.${name}: no url`);
      continue;
    }
    if (type === "stdio" && typeof entry.command !== "string") {
      problems.push(`mcpServers.${name}: no command`);
      continue;
    }
    const server: McpServerConfig = { type };
    if (typeof entry.url === "string") server.url = entry.url;
    if (typeof entry.command === "string") server.command = entry.command;
    const args = strings(entry.args);
    if (args) server.args = args;
    if (typeof entry.cwd === "string") server.cwd = entry.cwd;
    if (isObject(entry.env))
      server.env = Object.fromEntries(
        Object.entries(entry.env).filter((e): e is [string, string] => typeof e[1] === "string"),
      );
    Object.defineProperty(config.mcpServers, name, { value: server, enumerable: true });
  }
  const agents = isObject(json.a2aAgents) ? json.a2aAgents : {};
  for (const [name, entry] of Object.entries(agents)) {
    if (!isObject(entry) || typeof entry.url !== "string") {
      problems.push(`a2aAgents.${name}: no url`);
      continue;
    }
    Object.defineProperty(config.a2aAgents, name, { value: { url: entry.url }, enumerable: true });
  }
  return { config, problems };
}

/** Reads a configuration file (or takes the object as given); a missing file is an empty one. */
export async function loadConfig(
  source: string | unknown | undefined,
): Promise<{ config: AgentsConfig; problems: string[] }> {
  if (source === undefined) return parseConfig({});
  if (typeof source !== "string") return parseConfig(source);
  let text: string;
  try {
    text = await readFile(source, "utf8");
  } catch (error) {
    return { ...parseConfig({}), problems: [`cannot read ${source}: ${(error as Error).message}`] };
  }
  try {
    return parseConfig(JSON.parse(text));
  } catch (error) {
    return { ...parseConfig({}), problems: [`${source}: ${(error as Error).message}`] };
  }
}
