// Hostile agents (format §12.1: one side of the traffic is the attacker's target, and it may
// misbehave): floods, malformed frames, never-ending streams, huge bodies and `__proto__`
// keys get a clear diagnostic and a bounded run; nothing throws, nothing is polluted.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { runAttack } from "../src/index.js";

const AG_UI_DOC = `
oatf: "0.1"
attack:
  id: HOST-001
  name: Hostile agent
  execution:
    mode: ag_ui_client
    state:
      run_agent_input:
        threadId: t
        runId: r
        messages:
          - role: user
            content: hi
  indicators:
    - id: HOST-001-01
      protocol: ag_ui
      surface: text_message_end
      direction: response
      target: content
      pattern:
        contains: LEAK
`;

const A2A_DOC = `
oatf: "0.1"
attack:
  id: HOST-003
  name: Hostile A2A agent
  execution:
    mode: a2a_client
    state:
      actions:
        - method: agent_card/get
        - method: message/send
          params: { message: { kind: message, messageId: m-1, role: user, parts: [{ kind: text, text: hi }] } }
  indicators:
    - id: HOST-003-01
      protocol: a2a
      surface: message/send
      direction: response
      target: task.status.state
      pattern:
        contains: completed
`;

const MCP_DOC = `
oatf: "0.1"
attack:
  id: HOST-002
  name: Hostile MCP client
  execution:
    mode: mcp_server
    state:
      tools:
        - name: t
          description: d
          inputSchema:
            type: object
          responses:
            - content:
                content:
                  - type: text
                    text: "{{request.arguments.x}}"
`;

let servers: Server[] = [];
afterEach(() => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
  servers = [];
});

/** An "agent" that answers the run's POST with whatever `write` does to the response. */
function agent(write: (res: import("node:http").ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => write(res));
  });
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`),
    ),
  );
}

const sse = (res: import("node:http").ServerResponse) =>
  res.writeHead(200, { "content-type": "text/event-stream" });
const event = (e: object) => `data: ${JSON.stringify(e)}\n\n`;

describe("a hostile AG-UI agent", () => {
  it("a flood of events ends the run at the message bound, with what it recorded", async () => {
    const url = await agent((res) => {
      sse(res);
      const chunk = event({ type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "x" }).repeat(500);
      const pump = () => {
        while (res.write(chunk)) if (res.destroyed) return;
        res.once("drain", pump);
      };
      pump();
    });
    const report = await runAttack(AG_UI_DOC, {
      agent: url,
      limits: { maxMessages: 2000 },
      timeout: 60_000,
    });
    const [run] = report.runs;
    expect(run!.ended).toBe("limit");
    expect(run!.messages).toHaveLength(2000);
    expect(
      run!.diagnostics.some((d) => d.code === "run/limit" && d.message.includes("2000 messages")),
    ).toBe(true);
    expect(run!.verdict.result).toBe("error"); // cut short: what came after was not seen
  }, 60_000);

  it("an event larger than the bound closes the stream with a diagnostic", async () => {
    const url = await agent((res) => {
      sse(res);
      res.write(event({ type: "RUN_STARTED", threadId: "t", runId: "r" }));
      res.write(`data: {"type":"TEXT_MESSAGE_CONTENT","delta":"${"A".repeat(300_000)}`);
      // never ends the event nor the stream
    });
    const report = await runAttack(AG_UI_DOC, {
      agent: url,
      limits: { maxEventBytes: 100_000 },
      gracePeriod: 10,
    });
    const [run] = report.runs;
    expect(run!.ended).toBe("settled");
    expect(run!.diagnostics.find((d) => d.code === "run/limit")?.message).toContain(
      "over 100000 bytes",
    );
    expect(run!.messages.map((m) => m.operation)).toEqual(["run_agent_input", "run_started"]);
  }, 60_000);

  it("a stream that never ends is bounded by the timeout, which says who was still busy", async () => {
    const url = await agent((res) => {
      sse(res);
      res.write(event({ type: "RUN_STARTED", threadId: "t", runId: "r" }));
    });
    const report = await runAttack(AG_UI_DOC, { agent: url, timeout: 300 });
    const [run] = report.runs;
    expect(run!.ended).toBe("timeout");
    expect(run!.diagnostics.find((d) => d.code === "run/timeout")?.message).toContain(
      "still busy: default (phase phase-1)",
    );
    expect(run!.verdict.result).toBe("error");
  }, 60_000);

  it("malformed frames are said and skipped; the run goes on", async () => {
    const url = await agent((res) => {
      sse(res);
      res.write("data: {not json\n\n");
      res.write(event({ noType: true }));
      res.write(event({ type: "not an event type" }));
      res.write(event({ type: "TEXT_MESSAGE_END", messageId: "m", content: "LEAK" }));
      res.write(": a comment\nevent: custom\nretry: abc\n\n");
      res.end(event({ type: "RUN_FINISHED", threadId: "t", runId: "r" }));
    });
    const report = await runAttack(AG_UI_DOC, { agent: url, gracePeriod: 10 });
    const [run] = report.runs;
    expect(run!.ended).toBe("settled");
    expect(run!.diagnostics.filter((d) => d.code === "run/wire")).toHaveLength(3);
    expect(run!.verdict.result).toBe("exploited");
  }, 60_000);

  it("an A2A agent whose card and answer are not JSON is said, and the run goes on", async () => {
    const url = await agent((res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{not json");
    });
    const report = await runAttack(A2A_DOC, { servers: { default: url }, gracePeriod: 10 });
    const [run] = report.runs;
    const wire = run!.diagnostics.filter((d) => d.code === "run/wire").map((d) => d.message);
    expect(wire).toEqual([
      `the agent card at ${url.replace(/\/$/, "")}/.well-known/agent-card.json is not JSON (HTTP 200)`,
      "message/send: the server sent something that is not JSON",
    ]);
    expect(run!.messages.map((m) => `${m.direction} ${m.operation}`)).toEqual([
      "request message/send",
    ]);
  }, 60_000);

  it("an A2A agent card answered 404 is said, and not recorded as a card", async () => {
    const url = await agent((res) => {
      res.writeHead(404, { "content-type": "application/json" });
      res.end('{"error":"not found"}');
    });
    const report = await runAttack(A2A_DOC, { servers: { default: url }, gracePeriod: 10 });
    const [run] = report.runs;
    const wire = run!.diagnostics.filter((d) => d.code === "run/wire").map((d) => d.message);
    expect(wire[0]).toBe(
      `the agent card at ${url.replace(/\/$/, "")}/.well-known/agent-card.json is no card (HTTP 404)`,
    );
    expect(run!.messages.filter((m) => m.operation === "agent_card/get")).toEqual([]);
  }, 60_000);

  it("a JSON body that never ends is read up to limits.maxBodyBytes, said, and the run goes on", async () => {
    // Every answer (the card, message/send, an AG-UI POST) streams JSON bytes forever.
    const endless = (type: string, status = 200) =>
      agent((res) => {
        res.writeHead(status, { "content-type": type });
        res.write('{"x":"');
        const chunk = "A".repeat(64 * 1024);
        const pump = setInterval(() => res.write(chunk), 1);
        res.on("close", () => clearInterval(pump));
      });
    // The MCP server never answers initialize: the request waits limits.answerTimeout, long
    // enough that the body limit comes first on a loaded machine (200 ms did not, once).
    const limits = { maxBodyBytes: 256 * 1024, answerTimeout: 1000 };
    const a2a = await endless("application/json");
    const mcp = await endless("application/json");
    const agUi = await endless("text/html", 500);
    const MCP_CLIENT_DOC = A2A_DOC.replace("mode: a2a_client", "mode: mcp_client").replace(
      /actions:[\s\S]*?indicators:/,
      "actions:\n        - method: tools/list\n  indicators:",
    );
    const options = { gracePeriod: 10, timeout: 20_000, limits };
    const runs = await Promise.all([
      runAttack(A2A_DOC, { ...options, servers: { default: a2a } }),
      runAttack(MCP_CLIENT_DOC, { ...options, servers: { default: mcp } }),
      runAttack(AG_UI_DOC, { ...options, agent: agUi }),
    ]);
    const said = runs.map(({ runs: [run] }) => {
      expect(run!.ended).toBe("settled");
      return run!.diagnostics
        .filter((d) => d.code === "run/limit" || d.code === "run/agent")
        .map((d) => `${d.code} ${d.message}`);
    });
    const over = "a body over 262144 bytes (limits.maxBodyBytes)";
    expect(said).toEqual([
      [
        `run/limit the agent card at ${a2a.replace(/\/$/, "")}/.well-known/agent-card.json: ${over}`,
        `run/limit message/send: ${over}`,
      ],
      [`run/limit initialize: ${over}`],
      [`run/agent the agent answered HTTP 500 (text/html), not an SSE stream: (${over})`],
    ]);
  }, 60_000);

  it("an MCP server under test that refuses initialize is an error: nothing else was sent", async () => {
    const url = await agent((res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"jsonrpc":"2.0","id":0,"error":{"code":-32600,"message":"go away"}}');
    });
    const doc = A2A_DOC.replace("mode: a2a_client", "mode: mcp_client");
    const report = await runAttack(doc, { servers: { default: url }, gracePeriod: 10 });
    const [run] = report.runs;
    expect(run!.ended).toBe("settled");
    expect(run!.messages.map((m) => `${m.direction} ${m.operation}`)).toEqual([
      "request initialize",
      "response initialize",
    ]);
    expect(run!.diagnostics.map((d) => `${d.severity} ${d.code} ${d.message}`)).toEqual([
      'error run/server initialize: the server answered with an error ({"code":-32600,"message":"go away"}): no action of default is sent',
    ]);
  }, 60_000);

  it("an MCP server command that closes its stdin: the writes fail (EPIPE) without crashing the run", async () => {
    const doc = A2A_DOC.replace("mode: a2a_client", "mode: mcp_client").replace(
      /actions:[\s\S]*?indicators:/,
      "actions:\n        - method: tools/list\n  indicators:",
    );
    // It answers initialize, then reads nothing more: the writes after fail with EPIPE.
    const oneshot = new URL("./fixtures/mcp-oneshot.mjs", import.meta.url).pathname;
    const report = await runAttack(doc, {
      servers: { default: `exec "${process.execPath}" "${oneshot}" deaf` },
      gracePeriod: 10,
      timeout: 20_000,
      limits: { answerTimeout: 300 },
    });
    const [run] = report.runs;
    expect(run!.ended).toBe("settled");
    // Nothing thrown (an EPIPE without a listener was an uncaught error); the request is said.
    expect(run!.diagnostics.map((d) => `${d.severity} ${d.code} ${d.message}`)).toEqual([
      "warning run/server no answer to tools/list within 300 ms",
    ]);
  }, 60_000);

  it("an MCP server command that exits is said with what it wrote, at once, not after answerTimeout", async () => {
    const doc = A2A_DOC.replace("mode: a2a_client", "mode: mcp_client");
    const command = `"${process.execPath}" -e "console.error('no such database'); process.exit(3)"`;
    const report = await runAttack(doc, {
      servers: { default: command },
      gracePeriod: 10,
      timeout: 5000,
    });
    const [run] = report.runs;
    expect(run!.ended).toBe("settled");
    expect(run!.diagnostics.map((d) => `${d.severity} ${d.code} ${d.message}`)).toEqual([
      "error run/server the server command exited (3): no such database\n",
      "error run/server initialize: no answer: no action of default is sent",
    ]);
  }, 60_000);

  it("requests to an MCP server command that is gone end at once", async () => {
    const doc = A2A_DOC.replace("mode: a2a_client", "mode: mcp_client").replace(
      /actions:[\s\S]*?indicators:/,
      "actions:\n        - method: tools/list\n        - method: tools/list\n  indicators:",
    );
    const oneshot = new URL("./fixtures/mcp-oneshot.mjs", import.meta.url).pathname;
    const command = `"${process.execPath}" "${oneshot}"`;
    const report = await runAttack(doc, {
      servers: { default: command },
      gracePeriod: 10,
      timeout: 5000,
    });
    const [run] = report.runs;
    expect(run!.ended).toBe("settled");
    // Whether the first tools/list left before the exit was seen is a race: either it was
    // unanswered when the command exited, or it was never sent; the second never is.
    const [exited, ...rest] = run!.diagnostics;
    expect(exited!.message).toMatch(/^the server command exited \(0\)/);
    expect(rest.map((d) => `${d.severity} ${d.message}`)).toContain(
      "error tools/list: not sent, the server command is gone",
    );
    expect(run!.diagnostics.some((d) => d.severity === "error")).toBe(true);
  }, 60_000);

  it("a JSON answer cut off midway is said, never thrown", async () => {
    const url = await agent((res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"jsonrpc":"2.0","id":0,"result":{');
      setTimeout(() => res.destroy(), 20);
    });
    const report = await runAttack(A2A_DOC, { servers: { default: url }, gracePeriod: 10 });
    const [run] = report.runs;
    expect(run!.ended).toBe("settled");
    expect(run!.diagnostics.filter((d) => d.code === "run/wire").map((d) => d.message)).toEqual([
      expect.stringMatching(/^the agent card at .*: the body broke off: /),
      expect.stringMatching(/^message\/send: the body broke off: /),
    ]);
  }, 60_000);

  it("an agent that does not answer with an SSE stream is said", async () => {
    const url = await agent((res) => {
      res.writeHead(500, { "content-type": "text/html" });
      res.end("<h1>oops</h1>");
    });
    const report = await runAttack(AG_UI_DOC, { agent: url, gracePeriod: 10 });
    const d = report.runs[0]!.diagnostics.find((x) => x.code === "run/agent")!;
    expect(d.severity).toBe("error");
    expect(d.message).toContain("HTTP 500");
    expect(report.runs[0]!.ended).toBe("settled");
  }, 60_000);
});

describe("a hostile MCP client", () => {
  it("huge bodies, non-JSON, non-JSON-RPC, unknown sessions and a session flood get HTTP errors and diagnostics", async () => {
    const statuses: Record<string, number> = {};
    const bodies: Record<string, string> = {};
    const report = await runAttack(MCP_DOC, {
      limits: { maxBodyBytes: 10_000, maxSessions: 2 },
      gracePeriod: 10,
      onReady: async ({ endpoints }) => {
        const url = endpoints.mcp.default!;
        const post = async (name: string, body: string, headers: Record<string, string> = {}) => {
          const r = await fetch(url, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              accept: "application/json, text/event-stream",
              ...headers,
            },
            body,
          });
          statuses[name] = r.status;
          bodies[name] = await r.text();
          return r;
        };
        await post("huge", `{"x":"${"a".repeat(50_000)}"}`);
        await post("garbage", "{nope");
        await post("empty batch", "[]");
        const init = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} });
        const first = await post("init", init);
        const session = first.headers.get("mcp-session-id")!;
        await post("not rpc", JSON.stringify({ hello: 1 }), { "mcp-session-id": session });
        await post("no session", JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }));
        await post(
          "unknown session",
          JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
          { "mcp-session-id": "nope" },
        );
        await post("init 2", init);
        await post("init 3", init);
        await post(
          "proto",
          JSON.stringify({
            jsonrpc: "2.0",
            id: 3,
            method: "tools/call",
            params: { name: "t", arguments: { x: "ok" } },
          }).replace('"arguments"', '"__proto__":{"polluted":true},"arguments"'),
          { "mcp-session-id": session },
        );
        await post("unknown method", JSON.stringify({ jsonrpc: "2.0", id: 4, method: "no/such" }), {
          "mcp-session-id": session,
        });
      },
    });
    expect(statuses).toEqual({
      huge: 413,
      garbage: 400,
      "empty batch": 400,
      init: 200,
      "not rpc": 200,
      "no session": 400,
      "unknown session": 404,
      "init 2": 200,
      "init 3": 503,
      proto: 200,
      "unknown method": 200,
    });
    expect(JSON.parse(bodies["not rpc"]!).error.code).toBe(-32600);
    expect(JSON.parse(bodies.garbage!).error.code).toBe(-32700);
    expect(JSON.parse(bodies["unknown method"]!).error.code).toBe(-32601);
    expect(JSON.parse(bodies.proto!).result).toEqual({ content: [{ type: "text", text: "ok" }] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const [run] = report.runs;
    const wire = run!.diagnostics.filter((d) => d.code === "run/wire").map((d) => d.message);
    expect(wire.some((m) => m.includes("413"))).toBe(true);
    expect(wire.some((m) => m.includes("not JSON"))).toBe(true);
    expect(wire.some((m) => m.includes("maxSessions"))).toBe(true);
    const call = run!.messages.find(
      (m) => m.operation === "tools/call" && m.direction === "response",
    )!;
    expect(Object.hasOwn(call.content as object, "__proto__")).toBe(true);
  }, 60_000);

  it("a stdio line past the bound is skipped and said", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const lines: string[] = [];
    const answered = new Promise<void>((resolve) =>
      output.on("data", (c: Buffer) => {
        lines.push(...c.toString().trim().split("\n"));
        resolve();
      }),
    );
    const report = await runAttack(MCP_DOC, {
      stdio: { actor: "default", input, output },
      limits: { maxEventBytes: 1000 },
      gracePeriod: 10,
      onReady: async () => {
        input.write(`${"x".repeat(5000)}\n`);
        input.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" })}\n`);
        await answered;
        input.end();
      },
    });
    expect(lines.map((l) => JSON.parse(l))).toEqual([{ jsonrpc: "2.0", id: 1, result: {} }]);
    expect(report.runs[0]!.diagnostics.find((d) => d.code === "run/wire")?.message).toContain(
      "5000 bytes",
    );
  }, 60_000);
});

describe("a failing consumer of the recording", () => {
  it("an onMessage that throws is said once and gets no more; the exchange goes on", async () => {
    let status = 0;
    let calls = 0;
    const report = await runAttack(MCP_DOC, {
      gracePeriod: 10,
      onMessage: () => {
        calls++;
        throw new Error("boom");
      },
      onReady: async ({ endpoints }) => {
        const r = await fetch(endpoints.mcp.default!, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} }),
        });
        status = r.status;
      },
    });
    expect(status).toBe(200);
    expect(calls).toBe(1);
    const [run] = report.runs;
    expect(run!.messages).toHaveLength(2);
    expect(run!.diagnostics.filter((d) => d.message.startsWith("onMessage failed"))).toHaveLength(
      1,
    );
  }, 60_000);
});
