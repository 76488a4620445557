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
import * as mcp from "./mcp.js";

type Transport = StdioClientTransport | StreamableHTTPClientTransport;

export const line: mcp.SdkLine<Client & mcp.SdkClient, Transport> = {
  createClient(name, handlers) {
    const client = new Client(mcp.CLIENT_INFO, { capabilities: mcp.CLIENT_CAPABILITIES });
    client.setRequestHandler(CreateMessageRequestSchema, (request) =>
      mcp.samplingResult(handlers, name, request.params),
    );
    client.setRequestHandler(ElicitRequestSchema, (request) =>
      handlers.elicit(name, request.params as Record<string, unknown>),
    );
    client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [] }));
    for (const schema of [
      ToolListChangedNotificationSchema,
      PromptListChangedNotificationSchema,
      ResourceListChangedNotificationSchema,
    ])
      client.setNotificationHandler(schema, async () => handlers.changed(name));
    return client as Client & mcp.SdkClient;
  },
  transports: {
    stdio: (parameters) => new StdioClientTransport(parameters),
    http: (url) => new StreamableHTTPClientTransport(url),
    environment: getDefaultEnvironment(),
  },
  // Only the HTTP transport keeps the version the server chose (for its header).
  version: (_client, transport) =>
    "protocolVersion" in transport ? transport.protocolVersion : undefined,
};
