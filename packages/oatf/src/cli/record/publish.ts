// `oatf record … --redis URL --stream KEY [--shards N]` (issue 24 §4, the producer side): each
// recorded message is also published to Redis Streams, sharded by session key, by the same
// publisher as `oatf publish` (`publishToRedis` of @oatf/redis-streams, loaded on demand).
// The log lines go through the trace reader (`TraceDecoder`), so a message carries the line
// it has in the JSONL file as its position, as `oatf publish` of that file would give it.
// A message without a run key gets the recording's (--run, else one of its own, said on
// stderr), and without a session key is keyed by that run: one recording is one run, as
// `oatf evaluate` of its file sees it, and two recordings published to one stream never meet
// in one verdict (issue 32 §4; before, they were two sessions of the one run "").
// The relay never waits for Redis: messages wait in a bounded queue the publisher drains.
// What cannot be published (Redis unreachable or gone, the queue full, a line the reader
// cannot read) is said once on stderr as it starts, counted, and fails the command at exit.
import { randomUUID } from "node:crypto";
import type { TraceMessage } from "@oatf/evaluate";
import { partitionKey, TraceDecoder, type TraceRecord } from "@oatf/trace";
import { type CliContext, EXIT } from "../shared/context.js";
import { plural } from "../shared/report.js";
import { loadRedisStreams } from "../shared/streams.js";
import { safe } from "../shared/terminal.js";
import type { LogReader } from "./evaluate.js";

/** Messages waiting for Redis at most; past it, messages are dropped (and counted). */
export const QUEUE_LIMIT = 10_000;
/** A part-filled chunk is sent after this long, so a monitor sees traffic as it happens. */
export const FLUSH_MS = 50;
/** Once the recording ends, how long Redis may take the queued messages before it is given up. */
export const DRAIN_MS = 10_000;

export interface RedisTarget {
  url: string;
  stream: string;
  shards?: number;
}

export interface LivePublish {
  /** Decodes one log line and queues its messages; never blocks. */
  line(text: string): void;
  /** Waits for the queue to be sent; true when every message was published. */
  finish(): Promise<boolean>;
}

/** A bounded queue read as an async iterable (by the publisher); `push` is false when full. */
class MessageQueue implements AsyncIterable<TraceMessage> {
  #items: TraceMessage[] = [];
  #head = 0;
  #closed = false;
  #wake: (() => void) | undefined;

  push(message: TraceMessage): boolean {
    if (this.#closed || this.#items.length - this.#head >= QUEUE_LIMIT) return false;
    this.#items.push(message);
    this.#wake?.();
    return true;
  }

  close(): void {
    this.#closed = true;
    this.#wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<TraceMessage> {
    for (;;) {
      if (this.#head < this.#items.length) {
        const message = this.#items[this.#head++]!;
        // Compacted now and then, so the array does not grow with the whole recording.
        if (this.#head >= 1024 && this.#head * 2 >= this.#items.length) {
          this.#items = this.#items.slice(this.#head);
          this.#head = 0;
        }
        yield message;
        continue;
      }
      if (this.#closed) return;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
      this.#wake = undefined;
    }
  }
}

/** Loads the adapter and starts publishing; on failure the message is printed and 3 returned. */
export async function startLivePublish(
  target: RedisTarget,
  ctx: CliContext,
  reader?: LogReader,
  run?: string,
): Promise<LivePublish | number> {
  const loaded = await loadRedisStreams();
  if (!loaded.ok) {
    ctx.stderr.write(safe`oatf record: ${loaded.reason}\n`);
    return EXIT.error;
  }
  return new LivePublisher(target, ctx, loaded.module, reader ?? new TraceDecoder({}), run);
}

type RedisStreams = Pick<typeof import("@oatf/redis-streams"), "publishToRedis">;

/**
 * A recording published as it goes. The first fault (Redis unreachable or gone, the queue
 * full, Redis too slow at the end) is said once; once publishing failed, the queue takes no
 * more messages; the counts are said at the end.
 */
class LivePublisher implements LivePublish {
  readonly #queue = new MessageQueue();
  readonly #giveUp = new AbortController();
  readonly #publishing: Promise<void>;
  #line = 0;
  /** Messages read, published, and lines the reader could not read. */
  #accepted = 0;
  #sent = 0;
  #unreadable = 0;
  #warned = false;
  #failed = false;
  #ended = false;
  /** The run of the messages that name none: --run, else one of this recording's own. */
  readonly #run: string;
  readonly #named: boolean;
  #unnamed = 0;

  constructor(
    private readonly target: RedisTarget,
    private readonly ctx: CliContext,
    redis: RedisStreams,
    private readonly decoder: LogReader,
    given?: string,
  ) {
    this.#run = given ?? `record-${randomUUID()}`;
    this.#named = given !== undefined;
    const options = {
      url: target.url,
      stream: target.stream,
      ...(target.shards === undefined ? {} : { shards: target.shards }),
      key: (message: TraceMessage) => partitionKey(message) || this.#run,
      flushMs: FLUSH_MS,
      signal: this.#giveUp.signal,
      onSent: (count: number) => {
        this.#sent += count;
      },
    };
    this.#publishing = redis
      .publishToRedis(options, this.#queue)
      .then(
        (published) => (published.ok ? undefined : published.error.message),
        (error: unknown) => (error as Error)?.message ?? String(error),
      )
      .then((why) => {
        if (why === undefined) return;
        this.#failed = true;
        // Nothing more can be sent: the queue stops taking messages.
        this.#queue.close();
        this.#warn(`cannot publish to Redis: ${why}`);
      });
  }

  line(text: string) {
    const out: TraceRecord[] = [];
    this.decoder.line({ line: ++this.#line, text }, out);
    this.#take(out);
  }

  async finish() {
    const out: TraceRecord[] = [];
    this.decoder.end(out);
    this.#take(out);
    this.#queue.close();
    this.#ended = true;
    // A Redis that accepts but never answers must not keep the command from ending.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.#warn(`Redis did not take the messages within ${DRAIN_MS / 1000} s of the end`);
        this.#giveUp.abort();
        resolve();
      }, DRAIN_MS);
    });
    await Promise.race([this.#publishing, late]);
    clearTimeout(timer);
    await this.#publishing;
    return this.#said();
  }

  /** The counts, said; true when every message was published. */
  #said(): boolean {
    const { stream } = this.target;
    if (!this.#named && this.#unnamed > 0)
      this.ctx.stderr.write(
        safe`oatf record: ${plural(this.#unnamed, "message")} without a run key published as run '${this.#run}' (name it with --run)\n`,
      );
    const lost = this.#accepted - this.#sent;
    if (lost === 0 && this.#unreadable === 0) {
      this.ctx.stderr.write(
        safe`oatf record: published ${plural(this.#sent, "message")} to ${stream}\n`,
      );
      return true;
    }
    const unread =
      this.#unreadable === 0
        ? ""
        : `; ${plural(this.#unreadable, "line")} the trace reader could not read (oatf evaluate on the recording names them)`;
    this.ctx.stderr.write(
      safe`oatf record: published ${this.#sent} of ${plural(this.#accepted, "message")} to ${stream}: ${lost} not published${unread}\n`,
    );
    return false;
  }

  #take(records: TraceRecord[]) {
    for (const record of records) {
      if (record.kind !== "message") {
        if (record.diagnostic.severity !== "warning") this.#unreadable++;
        continue;
      }
      if (typeof record.message.run !== "string") {
        // Two recordings published to one stream stay two runs (issue 32 §4).
        record.message.run = this.#run;
        this.#unnamed++;
      }
      this.#accepted++;
      if (!this.#queue.push(record.message) && !this.#failed)
        this.#warn(`the Redis queue is full (${QUEUE_LIMIT} messages waiting)`);
    }
  }

  // Said once, as it starts; the counts come at exit.
  #warn(why: string) {
    if (this.#warned) return;
    this.#warned = true;
    const then = this.#ended
      ? "they are counted below"
      : "the recording goes on; they are counted at exit";
    this.ctx.stderr.write(
      safe`oatf record: ${why}: messages are not published to ${this.target.stream} (${then})\n`,
    );
  }
}
