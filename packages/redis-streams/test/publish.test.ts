// The publisher's answer to a pipelined chunk that a Redis Cluster redirected in part (a slot
// being moved: ASK for the keys already gone): those commands are sent again, in order; any
// other error stops publishing. The real resharding is in test/redis/cluster.redis.ts.
import { describe, expect, it } from "vitest";
import { resendRedirected } from "../src/publish.js";
import type { RedisClient } from "../src/redis.js";

/** A client that records the commands sent to it one at a time. */
function recording() {
  const sent: string[][] = [];
  const redis = {
    call: async (name: string, ...args: string[]) => {
      sent.push([name, ...args]);
      return "OK";
    },
  } as unknown as RedisClient;
  return { redis, sent };
}

const xadd = (key: string, n: number) => ["XADD", key, "*", "message", String(n)];

describe("resendRedirected", () => {
  it("sends the redirected commands again, in their order, and only those", async () => {
    const { redis, sent } = recording();
    const commands = [xadd("{t}:0", 1), xadd("{t}:1", 2), xadd("{t}:0", 3), xadd("{t}:1", 4)];
    const ask = () => new Error("ASK 3558 127.0.0.1:7001");
    await resendRedirected(redis, commands, [
      [null, "1-0"],
      [ask(), null],
      [new Error("TRYAGAIN Multiple keys request during rehashing of slot"), null],
      [ask(), null],
    ]);
    expect(sent).toEqual([commands[1], commands[2], commands[3]]);
  });

  it("stops at any other error, sending nothing again", async () => {
    const { redis, sent } = recording();
    const commands = [xadd("{t}:0", 1), xadd("{t}:0", 2), xadd("{t}:0", 3)];
    const oom = new Error("OOM command not allowed when used memory > 'maxmemory'.");
    await expect(
      resendRedirected(redis, commands, [
        [new Error("MOVED 3558 127.0.0.1:7002"), null],
        [oom, null],
        [new Error("ASK 3558 127.0.0.1:7001"), null],
      ]),
    ).rejects.toBe(oom);
    expect(sent).toEqual([]);
  });

  it("a key written after one of its commands was redirected is refused, not reordered", async () => {
    const { redis, sent } = recording();
    const commands = [xadd("{t}:0", 1), xadd("{t}:1", 2), xadd("{t}:0", 3)];
    await expect(
      resendRedirected(redis, commands, [
        [new Error("CLUSTERDOWN The cluster is down"), null],
        [new Error("ASK 3558 127.0.0.1:7001"), null],
        [null, "1-0"],
      ]),
    ).rejects.toThrow("{t}:0: a command was redirected and a later one written");
    expect(sent).toEqual([]);
  });

  it("a chunk written whole, or no replies, sends nothing", async () => {
    const { redis, sent } = recording();
    await resendRedirected(redis, [xadd("{t}:0", 1)], [[null, "1-0"]]);
    await resendRedirected(redis, [xadd("{t}:0", 1)], null);
    expect(sent).toEqual([]);
  });
});
