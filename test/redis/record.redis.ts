// `oatf record … --redis` against a real redis-server: an MCP session over stdio (the official
// SDK's client and the fixture server of packages/oatf's e2e tests) recorded and published at
// once, and two MCP sessions over the HTTP proxy with --evaluate (exit 1 on SIGTERM);
// `oatf monitor --drain` over the stream decides as `oatf evaluate` of the recorded file.
// With Redis unreachable the recording still works, the loss is said once and counted, and
// the exit code is 3.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createRequire } from "node:module";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, decisions, parse, REPO, run } from "./cli.js";
import { type RedisServer, startRedis } from "./server.js";

const FIXTURES = join(REPO, "packages/oatf/test/fixtures/e2e");
const DOCUMENTS = [
  join(FIXTURES, "mcp-exfiltration.yaml"),
  join(REPO, "examples/mcp-rug-pull.yaml"),
];

/** The MCP SDK is a devDependency of packages/oatf: resolved from there. */
async function sdkStdioTransport(args: string[]) {
  const resolve = createRequire(join(REPO, "packages/oatf/package.json")).resolve;
  const { StdioClientTransport } = (await import(
    pathToFileURL(resolve("@modelcontextprotocol/sdk/client/stdio.js")).href
  )) as typeof import("@modelcontextprotocol/sdk/client/stdio.js");
  return new StdioClientTransport({ command: process.execPath, args, stderr: "pipe" });
}

describe("oatf record --redis", () => {
  let redis: RedisServer;
  let dir: string;
  beforeAll(async () => {
    redis = await startRedis();
    dir = mkdtempSync(join(tmpdir(), "oatf-record-redis-"));
  });
  afterAll(async () => {
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const mode of ["comply", "refuse"] as const) {
    it(`publishes an MCP stdio session (${mode}) as it records it; oatf monitor --drain gives the verdicts of oatf evaluate on the file`, async () => {
      const out = join(dir, `${mode}.jsonl`);
      const stream = `record-${mode}`;
      const transport = await sdkStdioTransport([
        CLI,
        "record",
        "--out",
        out,
        "--redis",
        redis.url,
        "--stream",
        stream,
        "--shards",
        "2",
        "--",
        process.execPath,
        join(FIXTURES, "mcp-server.mjs"),
      ]);
      let stderr = "";
      transport.stderr?.on("data", (chunk: Buffer) => {
        stderr += chunk.toString("utf8");
      });
      const exited = new Promise<void>((resolve) => {
        transport.onclose = () => resolve();
      });
      const { runAgent } = await import(pathToFileURL(join(FIXTURES, "mcp-client.mjs")).href);
      const seen = (await runAgent(transport, mode)) as { text: string };
      expect(seen.text).toBe("Result: 5");
      await exited;
      // The recorder reports after the client closed; wait for its last line.
      for (let i = 0; i < 400 && !stderr.includes("oatf record: wrote"); i++)
        await new Promise((r) => setTimeout(r, 25));
      const lines = readFileSync(out, "utf8").trim().split("\n");
      expect(lines).toHaveLength(7);
      expect(stderr).toContain(`oatf record: published 7 messages to ${stream}\n`);
      expect(stderr).not.toContain("not published");

      const evaluated = await run(["evaluate", ...DOCUMENTS, "--trace", out, "--format", "json"]);
      // The rug-pull example is exploited either way (its poisoned description is ingested).
      expect(evaluated.code).toBe(1);
      const monitored = await run([
        "monitor",
        ...DOCUMENTS,
        "--redis",
        redis.url,
        "--stream",
        stream,
        "--group",
        "checks",
        "--drain",
      ]);
      // Only the coverage warnings evaluate gives too (a target never resolved): no problem.
      expect(
        monitored.stderr.split("\n").filter((l) => l !== "" && !/: warning: /.test(l)),
      ).toEqual([]);
      expect(monitored.code).toBe(evaluated.code);
      expect(decisions(parse(monitored.stdout).verdicts)).toEqual(
        decisions(JSON.parse(evaluated.stdout)),
      );
      // The alerts name the lines of the recorded file.
      const alerts = monitored.stdout
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as { indicator_id: string; position: number });
      const exfiltration = alerts.filter((a) => a.indicator_id === "EMCP-001-01");
      expect(exfiltration.map((a) => a.position)).toEqual(mode === "comply" ? [6] : []);
      expect(JSON.parse(lines[5]!).message.method).toBe("tools/call");
    });
  }

  it("over HTTP with --evaluate: exit 1 on SIGTERM; monitor --drain decides as evaluate of the file", async () => {
    // An upstream that answers every JSON-RPC request with an empty result, in the caller's session.
    const upstream = createHttpServer((req, res) => {
      let body = "";
      req.setEncoding("utf8").on("data", (d: string) => {
        body += d;
      });
      req.on("end", () => {
        const { id } = JSON.parse(body) as { id: number };
        res.writeHead(200, {
          "content-type": "application/json",
          "mcp-session-id": String(req.headers["mcp-session-id"]),
        });
        res.end(JSON.stringify({ jsonrpc: "2.0", id, result: { content: [] } }));
      });
    });
    const upstreamPort = await new Promise<number>((resolve) =>
      upstream.listen(0, "127.0.0.1", () => {
        const address = upstream.address();
        resolve(typeof address === "object" && address ? address.port : 0);
      }),
    );
    const KEY = "-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n-----END OPENSSH PRIVATE KEY-----";
    const out = join(dir, "http.jsonl");
    const stream = "record-http";
    const child = spawn(
      process.execPath,
      [
        CLI,
        "record",
        "--listen",
        "127.0.0.1:0",
        "--upstream",
        `http://127.0.0.1:${upstreamPort}/mcp`,
        "--out",
        out,
        "--evaluate",
        DOCUMENTS[0]!,
        "--redis",
        redis.url,
        "--stream",
        stream,
        "--shards",
        "4",
      ],
      { cwd: REPO },
    );
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
    try {
      while (!/listening on (http:\/\/[^,]+)/.test(stderr) && child.exitCode === null)
        await new Promise((r) => setTimeout(r, 20));
      const proxy = /listening on (http:\/\/[^,]+)/.exec(stderr)![1]!;
      const call = (session: string, id: number, note?: string) =>
        fetch(proxy, {
          method: "POST",
          headers: { "content-type": "application/json", "mcp-session-id": session },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id,
            method: "tools/call",
            params: { name: "calculator", arguments: { a: 1, ...(note ? { note } : {}) } },
          }),
        }).then((r) => r.text());
      await call("session-a", 1);
      await call("session-b", 1);
      await call("session-a", 2, KEY);
      await call("session-b", 2);
      child.kill("SIGTERM");
      expect(await exited).toBe(1);
    } finally {
      child.kill();
      upstream.close();
    }
    expect(stderr).toContain(`oatf record: published 8 messages to ${stream}\n`);
    const evaluated = await run(["evaluate", DOCUMENTS[0]!, "--trace", out, "--format", "json"]);
    expect(evaluated.code).toBe(1);
    const monitored = await run([
      "monitor",
      DOCUMENTS[0]!,
      "--redis",
      redis.url,
      "--stream",
      stream,
      "--group",
      "checks",
      "--drain",
    ]);
    expect(monitored.stderr).toBe("");
    expect(monitored.code).toBe(1);
    const alerts = monitored.stdout
      .split("\n")
      .filter((l) => l.startsWith('{"document"'))
      .map((l) => JSON.parse(l) as { session: string; position: number });
    // Only session a sent the key; the alert names its line in the recorded file.
    // One alert, for the message of session a. Its key is what the JSON-RPC reader gives the
    // message (`partitionKey`: its session once the reader carries it), else the recording's.
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.session).toMatch(/^(session-a|record-[0-9a-f-]{36})$/);
    const lines = readFileSync(out, "utf8").trim().split("\n");
    expect(JSON.parse(lines[alerts[0]!.position - 1]!).message.params.arguments.note).toBe(KEY);
    // The recorder publishes its messages as one run of their own (issue 32 §4): the monitor's
    // verdict is the summary of that one run, compared without the run's name.
    const verdictOf = (text: string) =>
      JSON.parse(text, (k, v) =>
        k === "timestamp" || k === "coverage" || k === "run" || k === "runs" ? undefined : v,
      ) as { result: string };
    const monitorText = monitored.stdout.slice(monitored.stdout.indexOf("\n{") + 1);
    expect((JSON.parse(monitorText) as { runs: unknown[] }).runs).toHaveLength(1);
    const fromMonitor = verdictOf(monitorText);
    expect(fromMonitor).toEqual(verdictOf(evaluated.stdout));
    expect(fromMonitor.result).toBe("exploited");
  });

  it("Redis unreachable: the recording goes on, the loss is said once and counted, exit 3", async () => {
    // A port nothing listens on.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const address = server.address();
        server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
      });
    });
    const out = join(dir, "unreachable.jsonl");
    const input = `${[0, 1, 2]
      .map((id) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/list" }))
      .join("\n")}\n`;
    const echo = `process.stdin.pipe(process.stdout)`;
    const recorded = spawnSync(
      process.execPath,
      [
        CLI,
        "record",
        "--out",
        out,
        "--redis",
        `redis://127.0.0.1:${port}`,
        "--stream",
        "lost",
        "--",
        process.execPath,
        "-e",
        echo,
      ],
      { encoding: "utf8", input, cwd: dir },
    );
    // The relay passed everything on and the file holds it all.
    expect(recorded.stdout).toBe(input);
    expect(readFileSync(out, "utf8").trim().split("\n")).toHaveLength(6);
    const said = recorded.stderr.split("\n").filter((l) => l.includes("cannot publish to Redis"));
    expect(said).toHaveLength(1);
    expect(recorded.stderr).toContain("published 0 of 6 messages to lost: 6 not published");
    expect(recorded.status).toBe(3);
  });

  it("a Redis that never answers: the queue fills, which is said once; the rest is counted at the end, exit 3", async () => {
    // Accepts connections and never replies (a hung server, a wrong port behind a proxy).
    const held: Socket[] = [];
    const server = createServer((socket) => void held.push(socket));
    const port = await new Promise<number>((resolve) =>
      server.listen(0, "127.0.0.1", () => {
        const address = server.address();
        resolve(typeof address === "object" && address ? address.port : 0);
      }),
    );
    try {
      const out = join(dir, "full.jsonl");
      const count = 6_000;
      let input = "";
      for (let id = 0; id < count; id++)
        input += `${JSON.stringify({ jsonrpc: "2.0", id, method: "tools/list" })}\n`;
      const child = spawn(
        process.execPath,
        [
          CLI,
          "record",
          "--out",
          out,
          "--redis",
          `redis://127.0.0.1:${port}`,
          "--stream",
          "full",
          "--",
          process.execPath,
          "-e",
          "process.stdin.pipe(process.stdout)",
        ],
        { cwd: dir },
      );
      let stdout = "";
      let stderr = "";
      child.stdout.setEncoding("utf8").on("data", (d: string) => {
        stdout += d;
      });
      child.stderr.setEncoding("utf8").on("data", (d: string) => {
        stderr += d;
      });
      child.stdin.end(input);
      const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
      // The relay did not wait for Redis.
      expect(stdout).toBe(input);
      expect(readFileSync(out, "utf8").trim().split("\n")).toHaveLength(2 * count);
      const said = stderr.split("\n").filter((l) => l.includes("not published to full"));
      expect(said).toEqual([
        "oatf record: the Redis queue is full (10000 messages waiting): messages are not published to full (the recording goes on; they are counted at exit)",
      ]);
      expect(stderr).toContain(
        `published 0 of ${2 * count} messages to full: ${2 * count} not published`,
      );
      expect(code).toBe(3);
    } finally {
      for (const socket of held) socket.destroy();
      server.close();
    }
  });
});
