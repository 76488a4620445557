// The consumer side (issue 24 §4): a StreamSource over the shards of a published stream, in
// one consumer group. Each shard (a Redis stream holding whole sessions) is owned by one
// consumer at a time (lease.ts), read with XREADGROUP, and handed over when its owner dies or
// the group grows; the new owner resumes from the shard's checkpoint and claims what the old
// one left pending (XAUTOCLAIM), in order. A batch is committed with its checkpoint by one Lua
// script that checks the lease (scripts.ts).
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type {
  BatchCommit,
  PartitionCheckpoint,
  StreamEntry,
  StreamEvent,
  StreamSource,
} from "@oatf/evaluate";
import type { Diagnostic, Result } from "@oatf/model";
import { decodeEntry } from "./entry.js";
import {
  clusterKeysProblem,
  type GroupKeys,
  groupKeys,
  shardCountProblem,
  streamFault,
} from "./keys.js";
import { type Owned, ShardLeases } from "./lease.js";
import { openRedis, type RedisClient } from "./redis.js";
import { COMMIT, DELIVERED } from "./scripts.js";

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

/**
 * Connects and returns the consumer's StreamSource, or, before writing anything, the fault of
 * the configuration as a diagnostic: a URL whose server cannot be reached (`C-BROKER-URL`), a
 * stream whose shard count is unknown or differs from `options.shards`, or (on Redis Cluster)
 * a stream and alerts stream without one hash tag (`C-BROKER-STREAM`). Rejects only when
 * Redis fails while it is being set up.
 */
export async function createRedisSource(
  options: RedisSourceOptions,
): Promise<Result<StreamSource, Diagnostic>> {
  const keys: GroupKeys = groupKeys(options.stream, options.group);
  const opened = await openRedis(options.url);
  if (!opened.ok) return opened;
  const redis = opened.value;
  let shards: Result<number, Diagnostic>;
  try {
    shards = await prepare(redis, keys, options);
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  if (!shards.ok) {
    redis.disconnect();
    return shards;
  }
  return { ok: true, value: new RedisSource(redis, keys, shards.value, options) };
}

/** Checks the stream can be used and creates the group on each shard; the shard count. */
async function prepare(
  redis: RedisClient,
  keys: GroupKeys,
  options: RedisSourceOptions,
): Promise<Result<number, Diagnostic>> {
  const refused = redis.isCluster
    ? clusterKeysProblem(options.stream, options.alertsStream)
    : undefined;
  if (refused !== undefined) return streamFault(refused);
  const counted = await shardCount(redis, keys, options.shards);
  if (!counted.ok) return counted;
  const shards = counted.value;
  for (let i = 0; i < shards; i++) {
    try {
      await redis.call("XGROUP", "CREATE", keys.shard(i), options.group, "0", "MKSTREAM");
    } catch (error) {
      if (!String((error as Error)?.message).startsWith("BUSYGROUP")) throw error;
    }
  }
  return counted;
}

/** One consumer of a group: its leases, what it reads of the shards it owns, its commits. */
class RedisSource implements StreamSource {
  readonly #redis: RedisClient;
  readonly #keys: GroupKeys;
  readonly #shards: number;
  readonly #options: RedisSourceOptions;
  readonly #leaseMs: number;
  readonly #batch: number;
  readonly #consumer: string;
  readonly #leases: ShardLeases;
  readonly #shardOfKey: Map<string, number>;
  readonly #events: AsyncGenerator<StreamEvent>;
  #closed = false;
  #stopped: Promise<void> | undefined;
  #started = false;
  #finished!: () => void;
  readonly #ended = new Promise<void>((resolve) => {
    this.#finished = resolve;
  });

  constructor(redis: RedisClient, keys: GroupKeys, shards: number, options: RedisSourceOptions) {
    this.#redis = redis;
    this.#keys = keys;
    this.#shards = shards;
    this.#options = options;
    this.#leaseMs = Math.max(100, Math.floor(options.leaseMs ?? DEFAULT_LEASE_MS));
    this.#batch = Math.max(1, Math.floor(options.batch ?? DEFAULT_BATCH));
    this.#consumer = options.consumer ?? `${hostname()}-${process.pid}`;
    const token = `${this.#consumer}#${randomUUID()}`;
    this.#leases = new ShardLeases(redis, keys, token, this.#leaseMs, shards);
    this.#shardOfKey = new Map(Array.from({ length: shards }, (_, i) => [keys.shard(i), i]));
    this.#events = this.#read();
  }

  [Symbol.asyncIterator](): AsyncGenerator<StreamEvent> {
    this.#started = true;
    return this.#events;
  }

  #indexOf(partition: string): number {
    const i = this.#shardOfKey.get(partition);
    if (i === undefined) throw new Error(`unknown partition ${partition}`);
    return i;
  }

  async #checkpointOf(i: number): Promise<PartitionCheckpoint> {
    const saved = (await this.#redis.call("HGETALL", this.#keys.checkpoint(i))) as string[];
    const h = new Map<string, string>();
    for (let k = 0; k + 1 < saved.length; k += 2) h.set(saved[k]!, saved[k + 1]!);
    const sequence = Number(h.get("seq") ?? 0);
    const outbox = h.get("outbox") ?? "";
    const undelivered =
      outbox !== "" && h.get("printed") !== String(sequence) ? outbox.split("\n") : [];
    const snapshot = h.get("snapshot");
    return { ...(snapshot === undefined ? {} : { snapshot }), undelivered, sequence };
  }

  /** One batch of what a previous owner left pending in shard i, or undefined when none is left. */
  async #claim(i: number, state: Owned): Promise<StreamEvent | undefined> {
    const [cursor, claimed, deleted] = (await this.#redis.call(
      "XAUTOCLAIM",
      this.#keys.shard(i),
      this.#options.group,
      this.#consumer,
      0,
      state.cursor,
      "COUNT",
      this.#batch,
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
    return entries.length === 0
      ? undefined
      : { kind: "batch", partition: this.#keys.shard(i), entries };
  }

  async #drained(): Promise<boolean> {
    for (let i = 0; i < this.#shards; i++) {
      const shard = this.#keys.shard(i);
      const info = flat((await this.#redis.call("XINFO", "STREAM", shard)) as unknown[]);
      const groups = (await this.#redis.call("XINFO", "GROUPS", shard)) as unknown[][];
      const mine = groups.map(flat).find((g) => g.get("name") === this.#options.group);
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
  async #readGroup(
    streams: string[],
    blockMs: number,
  ): Promise<[string, [string, unknown][]][] | null> {
    try {
      return (await this.#redis.call(
        "XREADGROUP",
        "GROUP",
        this.#options.group,
        this.#consumer,
        "COUNT",
        this.#batch,
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

  /** The events: lease changes every third of the lease time, claimed, then new entries. */
  async *#read(): AsyncGenerator<StreamEvent> {
    const owned = this.#leases.owned;
    let due = 0;
    const tick = Math.max(50, Math.floor(this.#leaseMs / 3));
    try {
      while (!this.#closed) {
        if (Date.now() >= due) {
          yield* this.#leases.maintain((i) => this.#checkpointOf(i));
          due = Date.now() + tick;
        }
        let pendingLeft = false;
        for (const [i, state] of owned) {
          if (state.claimed || this.#closed) continue;
          const event = await this.#claim(i, state);
          if (event !== undefined) {
            pendingLeft = true;
            yield event;
          }
        }
        if (pendingLeft || this.#closed) continue;
        const streams = [...owned.keys()].map((i) => this.#keys.shard(i));
        if (streams.length === 0) {
          if (this.#options.drain && (await this.#drained())) return;
          await sleep(Math.min(tick, 200));
          continue;
        }
        const reply = await this.#readGroup(streams, Math.min(tick, 1000));
        if (reply === null) {
          if (this.#options.drain && (await this.#drained())) return;
          continue;
        }
        for (const [partition, items] of reply) {
          // Given up meanwhile: the next owner claims them.
          if (!owned.has(this.#indexOf(partition))) continue;
          const entries = items.map(([id, fields]) => decodeEntry(id, fields));
          if (entries.length > 0) yield { kind: "batch", partition, entries };
        }
      }
    } finally {
      await this.#leases.releaseAll();
      this.#finished();
    }
  }

  async acknowledge(
    partition: string,
    entries: readonly StreamEntry[],
    commit: BatchCommit,
  ): Promise<number | undefined> {
    const i = this.#indexOf(partition);
    const owned = this.#leases.owned;
    if (!owned.has(i) || entries.length === 0) return undefined;
    const ids = entries.map((e) => e.id);
    const last = ids.reduce((a, b) => (compareIds(a, b) >= 0 ? a : b));
    const { alertsStream } = this.#options;
    const keys = [this.#keys.lease(i), this.#keys.shard(i), this.#keys.checkpoint(i)];
    if (alertsStream !== undefined) keys.push(alertsStream);
    const outbox = commit.alerts.join("\n");
    const seq = Number(
      await this.#redis.call(
        "EVAL",
        COMMIT,
        keys.length,
        ...keys,
        this.#leases.token,
        this.#options.group,
        last,
        commit.snapshot,
        outbox,
        ids.length,
        ...ids,
        ...(alertsStream === undefined ? [] : commit.alerts),
      ),
    );
    if (seq > 0) return seq;
    owned.delete(i); // the lease is gone: the new owner resumes from the last checkpoint
    return undefined;
  }

  async delivered(partition: string, sequence: number): Promise<void> {
    const checkpoint = this.#keys.checkpoint(this.#indexOf(partition));
    await this.#redis.call("EVAL", DELIVERED, 1, checkpoint, sequence);
  }

  async snapshots(): Promise<string[]> {
    const out: string[] = [];
    for (let i = 0; i < this.#shards; i++) {
      const snapshot = await this.#redis.call("HGET", this.#keys.checkpoint(i), "snapshot");
      if (typeof snapshot === "string") out.push(snapshot);
    }
    return out;
  }

  // The events end at the consumer's next pull (after the batch in hand is committed,
  // printed and marked: a signal mid-batch must not cut the connection under it); only then
  // is the connection closed. A loop that stopped pulling (it threw) has ended the events
  // already: `for await` returns the iterator.
  close(): Promise<void> {
    this.#closed = true;
    this.#stopped ??= (async () => {
      if (this.#started) await this.#ended;
      await this.#redis.quit().catch(() => this.#redis.disconnect());
    })();
    return this.#stopped;
  }
}

/** The stream's shard count, stored once (by the first producer or consumer that gives one). */
async function shardCount(
  redis: RedisClient,
  keys: GroupKeys,
  wanted: number | undefined,
): Promise<Result<number, Diagnostic>> {
  const stored = await redis.call("GET", keys.shards);
  if (stored === null) {
    if (wanted === undefined)
      return streamFault(
        `the stream has no shard count (${keys.shards}): publish first or give the shard count`,
      );
    const problem = shardCountProblem(wanted);
    if (problem !== undefined) return streamFault(problem);
    await redis.call("SET", keys.shards, String(wanted), "NX");
    return shardCount(redis, keys, wanted);
  }
  const n = Number(stored);
  const problem = shardCountProblem(n);
  if (problem !== undefined) return streamFault(`${keys.shards}: ${problem}`);
  if (wanted !== undefined && wanted !== n)
    return streamFault(`the stream has ${n} shard(s) (${keys.shards}), not ${wanted}`);
  return { ok: true, value: n };
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
