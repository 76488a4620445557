// The producer side (issue 24 §4): trace messages appended to the shard of their partition
// key (`shardOf(partitionKey(message), N)` of @oatf/trace), so each session's messages stay in one shard,
// in order. Pipelined in chunks: one round trip per chunk, not per message.
import type { TraceMessage } from "@oatf/evaluate";
import type { Diagnostic, Result } from "@oatf/model";
import { partitionKey, shardOf } from "@oatf/trace";
import { encodeEntry } from "./entry.js";
import { clusterKeysProblem, shardCountProblem, streamFault, streamKeys } from "./keys.js";
import { openRedis, type RedisClient } from "./redis.js";

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

/** Messages sent per round trip. */
const CHUNK = 1000;

/**
 * Appends every message to its shard, or, before writing anything, gives back the fault of the
 * configuration as a diagnostic: a URL whose server cannot be reached (`C-BROKER-URL`), a
 * stream with another shard count or (on Redis Cluster) a name without a hash tag
 * (`C-BROKER-STREAM`). Rejects when Redis fails while publishing. Messages keep their `line`
 * (their position in evidence and merging).
 */
export async function publishToRedis(
  options: RedisPublishOptions,
  messages: Iterable<TraceMessage> | AsyncIterable<TraceMessage>,
): Promise<Result<Published, Diagnostic>> {
  const opened = await openRedis(options.url, options.signal);
  if (!opened.ok) return opened;
  const redis = opened.value;
  try {
    const keys = streamKeys(options.stream);
    const shards = await storedShards(redis, keys.shards, options);
    if (!shards.ok) return shards;
    const keyOf = options.key ?? partitionKey;
    const perShard = new Array<number>(shards.value).fill(0);
    const chunks = new Chunks(redis, options);
    let total = 0;
    try {
      for await (const message of messages) {
        const session = keyOf(message);
        const shard = shardOf(session, shards.value);
        await chunks.add(["XADD", keys.shard(shard), "*", ...encodeEntry(session, message)]);
        perShard[shard]!++;
        total++;
      }
      await chunks.flush();
    } finally {
      chunks.stop();
    }
    return { ok: true, value: { messages: total, shards: shards.value, perShard } };
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}

/** The stream's shard count: stored by the first publisher (default 1), the same for all after. */
async function storedShards(
  redis: RedisClient,
  key: string,
  options: RedisPublishOptions,
): Promise<Result<number, Diagnostic>> {
  const refused = redis.isCluster ? clusterKeysProblem(options.stream) : undefined;
  if (refused !== undefined) return streamFault(refused);
  if (options.shards !== undefined) {
    const problem = shardCountProblem(options.shards);
    if (problem !== undefined) return streamFault(problem);
  }
  await redis.call("SET", key, String(options.shards ?? 1), "NX");
  const shards = Number(await redis.call("GET", key));
  if (shardCountProblem(shards) !== undefined) return streamFault(`${key} is not a shard count`);
  if (options.shards !== undefined && options.shards !== shards)
    return streamFault(`the stream has ${shards} shard(s) (${key}), not ${options.shards}`);
  return { ok: true, value: shards };
}

/**
 * Commands pipelined in chunks of CHUNK, one round trip each, sent in order on the one
 * connection (a live source's part-filled chunk after `flushMs`); a failure rejects every
 * later send, and the next `add` or `flush` throws it.
 */
class Chunks {
  #pipeline: ReturnType<RedisClient["pipeline"]>;
  /** The commands in the pipeline, to send again those redirected (resendRedirected). */
  #commands: string[][] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #sending: Promise<void> = Promise.resolve();
  #failure: { error: unknown } | undefined;
  readonly #redis: RedisClient;
  readonly #options: RedisPublishOptions;

  constructor(redis: RedisClient, options: RedisPublishOptions) {
    this.#redis = redis;
    this.#options = options;
    this.#pipeline = redis.pipeline();
  }

  async add(command: string[]): Promise<void> {
    if (this.#failure !== undefined) throw this.#failure.error;
    this.#pipeline.call(...(command as [string, ...string[]]));
    this.#commands.push(command);
    if (this.#commands.length >= CHUNK) await this.flush();
    else if (this.#options.flushMs !== undefined && this.#timer === undefined)
      this.#timer = setTimeout(() => void this.flush(), this.#options.flushMs);
  }

  flush(): Promise<void> {
    this.stop();
    const count = this.#commands.length;
    if (count === 0) return this.#sending;
    const chunk = this.#pipeline;
    const sent = this.#commands;
    this.#pipeline = this.#redis.pipeline();
    this.#commands = [];
    this.#sending = this.#sending.then(async () => {
      await resendRedirected(this.#redis, sent, await chunk.exec());
      this.#options.onSent?.(count);
    });
    // A send started by the timer is awaited by the next flush; not an unhandled rejection.
    this.#sending.catch((error: unknown) => {
      this.#failure ??= { error };
    });
    return this.#sending;
  }

  /** No part-filled chunk waits for the timer any more. */
  stop(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
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
