// The Redis keys of one published stream (issue 24 §4): N shard streams and, per consumer
// group, a lease and a checkpoint per shard and the group's live members. Shard i of
// stream `s` is the Redis stream `s:i`; the shard count is stored once at `s:shards`, so
// producers and consumers cannot disagree on where a session's messages go.
import type { Diagnostic } from "@oatf/model";
import { diagnostic } from "@oatf/model/internal";

export interface StreamKeys {
  /** Holds the shard count (a decimal string). */
  shards: string;
  /** The Redis stream of shard `i`. */
  shard(i: number): string;
}

export interface GroupKeys extends StreamKeys {
  /** Which consumer owns shard `i` now (a string with a TTL). */
  lease(i: number): string;
  /** Shard `i`'s checkpoint (a hash: id, snapshot, outbox, seq, printed). */
  checkpoint(i: number): string;
  /** The group's live consumers (a sorted set scored by expiry time). */
  members: string;
}

export function streamKeys(stream: string): StreamKeys {
  return { shards: `${stream}:shards`, shard: (i) => `${stream}:${i}` };
}

export function groupKeys(stream: string, group: string): GroupKeys {
  return {
    ...streamKeys(stream),
    lease: (i) => `${stream}:${i}:lease:${group}`,
    checkpoint: (i) => `${stream}:${i}:checkpoint:${group}`,
    members: `${stream}:consumers:${group}`,
  };
}

/** Most shards a stream may have (each is a Redis stream and a lease per group). */
export const MAX_SHARDS = 1024;

/** Why `n` is not a shard count, or undefined. */
export function shardCountProblem(n: unknown): string | undefined {
  return Number.isSafeInteger(n) && (n as number) >= 1 && (n as number) <= MAX_SHARDS
    ? undefined
    : `the shard count must be an integer from 1 to ${MAX_SHARDS}`;
}

/**
 * The hash tag of `key` as Redis Cluster computes it: what lies between the first `{` and the
 * first `}` after it, when that is not empty; else undefined (the whole key is hashed).
 */
export function hashTag(key: string): string | undefined {
  const open = key.indexOf("{");
  if (open < 0) return undefined;
  const close = key.indexOf("}", open + 1);
  return close > open + 1 ? key.slice(open + 1, close) : undefined;
}

/**
 * Why `stream` (and `alertsStream`) cannot be used on Redis Cluster, or undefined. The Lua
 * commit writes the lease, shard, checkpoint and alerts stream at once and XREADGROUP reads
 * several shards at once: Redis Cluster runs those only on keys of one slot. Every key of a
 * stream starts with its name, so a hash tag in the name puts them all in the tag's slot.
 */
export function clusterKeysProblem(stream: string, alertsStream?: string): string | undefined {
  const tag = hashTag(stream);
  if (tag === undefined)
    return `on Redis Cluster the stream name needs a hash tag so all its keys are in one slot (the atomic commit and the read of several shards need one slot): name it like '{${stream}}'`;
  if (alertsStream !== undefined && hashTag(alertsStream) !== tag)
    return `on Redis Cluster the alerts stream needs the stream's hash tag '{${tag}}' (it is written in the same atomic commit): name it like '{${tag}}:alerts'`;
  return undefined;
}

/** A stream the broker cannot use (shard count, key names), as the configuration fault it is. */
export function streamFault(message: string): { ok: false; error: Diagnostic } {
  return { ok: false, error: diagnostic("C-BROKER-STREAM", message) };
}
