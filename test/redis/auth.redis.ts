// A Redis that wants a password (`requirepass`) and also serves TLS (`rediss://`, as managed
// Redis services do): the URL's password reaches it for the producer and the consumers, over
// TLS too, with the server's CA given the Node way (NODE_EXTRA_CA_CERTS); a wrong or missing
// password, or a certificate that cannot be verified, stops the command with exit 3 and the
// reason, with no password in what is printed (stderr ends up in CI logs). The certificates in
// tls/ are test fixtures (a CA, and a certificate for 127.0.0.1 valid for 100 years that
// cluster nodes also present to each other, so it is for client and server auth).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENTS, decisions, drainArgs, parse, publishArgs, REPO, run } from "./cli.js";
import { freePort, type RedisServer, startRedis, TEST_TLS, tlsArgs } from "./server.js";
import { writeTrace } from "./trace.js";

const PASSWORD = "s3cret-pw";

describe("Redis with a password", () => {
  let redis: RedisServer;
  let dir: string;
  let trace: string;
  let tlsPort: number;
  const url = (auth: string) => `redis://${auth}@127.0.0.1:${redis.port}`;
  const monitor = (redisUrl: string, group: string, env?: NodeJS.ProcessEnv) =>
    run(drainArgs(redisUrl, "traffic", group), env);

  beforeAll(async () => {
    tlsPort = await freePort();
    redis = await startRedis(() => ["--requirepass", PASSWORD, ...tlsArgs(tlsPort)]);
    dir = mkdtempSync(join(tmpdir(), "oatf-redis-auth-"));
    trace = join(dir, "trace.jsonl");
    writeTrace(REPO, trace, { messages: 5_000, sessions: 50, seed: 3 });
  });

  afterAll(async () => {
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("publish and monitor with the password in the URL: the verdicts of oatf evaluate", async () => {
    const published = await run(publishArgs(trace, url(`:${PASSWORD}`), "traffic"));
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

  it("over TLS (rediss://) with the CA given as NODE_EXTRA_CA_CERTS; an unverifiable certificate is refused", async () => {
    const tlsUrl = `rediss://:${PASSWORD}@127.0.0.1:${tlsPort}`;
    const [ev, m] = await Promise.all([
      run(["evaluate", ...DOCUMENTS, "--trace", trace, "--format", "json"]),
      monitor(tlsUrl, "tls", { NODE_EXTRA_CA_CERTS: TEST_TLS.ca }),
    ]);
    expect(m.stderr).toBe("");
    expect(m.code).toBe(1);
    expect(decisions(parse(m.stdout).verdicts)).toEqual(decisions(JSON.parse(ev.stdout)));
    // Without the CA the server's certificate cannot be verified: no connection, no password out.
    const refused = await monitor(tlsUrl, "tls-unverified");
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(
      new RegExp(
        `^oatf monitor: cannot connect to 127\\.0\\.0\\.1:${tlsPort}: .*certificate.*\\n$`,
      ),
    );
    expect(refused.stderr).not.toMatch(/s3cret/);
  });
});
