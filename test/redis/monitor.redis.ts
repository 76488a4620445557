// `oatf publish` and `oatf monitor` against a real redis-server over a 100k-message,
// 500-session trace published in 4 shards: one consumer, two consumers of one group (the
// shards rebalanced between them), and a consumer killed with SIGKILL mid-stream and started
// again give the same alerts and the same verdicts as `oatf evaluate` of the trace. Each
// scenario is its own consumer group over the same published stream. A shard deleted under a
// consumer waiting for traffic stops it with Redis' reason.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  caughtUp,
  DOCUMENTS,
  decisions,
  drainArgs,
  monitorArgs,
  parse,
  publishArgs,
  REPO,
  run,
  start,
  startSharing,
  withoutTime,
} from "./cli.js";
import { type RedisServer, startRedis } from "./server.js";
import { writeTrace } from "./trace.js";

const MESSAGES = 100_000;
const STREAM = "traffic";

/**
 * The alerts printed by a consumer killed with SIGKILL (a torn last line dropped) and by the
 * one that finished after it, each once. Stdout is not transactional: a kill between printing
 * a committed batch and marking it printed has the next owner print that batch again (README,
 * "exactly once"), so the only repeats allowed are lines the killed consumer printed, from
 * one batch (one partition, at most `batch` lines); neither repeats a line of its own.
 */
function afterKill(killed: string, rest: string[], batch: number): string[] {
  const before = parse(killed).alerts.filter((l) => l.endsWith("}"));
  expect(before.length).toBeGreaterThan(0);
  expect(new Set(before).size).toBe(before.length);
  expect(new Set(rest).size).toBe(rest.length);
  const printed = new Set(before);
  const repeats = rest.filter((l) => printed.has(l));
  expect(repeats.length).toBeLessThanOrEqual(batch);
  expect(new Set(repeats.map((l) => JSON.parse(l).partition)).size).toBeLessThanOrEqual(1);
  return [...new Set([...before, ...rest])].sort();
}

describe("oatf monitor on Redis Streams", () => {
  let redis: RedisServer;
  let dir: string;
  let url: string;
  let solo: { alerts: string[]; verdicts?: unknown };
  let evaluated: unknown;
  const monitor = (group: string, ...extra: string[]) =>
    drainArgs(url, STREAM, group, "--lease-ms", "1500", ...extra);

  /** An ioredis client of the suite's server. */
  const connect = () =>
    new (createRequire(join(REPO, "packages/redis-streams/package.json"))("ioredis"))(url);
  /** Starts consumers of `group` that share the shards from the first entry (cli.ts). */
  const sharing = async <T extends string[][]>(group: string, consumers: [...T]) => {
    const client = connect();
    try {
      return await startSharing(client, STREAM, group, consumers);
    } finally {
      client.disconnect();
    }
  };

  beforeAll(async () => {
    redis = await startRedis();
    url = redis.url;
    dir = mkdtempSync(join(tmpdir(), "oatf-redis-trace-"));
    const trace = join(dir, "trace.jsonl");
    writeTrace(REPO, trace, { messages: MESSAGES, sessions: 500, seed: 24 });
    const published = await run(publishArgs(trace, url, STREAM, "--shards", "4"));
    expect(published.stderr).toMatch(/100000 messages to traffic in 4 shards/);
    expect(published.code).toBe(0);
    const ev = await run(["evaluate", ...DOCUMENTS, "--trace", trace, "--format", "json"]);
    expect(ev.code).toBe(1); // exploited
    evaluated = JSON.parse(ev.stdout);
    const one = await run(monitor("solo"));
    expect(one.stderr).toBe("");
    expect(one.code).toBe(1);
    solo = parse(one.stdout);
  });

  afterAll(async () => {
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("one consumer: alerts for every session and the verdicts of oatf evaluate", () => {
    const alerts = solo.alerts.map((l) => JSON.parse(l));
    expect(new Set(alerts.map((a) => a.indicator_id)).size).toBeGreaterThan(5);
    // 400 sessions replay an example; those of the A2A example (not exploited by design) never alert.
    expect(new Set(alerts.map((a) => a.session)).size).toBeGreaterThanOrEqual(250);
    for (const a of alerts) {
      expect(a.result).toBe("matched");
      expect(a.evidence).toContain(`line ${a.position} `);
    }
    // Each session evaluated apart and merged decides exactly as one evaluation of the trace.
    expect(decisions(solo.verdicts)).toEqual(decisions(evaluated));
    const results = (solo.verdicts as { verdict: { result?: string } }[]).map(
      (e) => e.verdict.result,
    );
    expect(results).toContain("exploited");
  });

  it("two consumers in one group: the same alerts and verdicts as one", async () => {
    const [a, b] = await sharing("pair", [
      monitor("pair", "--consumer", "a"),
      monitor("pair", "--consumer", "b"),
    ]);
    const [ra, rb] = await Promise.all([a.done, b.done]);
    expect([ra.code, rb.code]).toEqual([1, 1]);
    expect(ra.stderr + rb.stderr).toBe("");
    const pa = parse(ra.stdout);
    const pb = parse(rb.stdout);
    // Both did part of the work (the shards were shared), and together all of it, once.
    expect(pa.alerts.length).toBeGreaterThan(0);
    expect(pb.alerts.length).toBeGreaterThan(0);
    expect([...pa.alerts, ...pb.alerts].sort()).toEqual(solo.alerts);
    // Each prints the merged verdicts of the whole stream.
    expect(withoutTime(pa.verdicts)).toEqual(withoutTime(solo.verdicts));
    expect(withoutTime(pb.verdicts)).toEqual(withoutTime(solo.verdicts));
  });

  it("one of two consumers killed: the other takes its shards over and finishes the stream", async () => {
    const [a, b] = await sharing("takeover", [
      monitor("takeover", "--consumer", "a", "--batch", "100"),
      monitor("takeover", "--consumer", "b", "--batch", "100"),
    ]);
    while (b.stdout.split("\n").length <= 20 && b.child.exitCode === null)
      await new Promise((r) => setTimeout(r, 5));
    b.child.kill("SIGKILL");
    const [ra, rb] = await Promise.all([a.done, b.done]);
    expect(rb.signal).toBe("SIGKILL");
    expect(ra.code).toBe(1);
    expect(ra.stderr).toBe("");
    const pa = parse(ra.stdout);
    expect(afterKill(rb.stdout, pa.alerts, 100)).toEqual(solo.alerts);
    expect(withoutTime(pa.verdicts)).toEqual(withoutTime(solo.verdicts));
  });

  it("SIGTERM: the current batch committed, the shards released at once, the rest to the next consumer", async () => {
    const args = monitorArgs(
      url,
      STREAM,
      "stop",
      "--lease-ms",
      "1500",
      "--consumer",
      "s",
      "--batch",
      "100",
    );
    const first = start(args);
    while (first.stdout.split("\n").length <= 10 && first.child.exitCode === null)
      await new Promise((r) => setTimeout(r, 5));
    first.child.kill("SIGTERM");
    const stopped = await first.done;
    expect(stopped.code).toBe(0);
    expect(stopped.stderr).toBe("");
    const client = connect();
    try {
      expect(await client.keys(`${STREAM}:*:lease:stop`)).toEqual([]);
      expect(await client.zcard(`${STREAM}:consumers:stop`)).toBe(0);
    } finally {
      client.disconnect();
    }
    const rest = await run(monitor("stop", "--consumer", "t"));
    expect(rest.code).toBe(1);
    const before = parse(stopped.stdout).alerts;
    expect(before.length).toBeGreaterThan(0);
    expect([...before, ...parse(rest.stdout).alerts].sort()).toEqual(solo.alerts);
  });

  it("a consumer killed mid-stream and started again: the same alerts, none lost, none doubled", async () => {
    const args = monitor(
      "crash",
      "--consumer",
      "c",
      "--batch",
      "100",
      "--alerts-stream",
      "alerts:crash",
    );
    const first = start(args);
    // Killed once a third of the alerts are out: mid-stream, between any two steps.
    const third = Math.floor(solo.alerts.length / 3);
    while (first.stdout.split("\n").length <= third && first.child.exitCode === null)
      await new Promise((r) => setTimeout(r, 5));
    first.child.kill("SIGKILL");
    const killed = await first.done;
    expect(killed.signal).toBe("SIGKILL");
    const again = await run(args);
    expect(again.stderr).toBe("");
    expect(again.code).toBe(1);
    const after = parse(again.stdout);
    expect(after.alerts.length).toBeGreaterThan(0);
    expect(afterKill(killed.stdout, after.alerts, 100)).toEqual(solo.alerts);
    expect(withoutTime(after.verdicts)).toEqual(withoutTime(solo.verdicts));
    // The alerts stream, written atomically with each acknowledgement, has each alert once.
    const client = connect();
    try {
      const entries = (await client.xrange("alerts:crash", "-", "+")) as [string, string[]][];
      expect(entries.map(([, fields]) => fields[1]).sort()).toEqual(solo.alerts);
    } finally {
      client.disconnect();
    }
  });

  it("a shard deleted while a live monitor waits on it: exit 3 with Redis' reason, no silent wait", async () => {
    const trace = join(dir, "gone.jsonl");
    writeTrace(REPO, trace, { messages: 2_000, sessions: 20, seed: 31 });
    const published = await run(publishArgs(trace, url, "gone", "--shards", "2"));
    expect(published.code).toBe(0);
    const live = start(monitorArgs(url, "gone", "live"));
    const client = connect();
    try {
      while (!(await caughtUp(client, "gone", "live")) && live.child.exitCode === null)
        await new Promise((r) => setTimeout(r, 50));
      // Blocked in XREADGROUP on both shards, it is answered UNBLOCKED, reads again, and the
      // shard and its group are gone.
      await new Promise((r) => setTimeout(r, 300));
      expect(live.child.exitCode).toBeNull();
      await client.del("gone:0");
    } finally {
      client.disconnect();
    }
    const m = await live.done;
    expect(m.code).toBe(3);
    expect(m.stderr).toMatch(/^oatf monitor: NOGROUP .*gone:0/);
  });
});
