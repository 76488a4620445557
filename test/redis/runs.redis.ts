// Issue 32 "sessions are merged", on a real redis-server: two recordings without session,
// actor or run keys (stdio recordings, the shipped example traces) published to one stream
// stay two runs, named after their files and said so on stderr; `oatf monitor --drain` gives
// a verdict per run, so a `correlation: all` document is not exploited when one agent only saw
// the poison and the other only leaked. `--run NAME` names the run. The same for `oatf record
// --redis`: each recording is a run of its own, unless `--run` names one.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, publishArgs, REPO, run, type Started, start, startSharing } from "./cli.js";
import { type RedisServer, startRedis } from "./server.js";

const DOCUMENT = join(REPO, "packages/oatf/test/fixtures/runs/poison-then-leak.yaml");
const poison = JSON.stringify({
  protocol: "mcp",
  direction: "response",
  operation: "tools/list",
  content: { tools: [{ name: "x", description: "POISON" }] },
});
const secret = JSON.stringify({
  protocol: "mcp",
  direction: "request",
  operation: "tools/call",
  content: { name: "x", arguments: { a: "SECRET" } },
});

type Run = { run: string; result: string };

describe("oatf publish and monitor: one verdict per run", () => {
  let redis: RedisServer;
  let dir: string;
  let document: string;

  beforeAll(async () => {
    redis = await startRedis();
    dir = mkdtempSync(join(tmpdir(), "oatf-redis-runs-"));
    document = DOCUMENT;
    writeFileSync(join(dir, "agent-a.jsonl"), `${poison}\n`);
    writeFileSync(join(dir, "agent-b.jsonl"), `${secret}\n`);
  });
  afterAll(async () => {
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const drain = (stream: string) =>
    run(["monitor", document, "--redis", redis.url, "--stream", stream, "--group", "g", "--drain"]);

  it("two recordings without keys stay two runs, named after their files", async () => {
    for (const name of ["agent-a.jsonl", "agent-b.jsonl"]) {
      const trace = join(dir, name);
      const published = await run(publishArgs(trace, redis.url, "files", "--shards", "2"));
      expect(published.code, published.stderr).toBe(0);
      expect(published.stderr).toMatch(
        new RegExp(`1 message without a run key published as run '.*${name}#[0-9a-f]{16}'`),
      );
    }
    const drained = await drain("files");
    const verdict = parse(drained.stdout).verdicts as { result: string; runs: Run[] };
    expect(verdict.result, drained.stderr).toBe("partial");
    expect(verdict.runs.map((r) => r.result)).toEqual(["partial", "partial"]);
    expect(verdict.runs.map((r) => r.run.replace(/#.*/, "").split("/").pop()).sort()).toEqual([
      "agent-a.jsonl",
      "agent-b.jsonl",
    ]);
  });

  it("--run names the run: one agent's two recordings are one run, exploited", async () => {
    for (const name of ["agent-a.jsonl", "agent-b.jsonl"]) {
      const published = await run(
        publishArgs(join(dir, name), redis.url, "named", "--run", "agent-1"),
      );
      expect(published.code, published.stderr).toBe(0);
      expect(published.stderr).not.toContain("without a run key");
    }
    const drained = await drain("named");
    const verdict = parse(drained.stdout).verdicts as { result: string; runs: Run[] };
    expect(verdict.result, drained.stderr).toBe("exploited");
    expect(verdict.runs.map((r) => [r.run, r.result])).toEqual([["agent-1", "exploited"]]);
    expect(drained.code).toBe(1);
  });
});

/** A stdio MCP server: tools/list shows the poison, tools/call answers; it ends with its input. */
const SERVER = `require("readline").createInterface({ input: process.stdin }).on("line", (l) => {
  const m = JSON.parse(l);
  const result = m.method === "tools/list"
    ? { tools: [{ name: "x", description: "POISON", inputSchema: { type: "object" } }] }
    : { content: [] };
  process.stdout.write(JSON.stringify({ jsonrpc: "2.0", id: m.id, result }) + "\\n");
});`;
const LIST = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
const CALL = {
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: "x", arguments: { a: "SECRET" } },
};

describe("oatf record --redis: one verdict per run", () => {
  let redis: RedisServer;
  let dir: string;

  beforeAll(async () => {
    redis = await startRedis();
    dir = mkdtempSync(join(tmpdir(), "oatf-redis-record-runs-"));
  });
  afterAll(async () => {
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Records one agent's session over stdio (the client's one request, then its end). */
  async function record(name: string, request: object, stream: string, ...extra: string[]) {
    const out = join(dir, name);
    const recorder = start([
      "record",
      "--out",
      out,
      "--redis",
      redis.url,
      "--stream",
      stream,
      ...extra,
      "--",
      process.execPath,
      "-e",
      SERVER,
    ]);
    recorder.child.stdin!.end(`${JSON.stringify(request)}\n`);
    const ended = await recorder.done;
    expect(ended.code, ended.stderr).toBe(0);
    return { stderr: ended.stderr, lines: readFileSync(out, "utf8").trim().split("\n") };
  }

  const drain = (stream: string) =>
    run(["monitor", DOCUMENT, "--redis", redis.url, "--stream", stream, "--group", "g", "--drain"]);

  it("two recordings without --run are two runs, each named on stderr: never one exploited", async () => {
    for (const [name, request] of [
      ["a.jsonl", LIST],
      ["b.jsonl", CALL],
    ] as const) {
      const { stderr } = await record(name, request, "recorded");
      expect(stderr).toMatch(
        /2 messages without a run key published as run 'record-[0-9a-f-]{36}' \(name it with --run\)/,
      );
    }
    const drained = await drain("recorded");
    const verdict = parse(drained.stdout).verdicts as { result: string; runs: Run[] };
    expect(verdict.result, drained.stderr).toBe("partial");
    expect(verdict.runs.map((r) => r.result)).toEqual(["partial", "partial"]);
    expect(drained.code).toBe(1);
  });

  it("--run NAME names the run, on the published messages and on each line of the log", async () => {
    for (const [name, request] of [
      ["c.jsonl", LIST],
      ["d.jsonl", CALL],
    ] as const) {
      const { stderr, lines } = await record(name, request, "named-record", "--run", "agent-1");
      expect(stderr).not.toContain("without a run key");
      expect(lines.map((l) => JSON.parse(l).run)).toEqual(["agent-1", "agent-1"]);
    }
    const drained = await drain("named-record");
    const verdict = parse(drained.stdout).verdicts as { result: string; runs: Run[] };
    expect(
      verdict.runs.map((r) => [r.run, r.result]),
      drained.stderr,
    ).toEqual([["agent-1", "exploited"]]);
    expect(drained.code).toBe(1);
  });
});

describe("oatf monitor: one run spread over shards and consumers", () => {
  let redis: RedisServer;
  let dir: string;
  beforeAll(async () => {
    redis = await startRedis();
    dir = mkdtempSync(join(tmpdir(), "oatf-redis-run-shards-"));
  });
  afterAll(async () => {
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("two consumers, each with a session of run r: both drain to r exploited, q partial", async () => {
    // Sessions are the shard key: 24 of them spread over 4 shards; run r's poison is in the
    // first, its leak in the last, run q has a leak only. Keys only correlate: r is one verdict.
    const sessions = Array.from({ length: 24 }, (_, i) => `s${i}`);
    const lines = [
      { ...JSON.parse(poison), run: "r", session: sessions[0] },
      ...sessions.slice(1, -1).map((session) => ({ ...JSON.parse(poison), run: "q", session })),
      { ...JSON.parse(secret), run: "r", session: sessions.at(-1) },
    ];
    const trace = join(dir, "spread.jsonl");
    writeFileSync(trace, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
    const published = await run(publishArgs(trace, redis.url, "spread", "--shards", "4"));
    expect(published.code, published.stderr).toBe(0);
    const client = new (createRequire(join(REPO, "packages/redis-streams/package.json"))(
      "ioredis",
    ))(redis.url);
    const drain = (consumer: string) => [
      "monitor",
      DOCUMENT,
      "--redis",
      redis.url,
      "--stream",
      "spread",
      "--group",
      "g",
      "--drain",
      "--lease-ms",
      "1500",
      "--consumer",
      consumer,
    ];
    let consumers: Started[];
    try {
      consumers = await startSharing(client, "spread", "g", [drain("a"), drain("b")]);
    } finally {
      client.disconnect();
    }
    const ended = await Promise.all(consumers.map((c) => c.done));
    const alerts = ended.map((e) => parse(e.stdout).alerts);
    // The shards were shared, so each consumer saw part of the sessions...
    expect(alerts.every((a) => a.length > 0)).toBe(true);
    for (const e of ended) {
      // ...and each prints the verdicts of the whole stream, run by run.
      const verdict = parse(e.stdout).verdicts as { result: string; runs: Run[] };
      expect(
        verdict.runs.map((r) => [r.run, r.result]),
        e.stderr,
      ).toEqual([
        ["q", "partial"],
        ["r", "exploited"],
      ]);
      expect(verdict.result).toBe("exploited");
      expect(e.code).toBe(1);
    }
  });
});
