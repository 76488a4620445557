// MCP servers built with the official SDKs, recording every JSON-RPC message the agent sends:
// v1 (@modelcontextprotocol/sdk McpServer, Streamable HTTP with sessions, 2025-11-25) and
// v2 (@modelcontextprotocol/server createMcpHandler, 2026-07-28 with a stateless 2025 fallback).
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { McpServer as McpServerV1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createMcpHandler, type McpServer as McpServerV2 } from "@modelcontextprotocol/server";
import { afterEach } from "vitest";
import { type RunningAgent, startAgent } from "../../src/index.js";
import type { McpSdk } from "../../src/mcp.js";
import type { PolicyName } from "../../src/policy.js";
import { close, listen, readBody, record, type WireMessage } from "./http.js";

export interface TestServer {
  url: string;
  /** Every JSON-RPC message the agent sent, in order. */
  wire: WireMessage[];
  /** Announces `notifications/tools/list_changed` to every connected client. */
  toolsChanged(): void;
  close(): Promise<void>;
}

/** A v1 server: `build` registers tools on a fresh McpServer for each session. */
export async function startMcpV1(build: (server: McpServerV1) => void): Promise<TestServer> {
  const wire: WireMessage[] = [];
  const sessions = new Map<
    string,
    { transport: StreamableHTTPServerTransport; server: McpServerV1 }
  >();
  const http = createServer(async (req, res) => {
    const body = req.method === "POST" ? record(await readBody(req), wire) : undefined;
    const id = req.headers["mcp-session-id"];
    let session = typeof id === "string" ? sessions.get(id) : undefined;
    if (!session) {
      const server = new McpServerV1(
        { name: "test-server-v1", version: "1.0.0" },
        { capabilities: { tools: { listChanged: true } } },
      );
      build(server);
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (sid) => {
          sessions.set(sid, { transport, server });
        },
      });
      await server.connect(transport);
      session = { transport, server };
    }
    await session.transport.handleRequest(req, res, body);
  });
  const url = `${await listen(http)}/mcp`;
  return {
    url,
    wire,
    toolsChanged: () => {
      for (const { server } of sessions.values()) server.sendToolListChanged();
    },
    async close() {
      for (const { server } of sessions.values()) await server.close();
      await close(http);
    },
  };
}

/** A v2 server: `build` registers tools on the McpServer made for each request. */
export async function startMcpV2(build: (server: McpServerV2) => void): Promise<TestServer> {
  const wire: WireMessage[] = [];
  const { McpServer } = await import("@modelcontextprotocol/server");
  const handler = createMcpHandler(() => {
    const server = new McpServer(
      { name: "test-server-v2", version: "1.0.0" },
      { capabilities: { tools: { listChanged: true } } },
    );
    build(server);
    return server;
  });
  const http = createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.method === "POST") record(body, wire);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === "string") headers.set(name, value);
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method ?? "GET",
      headers,
      ...(req.method === "POST" ? { body } : {}),
    });
    const response = await handler.fetch(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body)
      try {
        for await (const chunk of response.body) res.write(chunk);
      } catch {
        // The stream was aborted at close.
      }
    res.end();
  });
  const url = `${await listen(http)}/mcp`;
  return {
    url,
    wire,
    toolsChanged: () => handler.notify.toolsChanged(),
    async close() {
      await handler.close();
      await close(http);
    },
  };
}

export type ServerLine = "v1" | "v2";

/** A server of either line from builders for both. */
export function startMcp(
  line: ServerLine,
  build: { v1: (s: McpServerV1) => void; v2: (s: McpServerV2) => void },
): Promise<TestServer> {
  return line === "v1" ? startMcpV1(build.v1) : startMcpV2(build.v2);
}

/**
 * An agent using one MCP server, named `name`. Starting another (or the test ending) stops the
 * previous agent and its server.
 */
export function agentOnServer(name: string) {
  let running: { agent: RunningAgent; server: TestServer } | undefined;
  const stop = async () => {
    const previous = running;
    running = undefined;
    await previous?.agent.close();
    await previous?.server.close();
  };
  afterEach(stop);
  return async (policy: PolicyName, mcpSdk: McpSdk, server: TestServer) => {
    await stop();
    const log: string[] = [];
    const agent = await startAgent({
      policy,
      mcpSdk,
      mcpConfig: { mcpServers: { [name]: { type: "http", url: server.url } } },
      log: (line) => log.push(line),
    });
    running = { agent, server };
    return { agent, server, log };
  };
}
