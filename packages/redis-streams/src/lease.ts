// The Redis lease (issue 24 §4): which shards of a stream this consumer owns. A consumer group
// alone hands entries to any consumer, while a session's messages must meet one evaluation
// state in order; so each shard is owned by one consumer at a time through a lease key with a
// TTL, and the group's live consumers share the shards (about shards / consumers each). The
// states of one shard for this consumer, and what moves it:
//
//   free ──SET NX PX, within this consumer's share──▶ owned   (`assigned`, with its checkpoint)
//   owned ──RENEW fails: the TTL passed, another may own it──▶ free   (`revoked`)
//   owned ──more than the share: the group grew──▶ released ──▶ free   (`revoked`)
//   owned ──the consumer stops──▶ released
//
// A lease names this process (a token), not only the consumer: a restarted consumer of the
// same name waits for the old lease to expire rather than racing a process that may still
// live. Renewal, taking and giving up are Lua scripts or single commands (scripts.ts), so a
// consumer that lost its lease can neither renew nor commit.
import type { PartitionCheckpoint, StreamEvent } from "@oatf/evaluate";
import type { GroupKeys } from "./keys.js";
import type { RedisClient } from "./redis.js";
import { HEARTBEAT, RELEASE, RENEW } from "./scripts.js";

/** A shard this consumer owns: entries a previous owner left pending are claimed first. */
export interface Owned {
  /** Every pending entry was claimed. */
  claimed: boolean;
  /** Where the next XAUTOCLAIM goes on. */
  cursor: string;
}

export class ShardLeases {
  /** The shards owned now, by index. */
  readonly owned = new Map<number, Owned>();
  readonly #redis: RedisClient;
  readonly #keys: GroupKeys;
  readonly token: string;
  readonly #leaseMs: number;
  readonly #shards: number;
  /** Where this consumer starts looking for free shards: consumers spread over the shards. */
  readonly #offset: number;

  constructor(redis: RedisClient, keys: GroupKeys, token: string, leaseMs: number, shards: number) {
    this.#redis = redis;
    this.#keys = keys;
    this.token = token;
    this.#leaseMs = leaseMs;
    this.#shards = shards;
    let offset = 0;
    for (const c of token) offset = (offset * 31 + c.charCodeAt(0)) % shards;
    this.#offset = offset;
  }

  /**
   * Heartbeat, renew the owned leases, give up extra shards, take free ones up to this
   * consumer's share; each change as the event the consumer loop is told.
   */
  async *maintain(
    checkpointOf: (shard: number) => Promise<PartitionCheckpoint>,
  ): AsyncGenerator<StreamEvent> {
    const redis = this.#redis;
    const keys = this.#keys;
    const live = Number(
      await redis.call("EVAL", HEARTBEAT, 1, keys.members, this.token, this.#leaseMs),
    );
    for (const i of [...this.owned.keys()]) {
      const renewed = Number(
        await redis.call("EVAL", RENEW, 1, keys.lease(i), this.token, this.#leaseMs),
      );
      if (renewed !== 1) {
        this.owned.delete(i);
        yield { kind: "revoked", partition: keys.shard(i) };
      }
    }
    const share = Math.ceil(this.#shards / Math.max(1, live));
    for (const i of [...this.owned.keys()].sort((a, b) => b - a)) {
      if (this.owned.size <= share) break;
      await this.release(i);
      yield { kind: "revoked", partition: keys.shard(i) };
    }
    for (let k = 0; k < this.#shards && this.owned.size < share; k++) {
      const i = (this.#offset + k) % this.#shards;
      if (this.owned.has(i)) continue;
      const taken = await redis.call("SET", keys.lease(i), this.token, "NX", "PX", this.#leaseMs);
      if (taken !== "OK") continue;
      this.owned.set(i, { claimed: false, cursor: "0-0" });
      yield { kind: "assigned", partition: keys.shard(i), checkpoint: await checkpointOf(i) };
    }
  }

  /** Gives up shard `i`'s lease (if it is still this consumer's). */
  async release(i: number): Promise<void> {
    this.owned.delete(i);
    await this.#redis.call("EVAL", RELEASE, 1, this.#keys.lease(i), this.token);
  }

  /** The consumer stops: every lease given up and its membership dropped, errors ignored. */
  async releaseAll(): Promise<void> {
    for (const i of [...this.owned.keys()]) await this.release(i).catch(() => {});
    await this.#redis.call("ZREM", this.#keys.members, this.token).catch(() => {});
  }
}
