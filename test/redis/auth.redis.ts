// A Redis that wants a password (`requirepass`): the URL's password reaches it for the
// producer and the consumers, and a wrong or missing one stops the command with exit 3 and
// Redis' reason, with no password in what is printed (stderr ends up in CI logs).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENTS, decisions, parse, REPO, run } from "./cli.js";
import { type RedisServer, startRedis } from "./server.js";
import { writeTrace } from "./trace.js";

const PASSWORD = "s3cret-pw";

describe("Redis with a password", () => {
  let redis: RedisServer;
  let dir: string;
  let trace: string;
  const url = (auth: string) => `redis://${auth}@127.0.0.1:${redis.port}`;
  const monitor = (redisUrl: string, group: string) =>
    run([
      "monitor",
      ...DOCUMENTS,
      "--redis",
      redisUrl,
      "--stream",
      "traffic",
      "--group",
      group,
      "--drain",
    ]);

  beforeAll(async () => {
    redis = await startRedis(() => ["--requirepass", PASSWORD]);
    dir = mkdtempSync(join(tmpdir(), "oatf-redis-auth-"));
    trace = join(dir, "trace.jsonl");
    writeTrace(REPO, trace, { messages: 5_000, sessions: 50, seed: 3 });
  });

  afterAll(async () => {
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("publish and monitor with the password in the URL: the verdicts of oatf evaluate", async () => {
    const published = await run([
      "publish",
      "--trace",
      trace,
      "--redis",
      url(`:${PASSWORD}`),
      "--stream",
      "traffic",
    ]);
    expect(published.stderr).toContain("5000 messages to traffic");
    expect(published.code).toBe(0);
    const [ev, m] = await Promise.all([
      run(["evaluate", ...DOCUMENTS, "--trace", trace, "--format", "json"]),
      monitor(url(`default:${PASSWORD}`), "g"),
    ]);
    expect(m.stderr).toBe("");
    expect(m.code).toBe(1);
    expect(decisions(parse(m.stdout).verdicts)).toEqual(decisions(JSON.parse(ev.stdout)));
  });

  it("a wrong or missing password: exit 3 and Redis' reason, no password printed", async () => {
    for (const [redisUrl, reason] of [
      [url(":wrong-pw"), /WRONGPASS/],
      [url(`nobody:${PASSWORD}`), /WRONGPASS/],
      [`redis://127.0.0.1:${redis.port}`, /NOAUTH/],
    ] as const) {
      const m = await monitor(redisUrl, "h");
      expect(m.code).toBe(3);
      expect(m.stdout).toBe("");
      expect(m.stderr).toMatch(reason);
      expect(m.stderr).toMatch(/^oatf monitor: .*\n$/);
      expect(m.stderr).not.toMatch(/s3cret|wrong-pw/);
    }
  });
});
