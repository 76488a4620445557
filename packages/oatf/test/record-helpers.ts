// Shared by the `oatf record` end-to-end tests: the built CLI run as a stdio wrapper or an
// HTTP recording proxy (ready once it prints its address, stopped with SIGTERM), `oatf
// evaluate` on what it wrote, and servers on ephemeral loopback ports. No fixed sleeps: every
// wait is on an event (a printed line, a process exit, a listening socket).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { afterAll, beforeAll } from "vitest";
import { CLI } from "./cli-build.js";
// @ts-expect-error: a plain-JS fixture
import { agentCard, createAgentApp } from "./fixtures/e2e/a2a-agent.mjs";
// @ts-expect-error: a plain-JS fixture
import { createServer as createMcpServer } from "./fixtures/e2e/mcp-server.mjs";

export const FIXTURES = fileURLToPath(new URL("./fixtures/e2e/", import.meta.url));
export const fixture = (name: string) => join(FIXTURES, name);
export const tmp = () => mkdtempSync(join(tmpdir(), "oatf-record-"));

/** Listens on 127.0.0.1 on a free port; resolves with the port. */
export function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve(typeof address === "object" && address !== null ? address.port : 0);
    });
  });
}

export function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * The test file's upstream: `create`d and listening before all its tests, closed after them.
 * Returns the URL getter (`path` on the server's loopback address), valid once they run.
 */
export function upstreamOf(create: () => Server, path: string): () => string {
  let server: Server | undefined;
  let url = "";
  beforeAll(async () => {
    server = create();
    url = `http://127.0.0.1:${await listen(server)}${path}`;
  });
  afterAll(() => (server ? close(server) : undefined));
  return () => url;
}

export interface Proxy {
  /** The proxy's base URL (no trailing slash). */
  url: string;
  /** Standard error so far. */
  stderr(): string;
  /** Stops the recording (SIGTERM) and waits for the process to end. */
  stop(): Promise<{ code: number | null; stderr: string }>;
}

/** `oatf record --listen 127.0.0.1:0 --upstream <upstream> --out <out> [...extra]`. */
export function startProxy(upstream: string, out: string, extra: string[] = []): Promise<Proxy> {
  const args = ["--listen", "127.0.0.1:0", "--upstream", upstream, "--out", out, ...extra];
  return startRecording(args, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
}

/**
 * `oatf record <args>` in the fixtures folder, ready once standard error matches `ready`, whose
 * first group is the URL it listens on.
 */
export function startRecording(args: string[], ready: RegExp): Promise<Proxy> {
  const child: ChildProcess = spawn(process.execPath, [CLI, "record", ...args], {
    stdio: ["ignore", "ignore", "pipe"],
    cwd: FIXTURES,
  });
  let stderr = "";
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, stderr })),
  );
  return new Promise((resolve, reject) => {
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (text: string) => {
      stderr += text;
      const found = ready.exec(stderr);
      if (found)
        resolve({
          url: found[1]!,
          stderr: () => stderr,
          stop: () => {
            child.kill("SIGTERM");
            return exited;
          },
        });
    });
    void exited.then(({ code }) => reject(new Error(`oatf record exited ${code}: ${stderr}`)));
  });
}

/** The arguments that run `oatf record --out <out> [...extra] -- node <server>` over stdio. */
export function stdioRecordArgs(out: string, server: string, extra: string[] = []): string[] {
  return [CLI, "record", "--out", out, ...extra, "--", process.execPath, server];
}

export interface Evaluated {
  code: number | null;
  result: string;
  max_tier?: string;
  matched: string[];
  stderr: string;
}

/** `oatf evaluate <document> --trace <trace> --format json`, the document's verdict. */
export function evaluate(document: string, trace: string, extra: string[] = []): Evaluated {
  const r = spawnSync(
    process.execPath,
    [CLI, "evaluate", document, "--trace", trace, "--format", "json", ...extra],
    { encoding: "utf8", cwd: FIXTURES },
  );
  let json: {
    result?: string;
    max_tier?: string;
    indicator_verdicts?: { indicator_id: string; result: string }[];
  } = {};
  try {
    json = JSON.parse(r.stdout);
  } catch {
    throw new Error(`oatf evaluate printed no JSON (exit ${r.status}): ${r.stderr}`);
  }
  return {
    code: r.status,
    result: json.result ?? "",
    ...(json.max_tier === undefined ? {} : { max_tier: json.max_tier }),
    matched: (json.indicator_verdicts ?? [])
      .filter((v) => v.result === "matched")
      .map((v) => v.indicator_id),
    stderr: r.stderr,
  };
}

/** The `oatf record: match: …` lines of a recording's stderr, in order. */
export const matchLines = (stderr: string) =>
  stderr.split("\n").filter((line) => line.startsWith("oatf record: match:"));

/** The A2A fixture agent on a loopback port; its card's interfaces point at each proxy in turn. */
export function a2aUpstream() {
  const card = agentCard("http://127.0.0.1:1/a2a");
  const server = createServer(createAgentApp(card));
  return {
    card,
    server,
    /** Listens; resolves with the agent's base URL. */
    start: async () => `http://127.0.0.1:${await listen(server)}`,
    /** Clients reach the agent through `proxy`. */
    via(proxy: string) {
      for (const iface of card.supportedInterfaces as { url: string }[]) iface.url = `${proxy}/a2a`;
    },
    close: () => close(server),
  };
}

/** The A2A fixture agent as the test file's upstream (`upstreamOf`): its URL getter and `via`. */
export function a2aUpstreamOf() {
  const agent = a2aUpstream();
  return { url: upstreamOf(() => agent.server, ""), via: agent.via };
}

/**
 * A web-standard `fetch` handler (the MCP SDK v2's `createMcpHandler`) served on node:http on a
 * loopback port, its MCP endpoint at `/mcp`.
 */
export async function serveFetch(handler: {
  fetch(request: Request): Promise<Response>;
}): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === "string") headers.set(name, value);
    const response = await handler.fetch(
      new Request(`http://127.0.0.1${req.url}`, {
        method: req.method ?? "GET",
        headers,
        ...(req.method === "POST" ? { body: Buffer.concat(chunks) } : {}),
      }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) for await (const chunk of response.body) res.write(chunk);
    res.end();
  });
  return { server, url: `http://127.0.0.1:${await listen(server)}/mcp` };
}

/** The fixture server over Streamable HTTP, one transport per MCP session (the SDK's pattern). */
export function mcpHttpServer(): Server {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  return createServer(async (req, res) => {
    const id = req.headers["mcp-session-id"];
    let transport = typeof id === "string" ? sessions.get(id) : undefined;
    if (transport === undefined) {
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => void sessions.set(sid, created),
      });
      await createMcpServer().connect(created);
      transport = created;
    }
    await transport.handleRequest(req, res);
  });
}
