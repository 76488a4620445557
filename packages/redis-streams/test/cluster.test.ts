// Redis Cluster runs a script or a multi-key read only on keys of one slot: a stream is usable
// there only when its name (and its alerts stream's) carries one hash tag, computed as Redis
// does. The real cluster is exercised in test/redis/cluster.redis.ts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clusterKeysProblem, groupKeys, hashTag } from "../src/keys.js";
import { isClusterNode } from "../src/redis.js";

describe("hash tags", () => {
  it("are computed as Redis Cluster computes them", () => {
    // The examples of the Redis Cluster specification ("Hash tags").
    expect(hashTag("{user1000}.following")).toBe("user1000");
    expect(hashTag("foo{}{bar}")).toBeUndefined();
    expect(hashTag("foo{{bar}}zap")).toBe("{bar");
    expect(hashTag("foo{bar}{zap}")).toBe("bar");
    expect(hashTag("traffic")).toBeUndefined();
    expect(hashTag("traffic{")).toBeUndefined();
    expect(hashTag("traffic}{x")).toBeUndefined();
  });

  it("of a tagged stream are the tag of every key derived from it", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string({ minLength: 1 }).filter((t) => !t.includes("}")),
        fc.string(),
        fc.string(),
        fc.nat(1023),
        (before, tag, after, group, i) => {
          const stream = `${before.replaceAll("{", "")}{${tag}}${after}`;
          const k = groupKeys(stream, group);
          const all = [k.shards, k.shard(i), k.lease(i), k.checkpoint(i), k.members];
          for (const key of all) expect(hashTag(key)).toBe(tag);
          expect(clusterKeysProblem(stream, `${stream}:alerts:${group}`)).toBeUndefined();
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("a stream on Redis Cluster", () => {
  it("is refused without a hash tag, saying how to name it", () => {
    expect(clusterKeysProblem("traffic")).toMatch(/needs a hash tag.*'\{traffic\}'/);
    expect(clusterKeysProblem("{}traffic")).toMatch(/needs a hash tag/);
    expect(clusterKeysProblem("{traffic}")).toBeUndefined();
  });

  it("is refused with an alerts stream of another slot group", () => {
    expect(clusterKeysProblem("{traffic}", "alerts")).toMatch(
      /alerts stream needs the stream's hash tag '\{traffic\}'.*'\{traffic\}:alerts'/,
    );
    expect(clusterKeysProblem("{traffic}", "{other}:alerts")).toMatch(/alerts stream/);
    expect(clusterKeysProblem("{traffic}", "x{traffic}y")).toBeUndefined();
  });
});

describe("cluster detection", () => {
  it("reads cluster_enabled from INFO cluster", () => {
    expect(isClusterNode("# Cluster\r\ncluster_enabled:1\r\n")).toBe(true);
    expect(isClusterNode("# Cluster\r\ncluster_enabled:0\r\n")).toBe(false);
    expect(isClusterNode("")).toBe(false);
    expect(isClusterNode("# Cluster\r\ncluster_enabled:10\r\n")).toBe(false);
  });
});
