// Issue 33, the operations side of `oatf publish` / `oatf monitor` against a real redis-server:
// big messages through a short lease (no livelock, memory bounded), an alerts stream that
// cannot be written (nothing acknowledged, exit 3), a doctored outbox (printed escaped), and
// 40 lines of ~16 MiB published (no `RangeError: Invalid string length`).
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENTS, drainArgs, parse, publishArgs, REPO, run, start } from "./cli.js";
import { type RedisServer, startRedis } from "./server.js";

/**
 * Writes `lines` messages of session s1 with a `size`-character tool description, then the
 * rug pull, line by line (the whole text may be longer than a string can be); their count.
 */
function bigTrace(path: string, lines: number, size: number): number {
  const big = "x".repeat(size);
  const fd = openSync(path, "w");
  try {
    for (let i = 0; i < lines; i++)
      writeSync(
        fd,
        `${JSON.stringify({
          protocol: "mcp",
          direction: "response",
          operation: "tools/list",
          session: "s1",
          content: { tools: [{ name: `t${i}`, description: big }] },
        })}\n`,
      );
    const rugPull = readFileSync(join(REPO, "examples/mcp-rug-pull.trace.jsonl"), "utf8");
    const tail = rugPull.split("\n").filter((l) => l.trim() !== "");
    for (const line of tail)
      writeSync(fd, `${JSON.stringify({ ...JSON.parse(line), session: "s1" })}\n`);
    return lines + tail.length;
  } finally {
    closeSync(fd);
  }
}

describe("oatf monitor and publish under big messages and a hostile Redis (issue 33)", () => {
  let redis: RedisServer;
  let dir: string;
  let url: string;
  const connect = () =>
    new (createRequire(join(REPO, "packages/redis-streams/package.json"))("ioredis"))(url);

  beforeAll(async () => {
    redis = await startRedis();
    url = redis.url;
    dir = mkdtempSync(join(tmpdir(), "oatf-redis-ops-"));
  });

  afterAll(async () => {
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("a batch longer than --lease-ms: the lease is renewed meanwhile, no livelock, memory bounded", async () => {
    // The issue's 40 notifications of 15 MB, scaled down: 40 of 4 MiB, a 3 s lease (a batch of
    // them takes longer; one message far less), and a heap of 128 MB, less than the batch the
    // monitor used to read at once.
    const trace = join(dir, "big.jsonl");
    const count = bigTrace(trace, 40, 4 * 1024 * 1024);
    const published = await run(publishArgs(trace, url, "big"));
    expect(published.stderr).toContain(`${count} messages to big in 1 shard`);
    expect(published.code).toBe(0);
    const evaluated = await run(["evaluate", ...DOCUMENTS, "--trace", trace, "--format", "json"]);
    // The A2A and AG-UI documents see no message of this MCP trace: `error`, exit 3 (never blind).
    expect(evaluated.code).toBe(3);
    const monitor = start(drainArgs(url, "big", "g", "--lease-ms", "3000"), {
      NODE_OPTIONS: "--max-old-space-size=128",
    });
    // Before the fix the batch was lost at each commit and claimed again forever.
    const watchdog = setTimeout(() => monitor.child.kill("SIGKILL"), 240_000);
    const m = await monitor.done;
    clearTimeout(watchdog);
    // A lease lost anyway (a machine paused past 3 s) is said and replayed, never given up.
    expect(m.stderr).not.toMatch(/heap|given up/);
    expect(m.signal).toBeNull();
    expect(m.code).toBe(evaluated.code);
    const { alerts, verdicts } = parse(m.stdout);
    expect(alerts.length).toBeGreaterThan(0);
    const results = (v: unknown) =>
      (v as { verdict: { result: string } }[]).map((e) => e.verdict.result);
    expect(results(verdicts)).toEqual(results(JSON.parse(evaluated.stdout)));
    const client = connect();
    try {
      const groups = (await client.xinfo("GROUPS", "big:0")) as unknown[][];
      const g = groups[0]!;
      expect(g[g.indexOf("pending") + 1]).toBe(0);
    } finally {
      client.disconnect();
    }
  });

  it.each([
    [
      "another type",
      async (c: { set: (k: string, v: string) => Promise<unknown> }) => {
        await c.set("alerts:bad-type", "not a stream");
      },
    ],
    [
      "no id left after its last",
      async (c: { xadd: (...a: string[]) => Promise<unknown> }) => {
        await c.xadd("alerts:bad-id", "18446744073709551615-18446744073709551615", "alert", "x");
      },
    ],
  ] as const)(
    "an alerts stream with %s: exit 3, nothing acknowledged or checkpointed",
    async (what, spoil) => {
      const stream = what === "another type" ? "half-type" : "half-id";
      const alertsStream = what === "another type" ? "alerts:bad-type" : "alerts:bad-id";
      const trace = join(dir, `${stream}.jsonl`);
      bigTrace(trace, 0, 0);
      expect((await run(publishArgs(trace, url, stream))).code).toBe(0);
      const client = connect();
      try {
        await spoil(client);
        const m = await run(drainArgs(url, stream, "g", "--alerts-stream", alertsStream));
        expect(m.code).toBe(3);
        expect(m.stderr).toMatch(/alerts stream/);
        expect(m.stderr).toMatch(/nothing was acknowledged/);
        expect(m.stdout).toBe(""); // no alert printed: none was committed
        const groups = (await client.xinfo("GROUPS", `${stream}:0`)) as unknown[][];
        const g = groups[0]!;
        expect(g[g.indexOf("pending") + 1]).toBeGreaterThan(0);
        // Parts before the first alert were committed (reads start small); none with an alert.
        expect(await client.hget(`${stream}:0:checkpoint:g`, "outbox")).toBeFalsy();
      } finally {
        client.disconnect();
      }
    },
  );

  it("a doctored outbox is printed escaped: no terminal escape reaches stdout", async () => {
    const trace = join(dir, "outbox.jsonl");
    bigTrace(trace, 0, 0);
    expect((await run(publishArgs(trace, url, "outbox"))).code).toBe(0);
    const client = connect();
    try {
      await client.hset("outbox:0:checkpoint:g", {
        seq: "1",
        outbox: [
          '\u001b]0;pwned\u0007\u001b[2J{"raw":"text"}',
          '{"document":"x","evidence":"\u009b31m\u202eevil"}',
        ].join("\n"),
      });
    } finally {
      client.disconnect();
    }
    const m = await run(drainArgs(url, "outbox", "g"));
    // Exit 3: the A2A and AG-UI documents see no message of this MCP trace (never blind).
    expect(m.code).toBe(3);
    expect(m.stdout).not.toMatch(/(?!\n)[\p{Cc}\p{Bidi_Control}]/u);
    expect(m.stdout).toContain("\\x1b]0;pwned\\x07\\x1b[2J");
    expect(m.stdout).toContain('{"document":"x","evidence":"\\u009b31m\\u202eevil"}');
  });

  it("oatf publish: 40 lines of ~16 MiB are published whole (chunks bounded by bytes)", async () => {
    const trace = join(dir, "huge.jsonl");
    const count = bigTrace(trace, 40, 16 * 1024 * 1024 - 200);
    const published = await run(publishArgs(trace, url, "huge"));
    expect(published.stderr).not.toMatch(/RangeError/);
    expect(published.stderr).toContain(`${count} messages to huge in 1 shard`);
    expect(published.code).toBe(0);
    rmSync(trace);
    const client = connect();
    try {
      expect(await client.xlen("huge:0")).toBe(count);
      await client.del("huge:0");
    } finally {
      client.disconnect();
    }
  });
});
