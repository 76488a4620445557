// `oatf monitor` started before any traffic (issue 37 §5): without --shards it waits for the
// first publisher and then reads the stream from its beginning; with --shards it starts at
// once. `--alerts first` reports one alert per indicator and session where `every` reports
// each matching message (one exfiltration: the request, then the enriched response).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, publishArgs, run, type Started, start } from "./cli.js";
import { type RedisServer, startRedis } from "./server.js";

const DOCUMENT = `oatf: "0.1"
attack:
  id: EXFIL-001
  name: "Exfiltration"
  execution:
    mode: mcp_server
    state:
      tools: []
  indicators:
    - id: EXFIL-001-01
      surface: tools/call
      target: "arguments.note"
      pattern: { contains: "SECRET" }
`;
const call = (session: string, note: string) =>
  JSON.stringify({
    protocol: "mcp",
    direction: "request",
    operation: "tools/call",
    content: { name: "send", arguments: { note } },
    session,
  });
// Session a: three matching calls; session b: two, and one that does not match.
const TRACE = [
  call("a", "SECRET 1"),
  call("b", "SECRET 1"),
  call("a", "SECRET 2"),
  call("b", "nothing"),
  call("a", "SECRET 3"),
  call("b", "SECRET 2"),
].join("\n");

/** Resolves once `started`'s stdout or stderr satisfies `test` (polled; no wall-clock bound). */
async function until(started: Started, test: (s: { stdout: string; stderr: string }) => boolean) {
  while (!test({ stdout: started.stdout, stderr: started.stderr })) {
    if (started.child.exitCode !== null) throw new Error(`oatf exited: ${started.stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("oatf monitor before any traffic, and --alerts", () => {
  let redis: RedisServer;
  let dir: string;
  let doc: string;
  let trace: string;
  const monitor = (stream: string, group: string, ...extra: string[]) => [
    "monitor",
    doc,
    "--redis",
    redis.url,
    "--stream",
    stream,
    "--group",
    group,
    ...extra,
  ];

  beforeAll(async () => {
    redis = await startRedis();
    dir = mkdtempSync(join(tmpdir(), "oatf-monitor-start-"));
    doc = join(dir, "exfil.yaml");
    trace = join(dir, "trace.jsonl");
    writeFileSync(doc, DOCUMENT);
    writeFileSync(trace, `${TRACE}\n`);
  });
  afterAll(async () => {
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("waits for the stream to be published, then reads it from the start", async () => {
    const waiting = start(monitor("early", "g"));
    await until(waiting, (s) => s.stderr.includes("waiting for early to be published"));
    const published = await run(publishArgs(trace, redis.url, "early"));
    expect(published.code).toBe(0);
    await until(waiting, (s) => s.stdout.split("\n").filter(Boolean).length === 5);
    waiting.child.kill("SIGINT");
    const done = await waiting.done;
    expect(done.code).toBe(0);
    expect(done.stderr).not.toMatch(/no shard count/);
    const sessions = parse(done.stdout).alerts.map((l) => JSON.parse(l).session);
    expect(sessions.sort()).toEqual(["a", "a", "a", "b", "b"]);
  });

  it("starts at once with --shards, and is stopped while waiting without it", async () => {
    // One shard, as the publisher would choose: whichever of the two comes first stores it.
    const sharded = start(monitor("given", "g", "--shards", "1"));
    const published = await run(publishArgs(trace, redis.url, "given"));
    expect(published.code).toBe(0);
    await until(sharded, (s) => s.stdout.split("\n").filter(Boolean).length === 5);
    sharded.child.kill("SIGTERM");
    expect((await sharded.done).stderr).not.toMatch(/waiting/);
    const waiting = start(monitor("never", "g"));
    await until(waiting, (s) => s.stderr.includes("waiting for never"));
    waiting.child.kill("SIGINT");
    expect((await waiting.done).code).toBe(0);
  });

  it("--alerts first: one alert per indicator and session; every (the default): each match", async () => {
    expect((await run(publishArgs(trace, redis.url, "alerts"))).code).toBe(0);
    const every = await run([...monitor("alerts", "every"), "--drain"]);
    const first = await run([...monitor("alerts", "first", "--alerts", "first"), "--drain"]);
    expect(every.code).toBe(1);
    expect(first.code).toBe(1);
    const evidence = (stdout: string) =>
      parse(stdout).alerts.map((l) => [JSON.parse(l).session, JSON.parse(l).position]);
    expect(evidence(every.stdout)).toHaveLength(5);
    expect(evidence(first.stdout).sort()).toEqual([
      ["a", 1],
      ["b", 2],
    ]);
    // The verdicts are the same either way: the first match decides them (coverage counts
    // the messages an indicator was evaluated on, which stop at its first match in `first`).
    const verdicts = (stdout: string) =>
      JSON.stringify(parse(stdout).verdicts, (k, v) =>
        k === "timestamp" || k === "coverage" ? undefined : v,
      );
    expect(verdicts(first.stdout)).toBe(verdicts(every.stdout));
    const bad = await run([...monitor("alerts", "x", "--alerts", "some"), "--drain"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--alerts must be one of every, first/);
  });
});
