// Issue 32 item 4 through Redis with real traffic: `oatf run --repeat 2` of a shared scenario
// against the scripted agent (official MCP and AG-UI SDKs), recorded as HAR, published with
// `oatf publish` and judged by `oatf monitor --drain`: two runs, each the verdict `oatf
// evaluate` gives the HAR, never one verdict over both (and no run named after the file).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, publishArgs, REPO, run } from "./cli.js";
import { type RedisServer, startRedis } from "./server.js";

const DOCUMENT = join(REPO, "../shared/scenarios/OATF-001_exfil-chain-tool-description.yaml");
const AGENT = join(REPO, "testing/agents/bin/oatf-test-agent.js");

type Verdict = { result: string; runs: { run: string; result: string; max_tier?: string }[] };
const brief = (v: Verdict) => ({
  result: v.result,
  runs: v.runs.map((r) => [r.run, r.result, r.max_tier]),
});

describe("oatf publish and monitor of a real HAR with two runs", () => {
  let redis: RedisServer;
  let dir: string;

  beforeAll(async () => {
    redis = await startRedis();
    dir = mkdtempSync(join(tmpdir(), "oatf-redis-real-"));
  });
  afterAll(async () => {
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("gives a verdict per run, as oatf evaluate of the HAR does", async () => {
    const har = join(dir, "runs.har");
    const agent = `"${process.execPath}" "${AGENT}" --policy obedient --mcp-config {mcp_config} --quiet`;
    const attacked = await run([
      "run",
      DOCUMENT,
      "--agent-cmd",
      agent,
      "--repeat",
      "2",
      "--run",
      "agent",
      "--grace",
      "100",
      "--out",
      har,
    ]);
    expect(attacked.code, attacked.stderr).toBe(1);
    const evaluated = await run(["evaluate", DOCUMENT, "--trace", har, "--format", "json"]);
    const expected = brief(JSON.parse(evaluated.stdout) as Verdict);
    expect(expected).toEqual({
      result: "exploited",
      runs: [
        ["agent-1", "exploited", "boundary_breach"],
        ["agent-2", "exploited", "boundary_breach"],
      ],
    });

    const published = await run(publishArgs(har, redis.url, "har", "--shards", "2"));
    expect(published.code, published.stderr).toBe(0);
    // Every entry names its run: none is published under a run named after the file.
    expect(published.stderr).not.toContain("without a run key");
    const drained = await run([
      "monitor",
      DOCUMENT,
      "--redis",
      redis.url,
      "--stream",
      "har",
      "--group",
      "g",
      "--drain",
    ]);
    expect(drained.code, drained.stderr).toBe(1);
    // One document: its verdict, as `oatf evaluate --format json` prints it.
    expect(brief(parse(drained.stdout).verdicts as Verdict)).toEqual(expected);
  });
});
