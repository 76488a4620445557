// Issue 32 "sessions are merged", on a real redis-server: two recordings without session,
// actor or run keys (stdio recordings, the shipped example traces) published to one stream
// stay two runs, named after their files and said so on stderr; `oatf monitor --drain` gives
// a verdict per run, so a `correlation: all` document is not exploited when one agent only saw
// the poison and the other only leaked. `--run NAME` names the run.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, publishArgs, REPO, run } from "./cli.js";
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
