// The Redis keys of one published stream (issue 24 §4): N shard streams and, per consumer
// group, a lease and a checkpoint per shard and the group's live members. Shard i of
// stream `s` is the Redis stream `s:i`; the shard count is stored once at `s:shards`, so
// producers and consumers cannot disagree on where a session's messages go.

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
