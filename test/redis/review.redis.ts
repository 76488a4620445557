// Issue 32 item 4 reviewed from its text on a real redis-server: `oatf publish` of a file without
// run keys names its run after the file's path and content hash (sha256) and says so on stderr;
// runs the lines name are kept; `oatf monitor --drain` gives a verdict per run with the summary
// exploited > partial > error > not_exploited and its exit code, also when the stream has more
// shards than recordings (shards that saw nothing add no run), and `error` (exit 3) when every
// indicator is blind.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, publishArgs, run } from "./cli.js";
import { type RedisServer, startRedis } from "./server.js";

const message = (operation: string, direction: string, content: object) =>
  JSON.stringify({ protocol: "mcp", direction, operation, content });
const poison = message("tools/list", "response", { tools: [{ name: "c", description: "POISON" }] });
const leak = message("tools/call", "request", { name: "c", arguments: { a: "SECRET" } });
const benign = message("tools/call", "request", { name: "c", arguments: { a: "hello" } });
const benignList = message("tools/list", "response", {
  tools: [{ name: "c", description: "adds" }],
});

const indicators = (surfaceA: string, surfaceB: string) => `  indicators:
    - surface: ${surfaceA}
      direction: response
      target: "tools[*].description"
      pattern: {contains: POISON}
    - surface: ${surfaceB}
      direction: request
      target: arguments
      pattern: {contains: SECRET}
  correlation:
    logic: all
`;
const documentText = (id: string, body: string) =>
  `oatf: "0.1"\nattack:\n  id: ${id}\n  execution:\n    mode: mcp_server\n    state: {tools: []}\n${body}`;

type RunVerdict = { run: string; result: string };
type Verdict = { result: string; runs?: RunVerdict[] };

describe("oatf publish and monitor --drain: runs, reviewed", () => {
  let redis: RedisServer;
  let dir: string;
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  let both: string;
  let blind: string;

  beforeAll(async () => {
    redis = await startRedis();
    dir = mkdtempSync(join(tmpdir(), "oatf-redis-review-"));
    both = file("both.yaml", documentText("REV-001", indicators("tools/list", "tools/call")));
    blind = file("blind.yaml", documentText("REV-002", indicators("tools/lst", "tools/cal")));
  });
  afterAll(async () => {
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const publish = async (trace: string, stream: string, ...extra: string[]) => {
    const published = await run(publishArgs(trace, redis.url, stream, ...extra));
    expect(published.code, published.stderr).toBe(0);
    return published;
  };
  const drain = async (document: string, stream: string) => {
    const drained = await run([
      "monitor",
      document,
      "--redis",
      redis.url,
      "--stream",
      stream,
      "--group",
      "review",
      "--drain",
    ]);
    return { ...drained, verdict: parse(drained.stdout).verdicts as Verdict };
  };

  it("a run is named after the file's path and the sha256 of its content, said on stderr", async () => {
    const text = `${poison}\n`;
    const trace = file("named-by-hash.jsonl", text);
    const published = await publish(trace, "hash");
    const hash = createHash("sha256").update(text).digest("hex");
    const name = published.stderr.match(/published as run '([^']+)'/)?.[1];
    expect(name, published.stderr).toBeDefined();
    expect(name).toContain("named-by-hash.jsonl");
    const suffix = name!.split("#").pop()!;
    expect(suffix.length).toBeGreaterThanOrEqual(8);
    expect(hash.startsWith(suffix)).toBe(true);
  });

  it("two recordings of one name in two directories stay two runs", async () => {
    mkdirSync(join(dir, "one"));
    mkdirSync(join(dir, "two"));
    await publish(file("one/trace.jsonl", `${poison}\n`), "dirs");
    await publish(file("two/trace.jsonl", `${leak}\n`), "dirs");
    const drained = await drain(both, "dirs");
    expect(drained.verdict.result, drained.stderr).toBe("partial");
    expect(drained.verdict.runs?.map((r) => r.result)).toEqual(["partial", "partial"]);
    expect(drained.code).toBe(1);
  });

  it("more shards than recordings: shards that saw nothing add no run (not_exploited, exit 0)", async () => {
    await publish(file("calm-a.jsonl", `${benignList}\n${benign}\n`), "sparse", "--shards", "4");
    await publish(file("calm-b.jsonl", `${benignList}\n${benign}\n`), "sparse", "--shards", "4");
    const drained = await drain(both, "sparse");
    expect(drained.verdict.result, drained.stderr).toBe("not_exploited");
    expect(drained.verdict.runs?.map((r) => r.result)).toEqual(["not_exploited", "not_exploited"]);
    expect(drained.code).toBe(0);
  });

  it("run keys in the lines are kept; the summary is exploited > partial > error > not_exploited", async () => {
    const unseen = JSON.stringify({
      protocol: "a2a",
      direction: "request",
      operation: "message/send",
      content: {},
    });
    const lines = [
      [poison, "partial-run"],
      [benign, "partial-run"],
      [unseen, "error-run"],
      [poison, "exploited-run"],
      [leak, "exploited-run"],
    ].map(([m, r]) => `${m!.slice(0, -1)},"run":"${r}"}`);
    const published = await publish(
      file("keyed.jsonl", `${lines.join("\n")}\n`),
      "keyed",
      "--shards",
      "3",
    );
    expect(published.stderr).not.toContain("without a run key");
    const drained = await drain(both, "keyed");
    expect(drained.verdict.result, drained.stderr).toBe("exploited");
    expect(drained.verdict.runs?.map((r) => [r.run, r.result])).toEqual([
      ["error-run", "error"],
      ["exploited-run", "exploited"],
      ["partial-run", "partial"],
    ]);
    expect(drained.code).toBe(1);
  });

  it("every indicator blind: error, exit 3, a warning naming the surfaces the stream had", async () => {
    await publish(file("blind.jsonl", `${poison}\n${leak}\n`), "blind");
    const drained = await drain(blind, "blind");
    expect(drained.verdict.result, drained.stderr).toBe("error");
    expect(drained.code).toBe(3);
    expect(drained.stderr).toMatch(
      /surface tools\/cal matched no message; the trace has tools\/call \(1\)/,
    );
  });
});
