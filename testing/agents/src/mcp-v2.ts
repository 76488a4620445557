// The v2 SDK line (@modelcontextprotocol/client 2.x): probes with `server/discover` and speaks
// 2026-07-28 when the server does (list changes over `subscriptions/listen`, sampling and
// elicitation inside `input_required` results), 2025-11-25 otherwise.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import * as mcp from "./mcp.js";

type Transport = StdioClientTransport | StreamableHTTPClientTransport;

export const line: mcp.SdkLine<Client & mcp.SdkClient, Transport> = {
  createClient(name, handlers) {
    const changed = { onChanged: () => handlers.changed(name), autoRefresh: false, debounceMs: 0 };
    const client = new Client(mcp.CLIENT_INFO, {
      capabilities: mcp.CLIENT_CAPABILITIES,
      versionNegotiation: { mode: "auto" },
      listChanged: { tools: changed, prompts: changed, resources: changed },
    });
    client.setRequestHandler("sampling/createMessage", (request) =>
      mcp.samplingResult(handlers, name, request.params),
    );
    client.setRequestHandler("elicitation/create", (request) =>
      handlers.elicit(name, request.params as Record<string, unknown>),
    );
    client.setRequestHandler("roots/list", async () => ({ roots: [] }));
    return client as Client & mcp.SdkClient;
  },
  transports: {
    stdio: (parameters) => new StdioClientTransport(parameters),
    http: (url) => new StreamableHTTPClientTransport(url),
    environment: getDefaultEnvironment(),
  },
  version: (client) => client.getNegotiatedProtocolVersion(),
};
