// Parallel evaluation of a trace (issue 24 §3; `oatf evaluate --jobs N`), a Node-only library
// function (`oatf/node`: worker threads, and the default CEL evaluator each worker loads):
// N threads, this one and N - 1 workers (tinypool).
// This thread decodes the trace, cuts it into lines and routes each raw line to a shard by
// its session key (`shardKey`: no parsing). It reads and evaluates shard 0 itself, as the
// lines come, and each worker one other shard, over the normalized documents compiled once
// per thread: a worker costs a second copy of the modules, the compiled documents and the
// optimized code, so this thread works rather than waits. The shards' verdicts are combined
// by `mergeVerdicts`, earliest position (trace line) first, and their diagnostics put back in
// line order, so the report is that of one evaluation of the whole trace.
//
// Only OATF JSON Lines is sharded: each of its lines is a message by itself. Readers of the
// other formats keep state across lines per connection (JSON-RPC request/response
// correlation, AG-UI events, a HAR's entries), which a line's own fields do not always name;
// such a trace is evaluated in this thread, and the caller says so.
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { mergeVerdicts, type TraceVerdict } from "@oatf/evaluate";
import type { CelEvaluator, Diagnostic, Document } from "@oatf/model";
import {
  DEFAULT_MAX_LINE_LENGTH,
  LineSplitter,
  type SourceLine,
  shardKey,
  shardOf,
  TraceDecoder,
  type TraceFormat,
  type TraceRecord,
} from "@oatf/trace";
import {
  type ShardLines,
  type ShardReader,
  type ShardResult,
  type ShardTask,
  shardReader,
} from "./evaluate-worker.js";

/** Text (UTF-16 code units) of the lines sent to a worker at once. */
const BATCH_TEXT = 128 * 1024;
/** Batches a worker may have unacknowledged before reading waits for it (bounds memory). */
const IN_FLIGHT = 16;
/** The most threads `--jobs` may ask for. */
export const MAX_JOBS = 64;
/** Session keys are hashed into this many buckets, each evaluated by one thread. */
const BUCKETS = 1024;
/**
 * What cutting, keying and sending a line costs this thread, as a share of evaluating it
 * (measured on the bench trace: about a sixth). This thread takes that much less of the
 * evaluation, and none of it from 8 threads on, when routing is all it can do.
 */
const ROUTING_COST = 0.16;

/**
 * The thread (0: this one) of each bucket. Fixed by `jobs` alone, never by load, so that
 * which thread reads a session (and each shard's counts) is the same on every run.
 */
export function bucketThreads(jobs: number): Uint8Array {
  const own = Math.floor(BUCKETS * Math.max(0, (1 - (jobs - 1) * ROUTING_COST) / jobs));
  return Uint8Array.from({ length: BUCKETS }, (_, b) =>
    b < own ? 0 : 1 + ((b - own) % (jobs - 1)),
  );
}

/** A piece of the trace: text, or UTF-8 bytes. */
export type Chunk = Uint8Array | string;

/**
 * What a threaded evaluation gives: the verdicts one evaluator in one thread would give
 * (`sharded`), or why the trace was not sharded (`serial`: evaluate it in this thread).
 */
export type ThreadedEvaluation =
  | {
      kind: "sharded";
      verdicts: TraceVerdict[];
      count: number;
      /** The reader's diagnostics, in trace order. */
      diagnostics: Diagnostic[];
      /** The source failed while being read (the shards were told: their verdicts say so). */
      readError?: unknown;
    }
  | {
      kind: "serial";
      /** Why the trace was not sharded. */
      reason: string;
      /** The source as it was given: what was read of it to tell its format comes again. */
      source: AsyncIterable<Chunk>;
    };

/** The trace's lines, cut by the readers' one line splitter from the chunks as they come. */
class Lines {
  // A byte-order mark is left in the text, for the splitter to drop, as readTrace does.
  readonly #text = new TextDecoder("utf-8", { ignoreBOM: true });
  readonly #lines = new LineSplitter(DEFAULT_MAX_LINE_LENGTH);

  push(chunk: Chunk, out: SourceLine[]): void {
    const text = typeof chunk === "string" ? chunk : this.#text.decode(chunk, { stream: true });
    for (const line of this.#lines.push(text)) out.push(line);
  }

  end(out: SourceLine[]): void {
    const rest = this.#text.decode();
    if (rest !== "") this.push(rest, out);
    for (const line of this.#lines.end()) out.push(line);
  }
}

/** The source again: the chunks already read, then the rest (or the error reading it gave). */
async function* again(
  head: Chunk[],
  rest: AsyncIterator<Chunk>,
  error: { thrown?: unknown },
): AsyncGenerator<Chunk> {
  yield* head;
  if ("thrown" in error) throw error.thrown;
  for (;;) {
    const next = await rest.next();
    if (next.done === true) return;
    yield next.value;
  }
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

/** The worker threads of one run: started early, given a shard each, destroyed by the caller. */
export interface EvaluationThreads {
  /** The threads at work: this one and the workers. */
  readonly jobs: number;
  destroy(): Promise<void>;
}

type RunShard = (task: ShardTask, transfer: MessagePort[]) => Promise<ShardResult>;

/** How each run's workers are given a shard (kept off the public `EvaluationThreads`). */
const runners = new WeakMap<EvaluationThreads, RunShard>();
/**
 * Starts the `jobs - 1` worker threads and has each load its modules now, so that starting
 * them overlaps reading and checking the documents (a warm-up task: one per idle worker).
 */
export async function startEvaluationThreads(jobs: number): Promise<EvaluationThreads> {
  const { default: Tinypool } = await import("tinypool");
  const threads = jobs - 1;
  const pool = new Tinypool({
    filename: await workerFile(),
    minThreads: threads,
    maxThreads: threads,
  });
  const warm = Promise.all(Array.from({ length: threads }, () => pool.run(null)));
  warm.catch(() => {}); // a worker that cannot load fails its shard's task too
  const threadsOfRun: EvaluationThreads = { jobs, destroy: () => pool.destroy() };
  runners.set(
    threadsOfRun,
    (task, transfer) => pool.run(task, { transferList: transfer }) as Promise<ShardResult>,
  );
  return threadsOfRun;
}

/** A worker as this thread sees it: its port, its result and the lines not yet sent. */
interface Shard {
  port: MessagePort;
  result: Promise<ShardResult>;
  texts: string[];
  numbers: number[];
  size: number;
  inFlight: number;
  wake: () => void;
  /** Its task failed: nothing waits for it. */
  dead?: boolean;
}

export interface ThreadedOptions {
  /** Verdict `source`. */
  source: string;
  /** The CEL evaluator of this thread (each worker loads the default one when needed). */
  cel: CelEvaluator | undefined;
  /** The trace format (default: told from the first lines, as `readTrace` tells it). */
  format?: TraceFormat;
}

/**
 * Evaluates an OATF JSON Lines trace in the threads of `workers` (this one and
 * `workers.jobs - 1` workers), sharded by session, over `documents` (normalized and valid);
 * any other format is handed back (`serial`) to be evaluated in this thread.
 */
export async function evaluateInThreads(
  workers: EvaluationThreads,
  documents: Document[],
  source: AsyncIterable<Chunk>,
  options: ThreadedOptions,
): Promise<ThreadedEvaluation> {
  if (options.format !== undefined && options.format !== "oatf")
    return { kind: "serial", reason: stateful(options.format), source };
  const reading: Reading = {
    chunks: source[Symbol.asyncIterator](),
    cut: new Lines(),
    pending: [],
    ended: false,
    error: {},
  };
  // The format: given, else told from the first lines as the reader tells it.
  if (options.format === undefined) {
    const told = await tellFormat(reading, documents);
    if (told !== undefined) return told;
  }
  const shards = startShards(workers, documents, options.source);
  try {
    const local = shardReader(documents, options.source, options.cel);
    await routeLines(local, shards, reading);
    return await mergeShards(local, shards, documents, reading.error, options);
  } finally {
    for (const shard of shards) shard.port.close();
  }
}

/** The trace as far as it was read: the lines cut and not yet routed. */
interface Reading {
  chunks: AsyncIterator<Chunk>;
  cut: Lines;
  pending: SourceLine[];
  /** The source ended while the format was told. */
  ended: boolean;
  /** What reading the source threw, if it did. */
  error: { thrown?: unknown };
}

/**
 * Reads the first lines until the reader tells the format (the lines stay pending); the trace
 * handed back to be read in one thread when it is not OATF JSON Lines (or cannot be told).
 */
async function tellFormat(
  reading: Reading,
  documents: Document[],
): Promise<ThreadedEvaluation | undefined> {
  const { chunks, cut, pending, error } = reading;
  const head: Chunk[] = [];
  const detector = new TraceDecoder({ documents });
  const scratch: TraceRecord[] = [];
  try {
    while (detector.format === undefined && !detector.stopped) {
      const next = await chunks.next();
      if (next.done === true) {
        reading.ended = true;
        cut.end(pending);
        for (const line of pending) detector.line(line, scratch);
        detector.end(scratch);
        break;
      }
      head.push(next.value);
      const from = pending.length;
      cut.push(next.value, pending);
      for (let i = from; i < pending.length && detector.format === undefined; i++)
        detector.line(pending[i]!, scratch);
      scratch.length = 0;
    }
  } catch (thrown) {
    error.thrown = thrown;
  }
  const format = detector.format;
  if (format === "oatf" && !("thrown" in error)) return undefined;
  const why =
    "thrown" in error
      ? "the trace could not be read while telling its format"
      : format === undefined
        ? "the trace's format could not be told"
        : stateful(format);
  return { kind: "serial", reason: why, source: again(head, chunks, error) };
}

/**
 * Gives each worker its shard (it compiles the documents as the lines come); shard 0 is this
 * thread's.
 */
function startShards(workers: EvaluationThreads, documents: Document[], source: string): Shard[] {
  return Array.from({ length: workers.jobs - 1 }, () => {
    const { port1, port2 } = new MessageChannel();
    const task: ShardTask = { documents, source, port: port2 };
    const result = runners.get(workers)!(task, [port2]);
    const shard: Shard = {
      port: port1,
      result,
      texts: [],
      numbers: [],
      size: 0,
      inFlight: 0,
      wake: () => {},
    };
    port1.on("message", () => {
      shard.inFlight--;
      shard.wake();
    });
    // Awaited (and its error thrown) below; a worker that died acknowledges nothing more.
    result.catch(() => {
      shard.dead = true;
      shard.wake();
    });
    return shard;
  });
}

/** Sends a shard the lines gathered for it; reading waits for a worker that falls behind. */
async function flush(shard: Shard): Promise<void> {
  const numbers = Int32Array.from(shard.numbers);
  const batch: ShardLines = { kind: "lines", text: shard.texts.join("\n"), numbers };
  shard.port.postMessage(batch, [numbers.buffer]);
  shard.texts = [];
  shard.numbers = [];
  shard.size = 0;
  shard.inFlight++;
  while (shard.inFlight > IN_FLIGHT && !shard.dead)
    await new Promise<void>((r) => (shard.wake = r));
}

/**
 * Routes the lines to the shards as they are read (shard 0 read here, at once) by their
 * session key, until the source ends (or fails: said in `reading.error`); then every shard is
 * told the trace ended.
 */
async function routeLines(local: ShardReader, shards: Shard[], reading: Reading): Promise<void> {
  const { chunks, cut, pending, ended, error } = reading;
  const threads = bucketThreads(shards.length + 1);
  const route = async (lines: SourceLine[]) => {
    for (const { line, text, tooLong } of lines) {
      const index = threads[shardOf(tooLong === true ? "" : shardKey(text), BUCKETS)]!;
      // A line too long to read goes as a negative number (its text was dropped).
      const number = tooLong === true ? -line : line;
      if (index === 0) {
        local.line(number, text);
        continue;
      }
      const shard = shards[index - 1]!;
      shard.numbers.push(number);
      shard.texts.push(text);
      shard.size += text.length + 1;
      if (shard.size >= BATCH_TEXT) await flush(shard);
    }
    lines.length = 0;
  };
  await route(pending);
  if (!ended) {
    try {
      for (;;) {
        const next = await chunks.next();
        if (next.done === true) break;
        cut.push(next.value, pending);
        await route(pending);
      }
      cut.end(pending);
      await route(pending);
    } catch (thrown) {
      error.thrown = thrown;
    }
  }
  for (const shard of shards) if (shard.numbers.length > 0) void flush(shard);
  if ("thrown" in error) {
    const thrown = error.thrown as Error | undefined;
    const reason = `the trace could not be read: ${thrown?.message ?? String(thrown)}`;
    local.fail(reason);
    for (const shard of shards) shard.port.postMessage({ kind: "fail", reason });
  }
  for (const shard of shards) shard.port.postMessage({ kind: "end" });
}

/** The shards' verdicts merged, and their diagnostics put back in trace order. */
async function mergeShards(
  local: ShardReader,
  shards: Shard[],
  documents: Document[],
  error: { thrown?: unknown },
  options: { source: string; cel: CelEvaluator | undefined },
): Promise<ThreadedEvaluation> {
  const parts = [local.end(), ...(await Promise.all(shards.map((s) => s.result)))];
  const merged = mergeVerdicts(
    documents,
    parts.map((p) => p.verdicts),
    { source: options.source, cel: options.cel },
  );
  // The parts are the workers' own verdicts of these documents: a refusal is a bug.
  if (!merged.ok) throw new Error(`merging the shards' verdicts: ${merged.error.message}`);
  // Each line was read by one shard: its diagnostics, merged by line, are in trace order.
  const diagnostics = parts
    .flatMap((p) => p.diagnostics)
    .sort((a, b) => a.line - b.line)
    .map((d) => d.diagnostic);
  const count = parts.reduce((sum, p) => sum + p.count, 0);
  return {
    kind: "sharded",
    verdicts: merged.value,
    count,
    diagnostics,
    ...("thrown" in error ? { readError: error.thrown } : {}),
  };
}

const stateful = (format: TraceFormat) =>
  `a ${format} trace is read with state kept across its lines (per connection), which its lines' own fields do not always name`;
