// The consumer side (issue 24 §4): a StreamSource over the shards of a published stream, in
// one consumer group. A consumer group alone hands entries to any consumer, while a
// session's messages must meet one evaluation state in order; so each shard (a Redis stream
// holding whole sessions) is owned by one consumer at a time through a lease key with a TTL,
// read with XREADGROUP, and handed over when its owner dies (lease expired) or when the
// group grows (each live consumer keeps about shards / consumers). The new owner resumes from
// the shard's checkpoint and claims what the old one left pending (XAUTOCLAIM), in order.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type {
  BatchCommit,
  PartitionCheckpoint,
  StreamEntry,
  StreamEvent,
  StreamSource,
} from "@oatf/evaluate";
import { decodeEntry } from "./entry.js";
import { clusterKeysProblem, type GroupKeys, groupKeys, shardCountProblem } from "./keys.js";
import { connect, type RedisClient } from "./redis.js";
import { COMMIT, DELIVERED, HEARTBEAT, RELEASE, RENEW } from "./scripts.js";

export interface RedisSourceOptions {
  /** `redis://host:port[/db]` (or `rediss://`), or any node of a Redis Cluster. */
  url: string;
  /**
   * The published stream's key (its shards are `<stream>:0` … `<stream>:N-1`). On Redis
   * Cluster it must hold a hash tag (`{traffic}`), and `alertsStream` the same one.
   */
  stream: string;
  /** The consumer group. */
  group: string;
  /** This consumer's name in the group (default: host name and process id). */
  consumer?: string;
  /** The shard count; default: the one the producer stored. Must agree with it. */
  shards?: number;
  /** Stop once every shard is consumed and acknowledged by the group. */
  drain?: boolean;
  /** Also append each alert to this Redis stream (field `alert`), atomically with its checkpoint. */
  alertsStream?: string;
  /** How long a shard stays this consumer's without a renewal (ms, default 10,000). */
  leaseMs?: number;
  /** Most entries read per shard at a time (default 500). */
  batch?: number;
}

/** Lease time when none is given (ms): a dead consumer's shards wait this long for a new owner. */
export const DEFAULT_LEASE_MS = 10_000;
/** Entries read per shard at a time when none is given. */
export const DEFAULT_BATCH = 500;

interface Owned {
  /** Entries left pending by a previous owner are claimed before new ones are read. */
  claimed: boolean;
  cursor: string;
}

/**
 * Connects and returns the consumer's StreamSource. Rejects when Redis cannot be reached, the
 * stream's shard count is unknown or differs from `options.shards`, or (on Redis Cluster) the
 * stream and alerts stream do not share one hash tag, before writing anything.
 */
export async function createRedisSource(options: RedisSourceOptions): Promise<StreamSource> {
  const leaseMs = Math.max(100, Math.floor(options.leaseMs ?? DEFAULT_LEASE_MS));
  const batch = Math.max(1, Math.floor(options.batch ?? DEFAULT_BATCH));
  const consumer = options.consumer ?? `${hostname()}-${process.pid}`;
  // The lease names this process, not only the consumer: a restarted consumer of the same
  // name waits for the old lease to expire rather than racing a process that may still live.
  const token = `${consumer}#${randomUUID()}`;
  const { group } = options;
  const keys: GroupKeys = groupKeys(options.stream, group);
  const redis = await connect(options.url);
  let shards: number;
  try {
    const refused = redis.isCluster
      ? clusterKeysProblem(options.stream, options.alertsStream)
      : undefined;
    if (refused !== undefined) throw new Error(refused);
    shards = await shardCount(redis, keys, options.shards);
    for (let i = 0; i < shards; i++) {
      try {
        await redis.call("XGROUP", "CREATE", keys.shard(i), group, "0", "MKSTREAM");
      } catch (error) {
        if (!String((error as Error)?.message).startsWith("BUSYGROUP")) throw error;
      }
    }
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  const shardOfKey = new Map(Array.from({ length: shards }, (_, i) => [keys.shard(i), i]));
  const owned = new Map<number, Owned>();
  let closed = false;
  let stopped: Promise<void> | undefined;
  let started = false;
  let finished!: () => void;
  const ended = new Promise<void>((resolve) => {
    finished = resolve;
  });
  // Where this consumer starts looking for free shards: consumers spread over the shards.
  let offset = 0;
  for (const c of token) offset = (offset * 31 + c.charCodeAt(0)) % shards;

  const indexOf = (partition: string): number => {
    const i = shardOfKey.get(partition);
    if (i === undefined) throw new Error(`unknown partition ${partition}`);
    return i;
  };

  async function checkpointOf(i: number): Promise<PartitionCheckpoint> {
    const saved = (await redis.call("HGETALL", keys.checkpoint(i))) as string[];
    const h = new Map<string, string>();
    for (let k = 0; k + 1 < saved.length; k += 2) h.set(saved[k]!, saved[k + 1]!);
    const sequence = Number(h.get("seq") ?? 0);
    const outbox = h.get("outbox") ?? "";
    const undelivered =
      outbox !== "" && h.get("printed") !== String(sequence) ? outbox.split("\n") : [];
    const snapshot = h.get("snapshot");
    return { ...(snapshot === undefined ? {} : { snapshot }), undelivered, sequence };
  }

  async function* release(i: number): AsyncGenerator<StreamEvent> {
    owned.delete(i);
    await redis.call("EVAL", RELEASE, 1, keys.lease(i), token);
    yield { kind: "revoked", partition: keys.shard(i) };
  }

  /** Heartbeat, renew, give up extra shards, take free ones up to this consumer's share. */
  async function* maintain(): AsyncGenerator<StreamEvent> {
    const live = Number(await redis.call("EVAL", HEARTBEAT, 1, keys.members, token, leaseMs));
    for (const i of [...owned.keys()]) {
      const renewed = Number(await redis.call("EVAL", RENEW, 1, keys.lease(i), token, leaseMs));
      if (renewed !== 1) {
        owned.delete(i);
        yield { kind: "revoked", partition: keys.shard(i) };
      }
    }
    const share = Math.ceil(shards / Math.max(1, live));
    for (const i of [...owned.keys()].sort((a, b) => b - a)) {
      if (owned.size <= share) break;
      yield* release(i);
    }
    for (let k = 0; k < shards && owned.size < share; k++) {
      const i = (offset + k) % shards;
      if (owned.has(i)) continue;
      const taken = await redis.call("SET", keys.lease(i), token, "NX", "PX", leaseMs);
      if (taken !== "OK") continue;
      owned.set(i, { claimed: false, cursor: "0-0" });
      yield { kind: "assigned", partition: keys.shard(i), checkpoint: await checkpointOf(i) };
    }
  }

  /** One batch of what a previous owner left pending in shard i, or undefined when none is left. */
  async function claim(i: number, state: Owned): Promise<StreamEvent | undefined> {
    const [cursor, claimed, deleted] = (await redis.call(
      "XAUTOCLAIM",
      keys.shard(i),
      group,
      consumer,
      0,
      state.cursor,
      "COUNT",
      batch,
    )) as [string, [string, unknown][], string[] | undefined];
    state.cursor = cursor;
    if (cursor === "0-0") state.claimed = true;
    const entries: StreamEntry[] = claimed.map(([id, fields]) => decodeEntry(id, fields));
    // Trimmed from the stream before anyone processed them: lost, and said so.
    for (const id of deleted ?? [])
      entries.push({
        id,
        session: "",
        position: 0,
        problem: "deleted from the stream before it was processed",
      });
    entries.sort((a, b) => compareIds(a.id, b.id));
    return entries.length === 0 ? undefined : { kind: "batch", partition: keys.shard(i), entries };
  }

  async function drained(): Promise<boolean> {
    for (let i = 0; i < shards; i++) {
      const info = flat((await redis.call("XINFO", "STREAM", keys.shard(i))) as unknown[]);
      const groups = (await redis.call("XINFO", "GROUPS", keys.shard(i))) as unknown[][];
      const mine = groups.map(flat).find((g) => g.get("name") === group);
      if (mine === undefined) return false;
      if (Number(mine.get("pending")) !== 0) return false;
      if (mine.get("last-delivered-id") !== info.get("last-generated-id")) return false;
    }
    return true;
  }

  /**
   * New entries of this consumer's shards (XREADGROUP, blocking up to `blockMs`), or null when
   * none came. A read blocked on a shard whose key goes away is answered UNBLOCKED: the key
   * moved to another node (a cluster resharding the slot) or was deleted. That is null too:
   * the next read follows the key to its node, or says it is gone (NOGROUP).
   */
  async function readGroup(
    streams: string[],
    blockMs: number,
  ): Promise<[string, [string, unknown][]][] | null> {
    try {
      return (await redis.call(
        "XREADGROUP",
        "GROUP",
        group,
        consumer,
        "COUNT",
        batch,
        "BLOCK",
        blockMs,
        "STREAMS",
        ...streams,
        ...streams.map(() => ">"),
      )) as [string, [string, unknown][]][] | null;
    } catch (error) {
      if (String((error as Error)?.message).startsWith("UNBLOCKED")) return null;
      throw error;
    }
  }

  async function* events(): AsyncGenerator<StreamEvent> {
    let due = 0;
    const tick = Math.max(50, Math.floor(leaseMs / 3));
    try {
      while (!closed) {
        if (Date.now() >= due) {
          yield* maintain();
          due = Date.now() + tick;
        }
        let pendingLeft = false;
        for (const [i, state] of owned) {
          if (state.claimed || closed) continue;
          const event = await claim(i, state);
          if (event !== undefined) {
            pendingLeft = true;
            yield event;
          }
        }
        if (pendingLeft || closed) continue;
        const streams = [...owned.keys()].map((i) => keys.shard(i));
        if (streams.length === 0) {
          if (options.drain && (await drained())) return;
          await sleep(Math.min(tick, 200));
          continue;
        }
        const reply = await readGroup(streams, Math.min(tick, 1000));
        if (reply === null) {
          if (options.drain && (await drained())) return;
          continue;
        }
        for (const [partition, items] of reply) {
          if (!owned.has(indexOf(partition))) continue; // given up meanwhile: the next owner claims them
          const entries = items.map(([id, fields]) => decodeEntry(id, fields));
          if (entries.length > 0) yield { kind: "batch", partition, entries };
        }
      }
    } finally {
      for (const i of [...owned.keys()]) {
        owned.delete(i);
        await redis.call("EVAL", RELEASE, 1, keys.lease(i), token).catch(() => {});
      }
      await redis.call("ZREM", keys.members, token).catch(() => {});
      finished();
    }
  }

  const iterator = events();
  return {
    [Symbol.asyncIterator]: () => {
      started = true;
      return iterator;
    },
    async acknowledge(partition, entries, commit: BatchCommit) {
      const i = indexOf(partition);
      if (!owned.has(i) || entries.length === 0) return undefined;
      const ids = entries.map((e) => e.id);
      const last = ids.reduce((a, b) => (compareIds(a, b) >= 0 ? a : b));
      const streamKeys = [keys.lease(i), keys.shard(i), keys.checkpoint(i)];
      if (options.alertsStream !== undefined) streamKeys.push(options.alertsStream);
      const outbox = commit.alerts.join("\n");
      const seq = Number(
        await redis.call(
          "EVAL",
          COMMIT,
          streamKeys.length,
          ...streamKeys,
          token,
          group,
          last,
          commit.snapshot,
          outbox,
          ids.length,
          ...ids,
          ...(options.alertsStream === undefined ? [] : commit.alerts),
        ),
      );
      if (seq > 0) return seq;
      owned.delete(i); // the lease is gone: the new owner resumes from the last checkpoint
      return undefined;
    },
    async delivered(partition, sequence) {
      await redis.call("EVAL", DELIVERED, 1, keys.checkpoint(indexOf(partition)), sequence);
    },
    async snapshots() {
      const out: string[] = [];
      for (let i = 0; i < shards; i++) {
        const snapshot = await redis.call("HGET", keys.checkpoint(i), "snapshot");
        if (typeof snapshot === "string") out.push(snapshot);
      }
      return out;
    },
    // The events end at the consumer's next pull (after the batch in hand is committed,
    // printed and marked: a signal mid-batch must not cut the connection under it); only then
    // is the connection closed. A loop that stopped pulling (it threw) has ended the events
    // already: `for await` returns the iterator.
    close() {
      closed = true;
      stopped ??= (async () => {
        if (started) await ended;
        await redis.quit().catch(() => redis.disconnect());
      })();
      return stopped;
    },
  };
}

async function shardCount(
  redis: RedisClient,
  keys: GroupKeys,
  wanted: number | undefined,
): Promise<number> {
  const stored = await redis.call("GET", keys.shards);
  if (stored === null) {
    if (wanted === undefined)
      throw new Error(
        `the stream has no shard count (${keys.shards}): publish first or give the shard count`,
      );
    const problem = shardCountProblem(wanted);
    if (problem !== undefined) throw new Error(problem);
    await redis.call("SET", keys.shards, String(wanted), "NX");
    return shardCount(redis, keys, wanted);
  }
  const n = Number(stored);
  const problem = shardCountProblem(n);
  if (problem !== undefined) throw new Error(`${keys.shards}: ${problem}`);
  if (wanted !== undefined && wanted !== n)
    throw new Error(`the stream has ${n} shard(s) (${keys.shards}), not ${wanted}`);
  return n;
}

/** Orders stream ids (`ms-seq`) numerically. */
export function compareIds(a: string, b: string): number {
  const [am = 0, as = 0] = a.split("-").map(Number);
  const [bm = 0, bs = 0] = b.split("-").map(Number);
  return am - bm || as - bs;
}

/** A Redis reply of alternating names and values as a map. */
function flat(reply: unknown[]): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (let i = 0; i + 1 < reply.length; i += 2) out.set(String(reply[i]), reply[i + 1]);
  return out;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
