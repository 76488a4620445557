// Loopback HTTP servers for the tests: listen on 127.0.0.1 port 0, read bodies, close fully.
import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo } from "node:net";

export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A JSON-RPC message as it crossed the wire. */
export type WireMessage = {
  method?: string;
  id?: unknown;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: unknown;
};

/** Records the JSON-RPC messages of a POST body (one message or a batch). */
export function record(body: Buffer, into: WireMessage[]): unknown {
  if (body.length === 0) return undefined;
  const json = JSON.parse(body.toString("utf8"));
  into.push(...(Array.isArray(json) ? json : [json]));
  return json;
}

/** The `tools/call` requests among the recorded messages: `[name, arguments]`. */
export function toolCalls(wire: WireMessage[]): [string, Record<string, unknown>][] {
  return wire
    .filter((m) => m.method === "tools/call")
    .map((m) => [String(m.params?.name), (m.params?.arguments ?? {}) as Record<string, unknown>]);
}
