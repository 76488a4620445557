// `oatf record --listen` without a session id (MCP 2026-07-28, stateless servers): two clients
// that share one keep-alive socket through a connection pool, both counting their ids from 1,
// stay apart. The log scopes each exchange on its own (correlation) and names the client its
// messages carry (partitioning), never the socket.
import { readFileSync } from "node:fs";
import http, { createServer, type Server } from "node:http";
import { join } from "node:path";
import { partitionKey, readTraceText } from "@oatf/trace";
import { beforeAll, describe, expect, it } from "vitest";
import setup from "./cli-build.js";
import { startProxy, tmp, upstreamOf } from "./record-helpers.js";

beforeAll(() => setup(), 600_000);

/** A stateless MCP server: each POST's answer echoes the caller's name in its own exchange. */
function statelessServer(): Server {
  return createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c));
    req.on("end", () => {
      const request = JSON.parse(body) as { id: number; params: { arguments: { who: string } } };
      res.writeHead(200, { "content-type": "application/json" });
      const text = `hello ${request.params.arguments.who}`;
      res.end(
        JSON.stringify({
          jsonrpc: "2.0",
          id: request.id,
          result: { content: [{ type: "text", text }] },
        }),
      );
    });
  });
}

/** A 2026-07-28 `tools/call` as the SDK v2 client sends it: its client info in `_meta`. */
const call = (id: number, client: string) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: {
      name: "greet",
      arguments: { who: client },
      _meta: { "io.modelcontextprotocol/clientInfo": { name: client, version: "2.4.0" } },
    },
  });

function post(url: string, agent: http.Agent, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: "POST", agent, headers: { "content-type": "application/json" } },
      (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c));
        res.on("end", () => resolve(text));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("oatf record: sessions without a session id", () => {
  const upstream = upstreamOf(statelessServer, "/mcp");

  it("keeps two clients on one pooled socket apart, and one client one partition", async () => {
    const out = join(tmp(), "pool.jsonl");
    const proxy = await startProxy(upstream(), out);
    // One socket for both clients: the pool reuses it for every request.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let id = 1; id <= 2; id++) {
      await post(`${proxy.url}/`, agent, call(id, "alice"));
      await post(`${proxy.url}/`, agent, call(id, "bob"));
    }
    agent.destroy();
    await proxy.stop();
    const records = readTraceText(readFileSync(out, "utf8"));
    const problems = records.flatMap((r) => (r.kind === "diagnostic" ? [r.diagnostic.rule] : []));
    expect(problems).toEqual([]);
    const messages = records.flatMap((r) => (r.kind === "message" ? [r.message] : []));
    // Every answer is its own client's (correlated, enriched with its own call's arguments).
    const answers = messages.filter((m) => m.direction === "response");
    expect(answers).toHaveLength(4);
    for (const answer of answers) {
      const content = answer.content as { arguments: { who: string }; content: { text: string }[] };
      expect(answer.operation).toBe("tools/call");
      expect(content.content[0]!.text).toBe(`hello ${content.arguments.who}`);
      expect(partitionKey(answer)).toBe(`client:${content.arguments.who}/2.4.0`);
    }
    expect(new Set(messages.map((m) => partitionKey(m)))).toEqual(
      new Set(["client:alice/2.4.0", "client:bob/2.4.0"]),
    );
  }, 60_000);
});
