// The producer side (issue 24 §4): trace messages appended to the shard of their partition
// key (`shardOf(partitionKey(message), N)` of @oatf/trace), so each session's messages stay in one shard,
// in order. Pipelined in chunks: one round trip per chunk, not per message.
import type { TraceMessage } from "@oatf/evaluate";
import { partitionKey, shardOf } from "@oatf/trace";
import { encodeEntry } from "./entry.js";
import { clusterKeysProblem, shardCountProblem, streamKeys } from "./keys.js";
import { connect, type RedisClient } from "./redis.js";

export interface RedisPublishOptions {
  /** `redis://host:port[/db]` (or `rediss://`), or any node of a Redis Cluster. */
  url: string;
  /**
   * The stream's key: messages go to `<stream>:0` … `<stream>:N-1`. On Redis Cluster it must
   * hold a hash tag (`{traffic}`).
   */
  stream: string;
  /** The shard count (default: the stream's, else 1). Must agree with the stream's. */
  shards?: number;
  /** The partition key of a message (default `partitionKey`: session, else actor). */
  key?: (message: TraceMessage) => string;
  /**
   * For a live source (`oatf record --redis`): messages waiting in a part-filled chunk are sent
   * after at most this many milliseconds, so consumers see traffic as it happens.
   */
  flushMs?: number;
  /** Called after each chunk Redis has accepted, with the number of its messages. */
  onSent?: (count: number) => void;
  /** Gives up: the connection is dropped and the promise rejects. */
  signal?: AbortSignal;
}

export interface Published {
  messages: number;
  shards: number;
  /** Messages per shard. */
  perShard: number[];
}

/** Messages sent per round trip at most. */
const CHUNK = 1000;
/**
 * Bytes of entries sent per round trip at most (past it the chunk goes at once): ioredis
 * writes a pipeline as one string, and a string has a maximum length (about 512 MiB in V8), so
 * a chunk of big messages (40 of 16 MiB) would end the publishing with a RangeError; it also
 * bounds what waits in memory.
 */
export const CHUNK_BYTES = 16 * 1024 * 1024;

/**
 * Appends every message to its shard; rejects when Redis cannot be reached, the stream has
 * another shard count, or (on Redis Cluster) its name has no hash tag, before writing anything. Messages keep their `line` (their position in evidence and merging).
 */
export async function publishToRedis(
  options: RedisPublishOptions,
  messages: Iterable<TraceMessage> | AsyncIterable<TraceMessage>,
): Promise<Published> {
  const keys = streamKeys(options.stream);
  const keyOf = options.key ?? partitionKey;
  const redis = await connect(options.url, options.signal);
  try {
    const refused = redis.isCluster ? clusterKeysProblem(options.stream) : undefined;
    if (refused !== undefined) throw new Error(refused);
    if (options.shards !== undefined) {
      const problem = shardCountProblem(options.shards);
      if (problem !== undefined) throw new Error(problem);
    }
    await redis.call("SET", keys.shards, String(options.shards ?? 1), "NX");
    const shards = Number(await redis.call("GET", keys.shards));
    if (shardCountProblem(shards) !== undefined)
      throw new Error(`${keys.shards} is not a shard count`);
    if (options.shards !== undefined && options.shards !== shards)
      throw new Error(`the stream has ${shards} shard(s) (${keys.shards}), not ${options.shards}`);
    const perShard = new Array<number>(shards).fill(0);
    let pipeline = redis.pipeline();
    // The commands in `pipeline`, to send again those redirected (resendRedirected).
    let commands: string[][] = [];
    let queued = 0;
    let queuedBytes = 0;
    let total = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Chunks are sent in order on the one connection; a failure rejects every later send.
    let sending: Promise<void> = Promise.resolve();
    let failure: { error: unknown } | undefined;
    const flush = (): Promise<void> => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (queued === 0) return sending;
      const chunk = pipeline;
      const sent = commands;
      const count = queued;
      pipeline = redis.pipeline();
      commands = [];
      queued = 0;
      queuedBytes = 0;
      sending = sending.then(async () => {
        await resendRedirected(redis, sent, await chunk.exec());
        options.onSent?.(count);
      });
      // A send started by the timer is awaited by the next flush; not an unhandled rejection.
      sending.catch((error: unknown) => {
        failure ??= { error };
      });
      return sending;
    };
    try {
      for await (const message of messages) {
        if (failure !== undefined) throw failure.error;
        const session = keyOf(message);
        const shard = shardOf(session, shards);
        const command = ["XADD", keys.shard(shard), "*", ...encodeEntry(session, message)];
        pipeline.call(...(command as [string, ...string[]]));
        commands.push(command);
        perShard[shard]!++;
        total++;
        for (const part of command) queuedBytes += part.length;
        if (++queued >= CHUNK || queuedBytes >= CHUNK_BYTES) await flush();
        else if (options.flushMs !== undefined && timer === undefined)
          timer = setTimeout(() => void flush(), options.flushMs);
      }
      await flush();
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
    return { messages: total, shards, perShard };
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}

/** What Redis Cluster answers a command on a slot being moved, or just moved. */
const REDIRECTED = /^(ASK|MOVED|TRYAGAIN|CLUSTERDOWN) /;

/**
 * Checks a chunk's replies. While a slot moves to another node (resharding), its keys move one
 * at a time: a chunk's commands on a key already gone are answered ASK (MOVED once the move
 * is over) while the others are written, and ioredis sends a pipeline again only when every
 * command was redirected. The redirected ones are sent again here, one at a time and in order
 * (ioredis follows a single command's redirection). A key moves once, so its redirected
 * commands come after its written ones and each shard keeps the trace's order; a chunk where
 * that does not hold is refused rather than reordered. Any other error stops the publishing.
 */
export async function resendRedirected(
  redis: RedisClient,
  commands: string[][],
  results: [Error | null, unknown][] | null,
): Promise<void> {
  const redirected: number[] = [];
  const held = new Set<string | undefined>(); // keys with a redirected command
  for (const [i, [error]] of (results ?? []).entries()) {
    const key = commands[i]![1];
    if (error) {
      if (!REDIRECTED.test(error.message)) throw error;
      redirected.push(i);
      held.add(key);
    } else if (held.has(key))
      throw new Error(
        `${key}: a command was redirected and a later one written: the order cannot be kept`,
      );
  }
  for (const i of redirected) {
    const [name, ...args] = commands[i]!;
    await redis.call(name!, ...args);
  }
}
