// What scopes an HTTP exchange's messages when no `Mcp-Session-Id` names a session (MCP
// 2026-07-28, stateless 2025 servers). Never the TCP socket: a client's connection pool
// shares a keep-alive socket between clients and spreads one client over several sockets.
// - Correlation: the exchange itself (`x<n>`). Without a session every request is answered in
//   its own exchange (a JSON body or its SSE stream), so ids never meet another client's; the
//   2026 retries that continue a call on a later exchange are matched by their `requestState`
//   (the readers' input-required table), not by the scope.
// - Partitioning (`publish`, `monitor`, `record --redis`): what a client really owns and puts
//   on its messages, its `traceparent` trace id, else the client info 2026 clients send in
//   `_meta` on every request; else the exchange, so clients are never merged by a guess.
import type { IncomingHttpHeaders } from "node:http";

/** The `_meta` key a 2026-07-28 client names itself with on every request. */
const CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
/** The longest client name kept (a peer chooses it). */
const MAX_CLIENT = 256;

const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;

/** The client an exchange's request says it comes from, or undefined when it says nothing. */
export function clientOf(headers: IncomingHttpHeaders, body: string): string | undefined {
  const trace = TRACEPARENT.exec(String(headers.traceparent ?? "").trim());
  if (trace !== null) return `trace:${trace[1]}`;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  for (const message of Array.isArray(value) ? value : [value]) {
    const info = (message as { params?: { _meta?: Record<string, unknown> } } | null)?.params
      ?._meta?.[CLIENT_INFO] as { name?: unknown; version?: unknown } | undefined;
    if (typeof info?.name === "string")
      return `client:${info.name}/${String(info.version ?? "")}`.slice(0, MAX_CLIENT);
  }
  return undefined;
}
