// `oatf monitor` and `oatf publish` without a broker: usage errors (exit 2) name what is
// missing, and an unreachable Redis is one line on stderr (exit 3). The commands against a
// real redis-server are the Redis suite's (test/redis, `pnpm test:redis`).
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadRedisStreams } from "../src/cli/shared/streams.js";
import { runCaptured } from "./cli-capture.js";

const REPO = fileURLToPath(new URL("../../..", import.meta.url));

const cli = (argv: string[]) => runCaptured(argv, REPO, { env: {} });

/** A loopback port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 1));
    });
  });
}

describe("oatf monitor / publish arguments", () => {
  it("names the missing option", async () => {
    const r = await cli(["monitor", "examples/mcp-rug-pull.yaml", "--redis", "redis://x"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^oatf monitor: --stream is required/);
    const p = await cli(["publish", "--trace", "-", "--stream", "s"]);
    expect(p.code).toBe(2);
    expect(p.stderr).toMatch(/^oatf publish: --redis is required/);
    const n = await cli(["monitor", "--redis", "r", "--stream", "s", "--group", "g"]);
    expect(n.stderr).toMatch(/no documents given/);
  });

  it("refuses a shard count that is not a positive integer, escaping it", async () => {
    const r = await cli([
      "publish",
      "--trace",
      "-",
      "--redis",
      "r",
      "--stream",
      "s",
      "--shards",
      "2\x1b[2J",
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--shards must be a positive integer");
    expect(r.stderr).not.toContain("\x1b[2J");
  });

  it("refuses an invalid document before connecting (exit 3)", async () => {
    const r = await cli([
      "monitor",
      "package.json",
      "--redis",
      "redis://127.0.0.1:1",
      "--stream",
      "s",
      "--group",
      "g",
    ]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/oatf monitor: package\.json is not a valid OATF document/);
  });

  it("says when Redis cannot be reached (exit 3)", async () => {
    const url = `redis://127.0.0.1:${await closedPort()}`;
    const r = await cli([
      "monitor",
      "examples/mcp-rug-pull.yaml",
      "--redis",
      url,
      "--stream",
      "s",
      "--group",
      "g",
    ]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^oatf monitor: cannot connect to 127\.0\.0\.1:\d+: .*\n$/);
    const p = await cli([
      "publish",
      "--trace",
      "examples/mcp-rug-pull.trace.jsonl",
      "--redis",
      url,
      "--stream",
      "s",
    ]);
    expect(p.code).toBe(3);
    expect(p.stderr).toMatch(/^oatf publish: cannot connect to/);
  });
});

describe("loading @oatf/redis-streams on demand", () => {
  it("names the package to install when it is missing, and refuses one without the API", async () => {
    const missing = Object.assign(new Error("Cannot find package '@oatf/redis-streams'"), {
      code: "ERR_MODULE_NOT_FOUND",
    });
    const notInstalled = await loadRedisStreams(() => Promise.reject(missing));
    expect(notInstalled).toEqual({
      ok: false,
      reason:
        "--redis needs the @oatf/redis-streams package, which is not installed (npm install @oatf/redis-streams)",
    });
    const broken = await loadRedisStreams(() => Promise.reject(new SyntaxError("bad")));
    expect(broken).toEqual({ ok: false, reason: "cannot load @oatf/redis-streams: bad" });
    const other = await loadRedisStreams(() => Promise.resolve({}));
    expect(other.ok === false && other.reason).toMatch(/is not one this oatf can use/);
    const real = await loadRedisStreams();
    expect(real.ok && typeof real.module.createRedisSource).toBe("function");
  });
});
