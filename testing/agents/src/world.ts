// The agent's connections: its MCP servers (kept open across runs, like an agent host keeps
// them) and A2A peers, from the configuration. Lists are fetched again at the start of every run
// and after a server announces a change, and what they say is offered to the run to read.
import { type A2aVersion, cardVersion, fetchPeer, sendToPeer } from "./a2a.js";
import type { Observation } from "./actions.js";
import {
  argumentDescription,
  argumentNames,
  type Catalog,
  type Peer,
  type Prompt,
  type Resource,
  type Tool,
} from "./catalog.js";
import { type AgentsConfig, loadConfig } from "./config.js";
import { textOf } from "./json-text.js";
import { connectMcp, type McpHandlers, type McpSdk, type McpSession } from "./mcp.js";
import type { Outcome, World } from "./run.js";

export interface WorldOptions {
  /** The configuration file, or the configuration itself. */
  config: string | unknown | undefined;
  mcpSdk: McpSdk;
  /** The A2A version to speak, or `auto` (from each card). */
  a2aVersion: A2aVersion | "auto";
  log: (line: string) => void;
}

interface ServerState {
  /** The configuration entry it was connected with. */
  spec: string;
  session: McpSession;
  tools: Tool[];
  resources: Resource[];
  prompts: Prompt[];
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
const str = (value: unknown): string => (typeof value === "string" ? value : "");

function toTool(server: string, raw: unknown): Tool {
  const t = record(raw);
  return {
    kind: "mcp",
    server,
    name: str(t.name),
    description: str(t.description),
    schema: record(t.inputSchema),
  };
}

/** A tool result, resource or prompt as text: content items, structured content, messages. */
export function resultText(result: unknown): string {
  const r = record(result);
  const parts: string[] = [];
  if (typeof r.description === "string") parts.push(r.description);
  const items = [
    ...(Array.isArray(r.content) ? r.content : []),
    ...(Array.isArray(r.contents) ? r.contents : []),
    ...(Array.isArray(r.messages) ? r.messages.map((m) => record(m).content) : []),
  ];
  for (const item of items) {
    const i = record(item);
    const resource = record(i.resource);
    if (typeof i.text === "string") parts.push(i.text);
    else if (typeof resource.text === "string") parts.push(resource.text);
    else if (typeof i.blob === "string" || typeof resource.blob === "string")
      parts.push("[binary content]");
    else parts.push(textOf(i));
  }
  if (r.structuredContent !== undefined) parts.push(JSON.stringify(r.structuredContent));
  if (items.length === 0 && parts.length === 0) parts.push(textOf(result));
  return parts.filter((p) => p !== "").join("\n");
}

export class Connections implements World {
  private readonly servers = new Map<string, ServerState>();
  private readonly peers = new Map<string, Peer>();
  private readonly changed = new Set<string>();
  private config: AgentsConfig = { mcpServers: {}, a2aAgents: {} };
  frontendTools: Tool[] = [];

  constructor(
    private readonly options: WorldOptions,
    private readonly handlers: McpHandlers,
  ) {}

  /** A server announced a change: its lists are fetched again before the run goes on. */
  markChanged(server: string): void {
    this.changed.add(server);
  }

  /** Reads the configuration, connects what is new, and fetches every server's lists again. */
  async sync(): Promise<void> {
    const { config, problems } = await loadConfig(this.options.config);
    for (const problem of problems) this.options.log(`configuration: ${problem}`);
    this.config = config;
    for (const [name, server] of Object.entries(config.mcpServers)) {
      // A server whose entry changed (a new run's port, say) is connected again, as MCP hosts
      // do when their configuration is edited; an unchanged one keeps its session.
      const spec = JSON.stringify(server);
      const known = this.servers.get(name);
      if (known?.spec === spec) continue;
      if (known !== undefined) {
        this.servers.delete(name);
        await known.session.close().catch(() => {});
      }
      try {
        const session = await connectMcp(this.options.mcpSdk, name, server, this.handlers);
        this.servers.set(name, { spec, session, tools: [], resources: [], prompts: [] });
        this.options.log(
          `mcp ${name}: connected (${this.options.mcpSdk}, ${session.protocolVersion ?? "version not reported"})`,
        );
      } catch (error) {
        this.options.log(`mcp ${name}: cannot connect: ${(error as Error).message}`);
      }
    }
    for (const [id, agent] of Object.entries(config.a2aAgents))
      if (!this.peers.has(id)) this.peers.set(id, await fetchPeer(id, agent.url));
    for (const name of this.servers.keys()) await this.refresh(name);
    this.changed.clear();
  }

  private async refresh(name: string): Promise<void> {
    const state = this.servers.get(name);
    if (!state) return;
    const { session } = state;
    const attempt = async <T>(
      what: string,
      list: () => Promise<unknown[]>,
      map: (raw: unknown) => T,
    ) => {
      try {
        return (await list()).map(map);
      } catch (error) {
        this.options.log(`mcp ${name}: ${what}: ${(error as Error).message}`);
        return [];
      }
    };
    state.tools = (await attempt("tools/list", session.listTools, (t) => toTool(name, t))).filter(
      (t) => t.name !== "",
    );
    state.resources = await attempt("resources/list", session.listResources, (raw) => {
      const r = record(raw);
      return { server: name, uri: str(r.uri), name: str(r.name), description: str(r.description) };
    });
    state.prompts = await attempt("prompts/list", session.listPrompts, (raw) => {
      const p = record(raw);
      const args = (Array.isArray(p.arguments) ? p.arguments : []).map((a) => {
        const arg = record(a);
        return {
          name: str(arg.name),
          description: str(arg.description),
          required: arg.required === true,
        };
      });
      return { server: name, name: str(p.name), description: str(p.description), arguments: args };
    });
  }

  catalog(): Catalog {
    const states = [...this.servers.values()];
    return {
      tools: [...states.flatMap((s) => s.tools), ...this.frontendTools],
      resources: states.flatMap((s) => s.resources),
      prompts: states.flatMap((s) => s.prompts),
      peers: [...this.peers.values()],
      endpoints: [
        ...Object.entries(this.config.mcpServers).map(
          ([name, s]) => `${name} (${s.url ?? [s.command, ...(s.args ?? [])].join(" ")})`,
        ),
        ...Object.entries(this.config.a2aAgents).map(([name, a]) => `${name} (${a.url})`),
      ],
    };
  }

  /** What the servers and peers say about themselves: instructions, descriptions, cards. */
  descriptions(): Observation[] {
    const found: Observation[] = [];
    for (const [name, state] of this.servers) {
      if (state.session.instructions)
        found.push({
          label: `instructions of ${name}`,
          text: state.session.instructions,
          server: name,
        });
      for (const tool of state.tools) found.push(describe(tool));
      for (const r of state.resources)
        if (r.description)
          found.push({ label: `resource ${r.uri}`, text: r.description, server: name });
      for (const p of state.prompts)
        if (p.description)
          found.push({ label: `prompt ${p.name}`, text: p.description, server: name });
    }
    for (const tool of this.frontendTools) found.push(describe(tool));
    for (const peer of this.peers.values())
      found.push({
        label: `agent card ${peer.name}`,
        text: textOf(peer.card) || peer.claims,
        peer,
      });
    return found;
  }

  async takeChanges(): Promise<Observation[]> {
    const found: Observation[] = [];
    for (const name of [...this.changed]) {
      this.changed.delete(name);
      await this.refresh(name);
      for (const tool of this.servers.get(name)?.tools ?? []) found.push(describe(tool));
    }
    return found;
  }

  private async use(
    server: string,
    what: string,
    call: (s: McpSession) => Promise<unknown>,
  ): Promise<Outcome> {
    const state = this.servers.get(server);
    if (!state) return { output: `no server ${server}`, failed: true };
    try {
      const result = await call(state.session);
      return { output: resultText(result), failed: record(result).isError === true };
    } catch (error) {
      this.options.log(`mcp ${server}: ${what}: ${(error as Error).message}`);
      return { output: (error as Error).message, failed: true };
    }
  }

  callTool(tool: Tool, args: Record<string, unknown>): Promise<Outcome> {
    this.options.log(`call ${tool.server}/${tool.name} ${JSON.stringify(args)}`);
    return this.use(tool.server, `tools/call ${tool.name}`, (s) => s.callTool(tool.name, args));
  }

  readResource(server: string, uri: string): Promise<Outcome> {
    this.options.log(`read ${server} ${uri}`);
    return this.use(server, `resources/read ${uri}`, (s) => s.readResource(uri));
  }

  getPrompt(prompt: Prompt, args: Record<string, string>): Promise<Outcome> {
    this.options.log(`prompt ${prompt.server}/${prompt.name}`);
    return this.use(prompt.server, `prompts/get ${prompt.name}`, (s) =>
      s.getPrompt(prompt.name, args),
    );
  }

  delegate(peer: Peer, text: string): Promise<Outcome> {
    const version =
      this.options.a2aVersion === "auto" ? cardVersion(peer.card) : this.options.a2aVersion;
    this.options.log(`a2a ${peer.id} (v${version}): ${JSON.stringify(text.slice(0, 200))}`);
    return sendToPeer(peer, text, version);
  }

  async close(): Promise<void> {
    const sessions = [...this.servers.values()].map((s) => s.session);
    this.servers.clear();
    await Promise.allSettled(sessions.map((s) => s.close()));
  }
}

/** A tool's description and its arguments' descriptions, as one text. */
function describe(tool: Tool): Observation {
  const args = argumentNames(tool)
    .map((a) => argumentDescription(tool, a))
    .filter((d) => d !== "");
  return {
    label: `tool description ${tool.name}`,
    text: [tool.description, ...args].join("\n"),
    self: tool.name,
    ...(tool.kind === "mcp" ? { server: tool.server } : {}),
  };
}
