// One MCP server as the agent uses it, whichever official SDK line connects it: `v1`
// (@modelcontextprotocol/sdk, 2025-11-25) or `v2` (@modelcontextprotocol/client, negotiating
// 2026-07-28 or falling back to 2025-11-25). Both clients have the same calling surface, so one
// wrapper serves both; mcp-v1.ts and mcp-v2.ts only build the client and its transport.
import type { McpServerConfig } from "./config.js";

export type McpSdk = "v1" | "v2";

/** A form's answers, as MCP allows them. */
export type ElicitContent = Record<string, string | number | boolean | string[]>;

/** How the agent answers what a server asks of it (a model for sampling, a user for elicitation). */
export interface McpHandlers {
  /** `sampling/createMessage`: the model's reply text. */
  sample(server: string, params: Record<string, unknown>): Promise<string>;
  /** `elicitation/create`: the user's answer. */
  elicit(
    server: string,
    params: Record<string, unknown>,
  ): Promise<{ action: "accept" | "decline" | "cancel"; content?: ElicitContent }>;
  /** The server announced that its tools, prompts or resources changed. */
  changed(server: string): void;
  /** A line for the agent's log (a stdio server's stderr). */
  log(line: string): void;
}

export interface McpSession {
  readonly name: string;
  readonly instructions: string | undefined;
  readonly protocolVersion: string | undefined;
  listTools(): Promise<unknown[]>;
  listResources(): Promise<unknown[]>;
  listPrompts(): Promise<unknown[]>;
  callTool(name: string, args: Record<string, unknown>): Promise<unknown>;
  readResource(uri: string): Promise<unknown>;
  getPrompt(name: string, args: Record<string, string>): Promise<unknown>;
  close(): Promise<void>;
}

/** The calling surface both SDK lines' `Client` classes share. */
export interface SdkClient {
  getServerCapabilities(): Record<string, unknown> | undefined;
  getInstructions(): string | undefined;
  listTools(): Promise<{ tools: unknown[] }>;
  listResources(): Promise<{ resources: unknown[] }>;
  listPrompts(): Promise<{ prompts: unknown[] }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  readResource(params: { uri: string }): Promise<unknown>;
  getPrompt(params: { name: string; arguments?: Record<string, string> }): Promise<unknown>;
  close(): Promise<void>;
}

export const CLIENT_INFO = { name: "oatf-test-agent", version: "1.0.0" };

/** What the agent declares: it answers sampling, both elicitation modes and roots. */
export const CLIENT_CAPABILITIES = {
  sampling: {},
  elicitation: { form: {}, url: {} },
  roots: { listChanged: false },
};

export function wrapClient(
  name: string,
  client: SdkClient,
  protocolVersion: string | undefined,
): McpSession {
  const capabilities = () => client.getServerCapabilities() ?? {};
  return {
    name,
    instructions: client.getInstructions(),
    protocolVersion,
    listTools: async () => (capabilities().tools ? (await client.listTools()).tools : []),
    listResources: async () =>
      capabilities().resources ? (await client.listResources()).resources : [],
    listPrompts: async () => (capabilities().prompts ? (await client.listPrompts()).prompts : []),
    callTool: (tool, args) => client.callTool({ name: tool, arguments: args }),
    readResource: (uri) => client.readResource({ uri }),
    getPrompt: (prompt, args) => client.getPrompt({ name: prompt, arguments: args }),
    close: () => client.close(),
  };
}

/** The reply to `sampling/createMessage`: the agent's text as the assistant's message. */
export async function samplingResult(
  handlers: McpHandlers,
  server: string,
  params: Record<string, unknown>,
) {
  const text = await handlers.sample(server, params);
  return {
    model: CLIENT_INFO.name,
    role: "assistant" as const,
    content: { type: "text" as const, text },
  };
}

export interface StdioParameters {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  stderr: "pipe";
}

/** One SDK line's transports (their classes differ, their constructors agree). */
export interface Transports<T> {
  stdio(parameters: StdioParameters): T & { readonly stderr: unknown };
  http(url: URL): T;
  /** The SDK's safe environment for a spawned server (PATH, HOME…). */
  environment: Record<string, string>;
}

/** Connects `client` over the configured transport, a stdio server's stderr to the log. */
async function connectOver<T>(
  client: { connect(transport: T): Promise<void> },
  config: McpServerConfig,
  transports: Transports<T>,
  name: string,
  log: (line: string) => void,
): Promise<T> {
  let transport: T;
  if (config.type === "stdio") {
    const stdio = transports.stdio({
      command: config.command!,
      args: config.args ?? [],
      env: { ...transports.environment, ...config.env },
      ...(config.cwd ? { cwd: config.cwd } : {}),
      stderr: "pipe",
    });
    forwardStderr(stdio.stderr as NodeJS.ReadableStream | null, name, log);
    transport = stdio;
  } else transport = transports.http(new URL(config.url!));
  await client.connect(transport);
  return transport;
}

/** What each SDK line module (mcp-v1.ts, mcp-v2.ts) provides. */
export interface SdkLine<C extends SdkClient, T> {
  /** A client with the agent's capabilities and its answers to server requests. */
  createClient(name: string, handlers: McpHandlers): C & { connect(transport: T): Promise<void> };
  transports: Transports<T>;
  /** The protocol version the connection speaks, when the SDK tells. */
  version(client: C, transport: T): string | undefined;
}

/** Connects to one server with the chosen SDK line. */
export async function connectMcp(
  sdk: McpSdk,
  name: string,
  config: McpServerConfig,
  handlers: McpHandlers,
): Promise<McpSession> {
  const { line } = sdk === "v1" ? await import("./mcp-v1.js") : await import("./mcp-v2.js");
  return connectWith(line as SdkLine<SdkClient, unknown>, name, config, handlers);
}

async function connectWith<C extends SdkClient, T>(
  line: SdkLine<C, T>,
  name: string,
  config: McpServerConfig,
  handlers: McpHandlers,
): Promise<McpSession> {
  const client = line.createClient(name, handlers);
  const transport = await connectOver(client, config, line.transports, name, handlers.log);
  return wrapClient(name, client, line.version(client, transport));
}

/** Forwards a piped stderr stream to the log, line by line. */
function forwardStderr(
  stream: NodeJS.ReadableStream | null | undefined,
  name: string,
  log: (line: string) => void,
): void {
  if (!stream) return;
  let buffer = "";
  stream.setEncoding?.("utf8");
  stream.on("data", (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines) log(`${name} stderr: ${line}`);
  });
}
