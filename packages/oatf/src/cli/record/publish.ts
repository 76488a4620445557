// `oatf record … --redis URL --stream KEY [--shards N]` (issue 24 §4, the producer side): each
// recorded message is also published to Redis Streams, sharded by session key, by the same
// publisher as `oatf publish` (`publishToRedis` of @oatf/redis-streams, loaded on demand).
// The log lines go through the trace reader (`TraceDecoder`), so a message carries the line
// it has in the JSONL file as its position, as `oatf publish` of that file would give it.
// A message without a session key (every message over stdio, bare AG-UI events) is keyed by
// the recording: one recording is one session, as `oatf evaluate` of its file sees it, and two
// recordings published to one stream do not meet in one evaluation state.
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
): Promise<LivePublish | number> {
  const loaded = await loadRedisStreams();
  if (!loaded.ok) {
    ctx.stderr.write(safe`oatf record: ${loaded.reason}\n`);
    return EXIT.error;
  }
  const queue = new MessageQueue();
  const decoder = reader ?? new TraceDecoder({});
  let line = 0;
  let accepted = 0;
  let sent = 0;
  let unreadable = 0;
  let warned = false;
  let ended = false;
  // Said once, as it starts; the counts come at exit.
  const warn = (why: string) => {
    if (warned) return;
    warned = true;
    const then = ended
      ? "they are counted below"
      : "the recording goes on; they are counted at exit";
    ctx.stderr.write(
      safe`oatf record: ${why}: messages are not published to ${target.stream} (${then})\n`,
    );
  };
  let failed = false;
  const recording = `record-${randomUUID()}`;
  const giveUp = new AbortController();
  const publishing = loaded.module
    .publishToRedis(
      {
        url: target.url,
        stream: target.stream,
        ...(target.shards === undefined ? {} : { shards: target.shards }),
        key: (message) => partitionKey(message) || recording,
        flushMs: FLUSH_MS,
        signal: giveUp.signal,
        onSent: (count) => {
          sent += count;
        },
      },
      queue,
    )
    .then(
      (published) => (published.ok ? undefined : published.error.message),
      (error: unknown) => (error as Error)?.message ?? String(error),
    )
    .then((why) => {
      if (why === undefined) return;
      failed = true;
      // Nothing more can be sent: the queue stops taking messages.
      queue.close();
      warn(`cannot publish to Redis: ${why}`);
    });
  const take = (records: TraceRecord[]) => {
    for (const record of records) {
      if (record.kind !== "message") {
        if (record.diagnostic.severity !== "warning") unreadable++;
        continue;
      }
      accepted++;
      if (!queue.push(record.message) && !failed)
        warn(`the Redis queue is full (${QUEUE_LIMIT} messages waiting)`);
    }
  };
  return {
    line(text) {
      const out: TraceRecord[] = [];
      decoder.line({ line: ++line, text }, out);
      take(out);
    },
    async finish() {
      const out: TraceRecord[] = [];
      decoder.end(out);
      take(out);
      queue.close();
      ended = true;
      // A Redis that accepts but never answers must not keep the command from ending.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          warn(`Redis did not take the messages within ${DRAIN_MS / 1000} s of the end`);
          giveUp.abort();
          resolve();
        }, DRAIN_MS);
      });
      await Promise.race([publishing, late]);
      clearTimeout(timer);
      await publishing;
      const lost = accepted - sent;
      if (lost === 0 && unreadable === 0) {
        ctx.stderr.write(
          safe`oatf record: published ${plural(sent, "message")} to ${target.stream}\n`,
        );
        return true;
      }
      const unread =
        unreadable === 0
          ? ""
          : `; ${plural(unreadable, "line")} the trace reader could not read (oatf evaluate on the recording names them)`;
      ctx.stderr.write(
        safe`oatf record: published ${sent} of ${plural(accepted, "message")} to ${target.stream}: ${lost} not published${unread}\n`,
      );
      return false;
    },
  };
}
