// The v2 SDK line (@modelcontextprotocol/client 2.x): probes with `server/discover` and speaks
// 2026-07-28 when the server does (list changes over `subscriptions/listen`, sampling and
// elicitation inside `input_required` results), 2025-11-25 otherwise.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
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
  const changed = { onChanged: () => handlers.changed(name), autoRefresh: false, debounceMs: 0 };
  const client = new Client(CLIENT_INFO, {
    capabilities: CLIENT_CAPABILITIES,
    versionNegotiation: { mode: "auto" },
    listChanged: { tools: changed, prompts: changed, resources: changed },
  });
  client.setRequestHandler("sampling/createMessage", async (request) => ({
    model: CLIENT_INFO.name,
    role: "assistant" as const,
    content: { type: "text" as const, text: await handlers.sample(name, request.params) },
  }));
  client.setRequestHandler("elicitation/create", async (request) =>
    handlers.elicit(name, request.params as Record<string, unknown>),
  );
  client.setRequestHandler("roots/list", async () => ({ roots: [] }));
  if (config.type === "stdio") {
    const transport = new StdioClientTransport(stdioParameters(config, getDefaultEnvironment()));
    forwardStderr(transport.stderr as NodeJS.ReadableStream | null, name, handlers.log);
    await client.connect(transport);
  } else await client.connect(new StreamableHTTPClientTransport(new URL(config.url!)));
  return wrapClient(name, client as unknown as SdkClient, client.getNegotiatedProtocolVersion());
}
