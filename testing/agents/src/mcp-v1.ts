// The v1 SDK line (@modelcontextprotocol/sdk 1.x, protocol 2025-11-25).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  getDefaultEnvironment,
  StdioClientTransport,
} from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { McpServerConfig } from "./config.js";
import {
  CLIENT_CAPABILITIES,
  CLIENT_INFO,
  forwardStderr,
  type McpHandlers,
  type McpSession,
  type SdkClient,
  stdioParameters,
  wrapClient,
} from "./mcp.js";

export async function connect(
  name: string,
  config: McpServerConfig,
  handlers: McpHandlers,
): Promise<McpSession> {
  const client = new Client(CLIENT_INFO, { capabilities: CLIENT_CAPABILITIES });
  client.setRequestHandler(CreateMessageRequestSchema, async (request) => ({
    model: CLIENT_INFO.name,
    role: "assistant" as const,
    content: { type: "text" as const, text: await handlers.sample(name, request.params) },
  }));
  client.setRequestHandler(ElicitRequestSchema, async (request) =>
    handlers.elicit(name, request.params as Record<string, unknown>),
  );
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [] }));
  for (const schema of [
    ToolListChangedNotificationSchema,
    PromptListChangedNotificationSchema,
    ResourceListChangedNotificationSchema,
  ])
    client.setNotificationHandler(schema, async () => handlers.changed(name));
  let transport: StdioClientTransport | StreamableHTTPClientTransport;
  if (config.type === "stdio") {
    transport = new StdioClientTransport(stdioParameters(config, getDefaultEnvironment()));
    forwardStderr(transport.stderr as NodeJS.ReadableStream | null, name, handlers.log);
  } else transport = new StreamableHTTPClientTransport(new URL(config.url!));
  await client.connect(transport);
  // Only the HTTP transport keeps the version the server chose (for its header).
  const version = "protocolVersion" in transport ? transport.protocolVersion : undefined;
  return wrapClient(name, client as unknown as SdkClient, version);
}
