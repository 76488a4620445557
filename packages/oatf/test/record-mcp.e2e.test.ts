// `oatf record` end to end with the official MCP SDK (issue 22 §6, issue 24 §1): a malicious
// server and a scripted agent (fixtures/e2e/mcp-*.mjs) talk over stdio through
// `oatf record -- node server.mjs` and over Streamable HTTP through `oatf record --listen`;
// the agent complies (sends the private key) or refuses. What was recorded is evaluated with
// `oatf evaluate`, and --evaluate must have said the same thing while recording.

import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, describe, expect, it } from "vitest";
import setup, { CLI, REPO } from "./cli-build.js";
// @ts-expect-error: a plain-JS fixture, run as the server process too
import { KEY, runAgent } from "./fixtures/e2e/mcp-client.mjs";
// @ts-expect-error: a plain-JS fixture, run as the server process too
import { POISONED } from "./fixtures/e2e/mcp-server.mjs";
import {
  evaluate,
  fixture,
  matchLines,
  mcpHttpServer,
  startProxy,
  stdioRecordArgs,
  tmp,
  upstreamOf,
} from "./record-helpers.js";

beforeAll(() => setup(), 600_000);

const DOCUMENT = fixture("mcp-exfiltration.yaml");
const RUG_PULL = join(REPO, "examples/mcp-rug-pull.yaml");
const MODES = ["comply", "refuse"] as const;
const EXPECTED = { comply: "exploited", refuse: "not_exploited" } as const;

interface Lines {
  direction: string;
  session?: string;
  connection?: string;
  message: { method?: string; id?: number; params?: { arguments?: { note?: string } } };
}
const readLines = (file: string) =>
  readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Lines);

describe("oatf record over stdio with the MCP SDK", () => {
  for (const mode of MODES) {
    it(`records a ${mode} run byte for byte; the recording evaluates ${EXPECTED[mode]}, as --evaluate said live`, async () => {
      const out = join(tmp(), "trace.jsonl");
      let stderr = "";
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: stdioRecordArgs(out, fixture("mcp-server.mjs"), ["--evaluate", DOCUMENT]),
        stderr: "pipe",
      });
      transport.stderr?.on("data", (chunk: Buffer) => {
        stderr += chunk.toString("utf8");
      });
      const seen = await runAgent(transport, mode);
      // The client saw the server as it is: the relay changed nothing.
      expect(seen).toEqual({ tools: [POISONED], text: "Result: 5" });
      // The server's stderr passed through; the recorder's report followed.
      expect(stderr).toContain("evil-calculator: serving on stdio");
      expect(stderr).toContain(`: ${EXPECTED[mode]}`);

      const lines = readLines(out);
      const methods = lines.map((l) => `${l.direction} ${l.message.method ?? `#${l.message.id}`}`);
      expect(methods).toEqual([
        "sent initialize",
        "received #0",
        "sent notifications/initialized",
        "sent tools/list",
        "received #1",
        "sent tools/call",
        "received #2",
      ]);
      const call = lines[5]!.message.params?.arguments?.note;
      expect(call).toBe(mode === "comply" ? KEY : undefined);

      const verdict = evaluate(DOCUMENT, out);
      expect(verdict.result).toBe(EXPECTED[mode]);
      expect(verdict.code).toBe(mode === "comply" ? 1 : 0);
      // --evaluate printed the match the recording gives, and only then.
      expect(matchLines(stderr)).toHaveLength(mode === "comply" ? 1 : 0);
      if (mode === "comply") {
        expect(verdict.max_tier).toBe("boundary_breach");
        expect(matchLines(stderr)[0]).toContain("EMCP-001-01: line 6 (mcp tools/call request");
      }
      // The repository's rug-pull example: the poisoned description is always ingested, the
      // key reaches the server only when the agent complies.
      const rug = evaluate(RUG_PULL, out);
      expect(rug.result).toBe("exploited");
      expect(rug.max_tier).toBe(mode === "comply" ? "boundary_breach" : "ingested");
    }, 120_000);
  }

  it("exits with the server's exit code (128 + n for signal n); a server that cannot start or a bad document is said", () => {
    const dir = tmp();
    const record = (extra: string[], command: string[]) =>
      spawnSync(
        process.execPath,
        [CLI, "record", "--out", join(dir, "t.jsonl"), ...extra, "--", ...command],
        { encoding: "utf8", input: "", cwd: dir },
      );
    expect(record([], [process.execPath, "-e", "process.exit(7)"]).status).toBe(7);
    expect(
      record([], [process.execPath, "-e", "process.kill(process.pid, 'SIGTERM')"]).status,
    ).toBe(128 + 15);
    const missing = record([], [join(dir, "no-such-server")]);
    expect(missing.status).toBe(3);
    expect(missing.stderr).toContain("cannot start");
    writeFileSync(join(dir, "bad.yaml"), 'oatf: "0.1"\nattack:\n  severity: extreme\n');
    const bad = record(["--evaluate", "bad.yaml"], [process.execPath, "-e", ""]);
    expect(bad.status).toBe(3);
    expect(bad.stderr).toContain("bad.yaml is not a valid OATF document");
    const none = record(["--evaluate", "nothing-*.yaml"], [process.execPath, "-e", ""]);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain("no document matches nothing-*.yaml");
  }, 60_000);

  it("with --evaluate, exits with the verdicts' code as oatf evaluate does, not the server's (which is said)", () => {
    const dir = tmp();
    const out = join(dir, "t.jsonl");
    // The client's side of a session: a server that reads it all and exits with `exit`.
    const session = (note?: string) =>
      [
        { jsonrpc: "2.0", id: 0, method: "initialize", params: {} },
        { jsonrpc: "2.0", method: "notifications/initialized" },
        {
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "calculator", arguments: { a: 2, b: 3, ...(note ? { note } : {}) } },
        },
      ]
        .map((m) => `${JSON.stringify(m)}\n`)
        .join("");
    const record = (input: string, exit: number, extra: string[] = ["--evaluate", DOCUMENT]) =>
      spawnSync(
        process.execPath,
        [
          CLI,
          "record",
          "--out",
          out,
          ...extra,
          "--",
          process.execPath,
          "-e",
          `process.stdin.resume(); process.stdin.on("end", () => process.exit(${exit}))`,
        ],
        { encoding: "utf8", input, cwd: dir },
      );
    const exploited = record(session(KEY), 0);
    expect(exploited.stderr).toContain(": exploited (max_tier boundary_breach)");
    expect(exploited.status).toBe(1);
    expect(evaluate(DOCUMENT, out).code).toBe(1);
    // The server failed, but the verdicts decide; its code is printed.
    const failedServer = record(session(), 7);
    expect(failedServer.stderr).toContain(": not_exploited");
    expect(failedServer.stderr).toContain("the server exited with code 7");
    expect(failedServer.status).toBe(0);
    expect(evaluate(DOCUMENT, out).code).toBe(0);
    // Nothing recorded is an error, as `oatf evaluate` says of an empty trace.
    expect(record("", 0).status).toBe(3);
    // Without --evaluate, the server's code whatever was sent.
    expect(record(session(KEY), 5, []).status).toBe(5);
  }, 60_000);
});

describe("oatf record as an HTTP proxy with the MCP SDK (Streamable HTTP)", () => {
  const upstream = upstreamOf(mcpHttpServer, "/mcp");

  for (const mode of MODES) {
    it(`records a ${mode} run as JSONL (SSE decoded, one MCP session); it evaluates ${EXPECTED[mode]}, as --evaluate said live`, async () => {
      const out = join(tmp(), "capture.jsonl");
      const proxy = await startProxy(upstream(), out, ["--evaluate", DOCUMENT]);
      const seen = await runAgent(new StreamableHTTPClientTransport(new URL(proxy.url)), mode);
      expect(seen).toEqual({ tools: [POISONED], text: "Result: 5" });
      const { code, stderr } = await proxy.stop();
      // Stopped by SIGTERM, the exit code is the verdicts', as `oatf evaluate` gives it.
      expect(code).toBe(mode === "comply" ? 1 : 0);

      const lines = readLines(out);
      const rpc = lines.map((l) => `${l.direction} ${l.message.method ?? `#${l.message.id}`}`);
      expect(rpc).toEqual([
        "sent initialize",
        "received #0",
        "sent notifications/initialized",
        "sent tools/list",
        "received #1",
        "sent tools/call",
        "received #2",
      ]);
      // Every line names the one MCP session the server gave (the initialize request too).
      const sessions = new Set(lines.map((l) => l.session));
      expect(sessions.size).toBe(1);
      expect([...sessions][0]).toMatch(/^[0-9a-f-]{36}$/);

      const verdict = evaluate(DOCUMENT, out);
      expect(verdict.result).toBe(EXPECTED[mode]);
      expect(verdict.code).toBe(code);
      expect(matchLines(stderr)).toHaveLength(mode === "comply" ? 1 : 0);
      expect(stderr).toContain(`: ${EXPECTED[mode]}`);
    }, 120_000);
  }

  it("records HAR 1.2: every exchange, SSE bodies as text, the session on each entry", async () => {
    const out = join(tmp(), "capture.har");
    const proxy = await startProxy(upstream(), out);
    await runAgent(new StreamableHTTPClientTransport(new URL(proxy.url)), "comply");
    expect((await proxy.stop()).code).toBe(0);
    const har = JSON.parse(readFileSync(out, "utf8")) as {
      log: {
        version: string;
        entries: {
          startedDateTime: string;
          time: number;
          request: { method: string; url: string; postData?: { text: string } };
          response: { status: number; content: { mimeType: string; text: string } };
          _session?: string;
        }[];
      };
    };
    expect(har.log.version).toBe("1.2");
    const posts = har.log.entries.filter((e) => e.request.method === "POST");
    expect(posts.map((e) => JSON.parse(e.request.postData!.text).method)).toEqual([
      "initialize",
      "notifications/initialized",
      "tools/list",
      "tools/call",
    ]);
    for (const entry of har.log.entries) {
      expect(Number.isNaN(Date.parse(entry.startedDateTime))).toBe(false);
      expect(entry.time).toBeGreaterThanOrEqual(0);
      expect(entry.request.url.startsWith(upstream())).toBe(true);
    }
    const call = posts[3]!;
    expect(call.response.content.mimeType).toContain("text/event-stream");
    expect(call.response.content.text).toMatch(/^event: message\ndata: \{.*"Result: 5"/m);
    expect(call.request.postData!.text).toContain("PRIVATE KEY");
    expect(new Set(har.log.entries.map((e) => e._session)).size).toBe(1);
  }, 120_000);
});
