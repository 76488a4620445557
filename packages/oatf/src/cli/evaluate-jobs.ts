// `oatf evaluate --jobs N` (issue 24 §3): the trace is read once, here, and its messages are
// sharded by session (the message's `session`, else its `actor`: the reader correlates per
// actor) over N worker threads (tinypool), each evaluating its sessions over the normalized
// documents; the shards' verdicts are combined by `mergeVerdicts`, earliest position (trace
// line) first, so the verdicts are those of one evaluation of the whole trace.
import { MessageChannel } from "node:worker_threads";
import {
  createTraceEvaluator,
  mergeVerdicts,
  type TraceMessage,
  type TraceVerdict,
} from "@oatf/evaluate";
import type { CelEvaluator, Document } from "@oatf/model";
import type { ShardMessage, ShardTask } from "./evaluate-worker.js";

/** Messages sent to a worker at once. */
const BATCH = 512;
/** Batches a worker may have unacknowledged before reading waits for it. */
const IN_FLIGHT = 8;
/** The most worker threads `--jobs` may ask for. */
export const MAX_JOBS = 64;

/** One evaluator in this thread (`--jobs 1`). */
export function localSink(documents: Document[], source: string, cel?: CelEvaluator): Sink {
  const evaluator = createTraceEvaluator(documents, { source, cel });
  return {
    push: (message) => evaluator.push(message),
    fail: (reason) => evaluator.fail(reason),
    get done() {
      return evaluator.done;
    },
    finish: async () => ({ verdicts: evaluator.verdicts(), count: evaluator.count }),
  };
}

/** Where `runEvaluate` pushes messages: one evaluator here, or shards in workers. */
export interface Sink {
  push(message: TraceMessage): void | Promise<void>;
  fail(reason: string): void;
  /** True once every indicator is decided (an in-thread evaluator only: shards never stop early). */
  readonly done: boolean;
  finish(): Promise<{ verdicts: TraceVerdict[]; count: number }>;
}

// FNV-1a over the key: a session always goes to the same shard, whatever its other messages.
function shardOf(key: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return h % shards;
}

/** The module a worker runs: the built file, or from sources (tests) TypeScript through tsx. */
async function workerFile(): Promise<string> {
  if (!import.meta.url.endsWith(".ts"))
    return new URL("./evaluate-worker.js", import.meta.url).href;
  const { createRequire } = await import("node:module");
  const { pathToFileURL } = await import("node:url");
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api")).href;
  const entry = new URL("./evaluate-worker.ts", import.meta.url).href;
  const source = `const ready = import(${JSON.stringify(tsx)}).then((m) => m.register()).then(() => import(${JSON.stringify(entry)}));
export default async (task) => (await ready).default(task);`;
  return `data:text/javascript;base64,${Buffer.from(source).toString("base64")}`;
}

/** Shards over `jobs` worker threads; `finish` merges their verdicts. */
export async function shardedSink(
  documents: Document[],
  jobs: number,
  source: string,
  cel: CelEvaluator | undefined,
): Promise<Sink> {
  const { default: Tinypool } = await import("tinypool");
  const pool = new Tinypool({ filename: await workerFile(), minThreads: jobs, maxThreads: jobs });
  const shards = Array.from({ length: jobs }, () => {
    const { port1, port2 } = new MessageChannel();
    const task: ShardTask = { documents, source, port: port2 };
    const result = pool.run(task, { transferList: [port2] }) as Promise<TraceVerdict[]>;
    result.catch(() => {}); // awaited (and its error thrown) by finish()
    const shard = { port: port1, result, batch: [] as TraceMessage[], inFlight: 0, wake: () => {} };
    port1.on("message", () => {
      shard.inFlight--;
      shard.wake();
    });
    return shard;
  });
  let count = 0;
  const send = (shard: (typeof shards)[number], m: ShardMessage) => shard.port.postMessage(m);
  const flush = async (shard: (typeof shards)[number]) => {
    send(shard, { kind: "batch", messages: JSON.stringify(shard.batch) });
    shard.batch = [];
    shard.inFlight++;
    // Backpressure: reading waits for a worker that falls behind, so memory stays bounded.
    while (shard.inFlight > IN_FLIGHT) await new Promise<void>((r) => (shard.wake = r));
  };
  return {
    done: false,
    push(message) {
      count++;
      const key = typeof message.session === "string" ? message.session : (message.actor ?? "");
      const shard = shards[shardOf(String(key), jobs)]!;
      shard.batch.push(message);
      if (shard.batch.length >= BATCH) return flush(shard);
    },
    fail(reason) {
      for (const shard of shards) {
        if (shard.batch.length > 0) void flush(shard);
        send(shard, { kind: "fail", reason });
      }
    },
    async finish() {
      try {
        for (const shard of shards) {
          if (shard.batch.length > 0)
            send(shard, { kind: "batch", messages: JSON.stringify(shard.batch) });
          send(shard, { kind: "end" });
        }
        const parts = await Promise.all(shards.map((s) => s.result));
        for (const shard of shards) shard.port.close();
        const merged = mergeVerdicts(documents, parts, { source, cel });
        // The parts are the workers' own verdicts of these documents: a refusal is a bug.
        if (!merged.ok) throw new Error(`merging the shards' verdicts: ${merged.error.message}`);
        return { verdicts: merged.value, count };
      } finally {
        await pool.destroy();
      }
    },
  };
}
