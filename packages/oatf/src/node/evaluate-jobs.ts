// Parallel evaluation of a trace (issue 24 §3, issue 32 §5; `oatf evaluate --jobs N`), a
// Node-only library function (`oatf/node`: worker threads, and the default CEL evaluator a
// worker loads when its documents have expressions): N threads, this one and N - 1 workers
// (tinypool). This thread decodes the trace and cuts it into lines (no parsing); from the
// first lines it picks how to split them (shard-plan.ts):
// - by session: each raw line goes to the thread of its session key (`shardKey`). This
//   thread reads and evaluates shard 0 itself, as the lines come, and each worker one other
//   shard: a worker costs a second copy of the modules, the compiled documents and the
//   optimized code, so this thread works rather than waits. The shards' verdicts are combined
//   by `mergeVerdicts`, earliest position (trace line) first, and their diagnostics put back
//   in line order, so the report is that of one evaluation of the whole trace;
// - by document (one session, several documents): every line goes to every thread, each
//   evaluating some of the documents; their verdicts are put back in the documents' order,
//   and the line count and diagnostics are one thread's (every thread reads the same lines).
//
// Only OATF JSON Lines is sharded: each of its lines is a message by itself. Readers of the
// other formats keep state across lines per connection (JSON-RPC request/response
// correlation, AG-UI events, a HAR's entries), which a line's own fields do not always name;
// such a trace is evaluated in this thread, and the caller says so.
import { availableParallelism } from "node:os";
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { mergeVerdicts, type TraceVerdict } from "@oatf/evaluate";
import type { CelEvaluator, Diagnostic, Document } from "@oatf/model";
import {
  DEFAULT_MAX_LINE_LENGTH,
  LineSplitter,
  type SourceLine,
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
import { bucketThreads, planShards, sessionThread } from "./shard-plan.js";

/** Text (UTF-16 code units) of the lines sent to a worker at once. */
const BATCH_TEXT = 128 * 1024;
/** Batches a worker may have unacknowledged before reading waits for it (bounds memory). */
const IN_FLIGHT = 16;
/** The most threads `--jobs` may ask for. */
export const MAX_JOBS = 64;
/** The first lines the sharding is chosen from (shard-plan.ts): so many, or so much text. */
const SAMPLE_LINES = 1024;
const SAMPLE_TEXT = 1024 * 1024;

/** A piece of the trace: text, or UTF-8 bytes. */
export type Chunk = Uint8Array | string;

/**
 * What a threaded evaluation gives: the verdicts one evaluator in one thread would give
 * (`sharded`), or why the trace was not sharded (`serial`: evaluate it in this thread).
 */
export type ThreadedEvaluation =
  | {
      kind: "sharded";
      /** How the trace was split between the threads. */
      by: "session" | "document";
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

/** Lines gathered to be sent at once. */
interface Batch {
  texts: string[];
  numbers: number[];
  size: number;
}

const emptyBatch = (): Batch => ({ texts: [], numbers: [], size: 0 });

/** A worker as this thread sees it: its port, its result and the lines not yet sent. */
interface Shard {
  port: MessagePort;
  result: Promise<ShardResult>;
  /** Its lines not yet sent (by session: each shard has its own). */
  batch: Batch;
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
  /**
   * The trace's size in bytes when known (a file): whether sharding it by document repays
   * the workers (unknown: it is sharded).
   */
  bytes?: number;
}

/**
 * Evaluates an OATF JSON Lines trace in the threads of `workers` (this one and
 * `workers.jobs - 1` workers) over `documents` (normalized and valid), sharded by session,
 * or by document when its first lines are of one session (or too few to balance); any other
 * format, or a trace neither way shortens, is handed back (`serial`) to be evaluated in this
 * thread.
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
    head: [],
    ended: false,
    error: {},
  };
  // The format: given, else told from the first lines as the reader tells it.
  if (options.format === undefined) {
    const told = await tellFormat(reading, documents);
    if (told !== undefined) return told;
  }
  await readSample(reading);
  const plan = planShards({
    jobs: workers.jobs,
    documents,
    sample: reading.pending,
    bytes: options.bytes,
    cores: availableParallelism(),
  });
  if (plan.by === "none") {
    const rest = again(reading.head, reading.chunks, reading.error);
    return { kind: "serial", reason: plan.reason, source: rest };
  }
  reading.head = []; // read from here on as it comes
  return plan.by === "session"
    ? await bySession(workers, documents, reading, options)
    : await byDocument(workers, documents, plan.threadOf, reading, options);
}

/** The trace as far as it was read: the lines cut and not yet routed. */
interface Reading {
  chunks: AsyncIterator<Chunk>;
  cut: Lines;
  pending: SourceLine[];
  /** The chunks read before the sharding was chosen (read again if the trace is not sharded). */
  head: Chunk[];
  /** The source ended (or failed: `error`) before the lines were routed. */
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
  const { chunks, cut, pending, head, error } = reading;
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
 * Reads on (the lines stay pending) until the first lines are enough to choose the sharding
 * from, or the trace ends; a source that fails here is said to the threads as later.
 */
async function readSample(reading: Reading): Promise<void> {
  const { chunks, cut, pending, head } = reading;
  let text = 0;
  for (const line of pending) text += line.text.length;
  try {
    while (!reading.ended && pending.length < SAMPLE_LINES && text < SAMPLE_TEXT) {
      const next = await chunks.next();
      if (next.done === true) {
        reading.ended = true;
        cut.end(pending);
        return;
      }
      head.push(next.value);
      const from = pending.length;
      cut.push(next.value, pending);
      for (let i = from; i < pending.length; i++) text += pending[i]!.text.length;
    }
  } catch (thrown) {
    reading.error.thrown = thrown;
    reading.ended = true;
  }
}

/** Starts a worker's task: it compiles its documents, then reads the lines as they come. */
function startShard(workers: EvaluationThreads, task: Omit<ShardTask, "port">): Shard {
  const { port1, port2 } = new MessageChannel();
  const result = runners.get(workers)!({ ...task, port: port2 }, [port2]);
  const shard: Shard = {
    port: port1,
    result,
    batch: emptyBatch(),
    inFlight: 0,
    wake: () => {},
  };
  port1.on("message", () => {
    shard.inFlight--;
    shard.wake();
  });
  // Awaited (and its error thrown) by the caller; a worker that died acknowledges nothing more.
  result.catch(() => {
    shard.dead = true;
    shard.wake();
  });
  return shard;
}

/** Adds a line to a batch; whether the batch is full. */
function gather(batch: Batch, number: number, text: string): boolean {
  batch.numbers.push(number);
  batch.texts.push(text);
  batch.size += text.length + 1;
  return batch.size >= BATCH_TEXT;
}

/** Sends the shards a batch; reading waits for a worker that falls behind. */
async function flush(batch: Batch, to: readonly Shard[]): Promise<void> {
  const text = batch.texts.join("\n");
  for (const shard of to) {
    const numbers = Int32Array.from(batch.numbers);
    const lines: ShardLines = { kind: "lines", text, numbers };
    shard.port.postMessage(lines, [numbers.buffer]);
    shard.inFlight++;
  }
  batch.texts = [];
  batch.numbers = [];
  batch.size = 0;
  for (const shard of to)
    while (shard.inFlight > IN_FLIGHT && !shard.dead)
      await new Promise<void>((r) => (shard.wake = r));
}

/** Where the lines go: this thread's reader (if it reads any) and the workers. */
interface Router {
  /** Routes the lines (and empties the array). */
  route(lines: SourceLine[]): Promise<void>;
  /** Sends what is gathered. */
  finish(): void;
  local: ShardReader | undefined;
  shards: readonly Shard[];
}

/** A line's number as sent: negative for a line too long to read (its text was dropped). */
const numbered = (line: SourceLine) => (line.tooLong === true ? -line.line : line.line);

/**
 * Routes the lines to the threads as they are read until the source ends (or fails: said in
 * `reading.error`); then every thread is told the trace ended.
 */
async function routeLines(reading: Reading, router: Router): Promise<void> {
  const { chunks, cut, pending, error } = reading;
  await router.route(pending);
  if (!reading.ended) {
    try {
      for (;;) {
        const next = await chunks.next();
        if (next.done === true) break;
        cut.push(next.value, pending);
        await router.route(pending);
      }
      cut.end(pending);
      await router.route(pending);
    } catch (thrown) {
      error.thrown = thrown;
    }
  }
  router.finish();
  const { local, shards } = router;
  if ("thrown" in error) {
    const thrown = error.thrown as Error | undefined;
    const reason = `the trace could not be read: ${thrown?.message ?? String(thrown)}`;
    local?.fail(reason);
    for (const shard of shards) shard.port.postMessage({ kind: "fail", reason });
  }
  for (const shard of shards) shard.port.postMessage({ kind: "end" });
}

/** Sharded by session: each line to the thread of its session (this one reads shard 0). */
async function bySession(
  workers: EvaluationThreads,
  documents: Document[],
  reading: Reading,
  options: ThreadedOptions,
): Promise<ThreadedEvaluation> {
  const task = { documents, source: options.source };
  const shards = Array.from({ length: workers.jobs - 1 }, () => startShard(workers, task));
  try {
    const local = shardReader(documents, options.source, options.cel);
    const threads = bucketThreads(workers.jobs);
    const route = async (lines: SourceLine[]) => {
      for (const line of lines) {
        const index = sessionThread(threads, line);
        if (index === 0) local.line(numbered(line), line.text);
        else {
          const shard = shards[index - 1]!;
          if (gather(shard.batch, numbered(line), line.text)) await flush(shard.batch, [shard]);
        }
      }
      lines.length = 0;
    };
    const finish = () => {
      for (const shard of shards) if (shard.batch.size > 0) void flush(shard.batch, [shard]);
    };
    await routeLines(reading, { route, finish, local, shards });
    return await mergeSessions(local, shards, documents, reading.error, options);
  } finally {
    for (const shard of shards) shard.port.close();
  }
}

/** The shards' verdicts merged, and their diagnostics put back in trace order. */
async function mergeSessions(
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
  return sharded("session", merged.value, count, diagnostics, error);
}

/**
 * Sharded by document: every line to every thread that has documents, each evaluating its
 * own; the verdicts put back in the documents' order. The first thread with documents reports
 * the lines' count and diagnostics (every thread reads the same lines).
 */
async function byDocument(
  workers: EvaluationThreads,
  documents: Document[],
  threadOf: readonly number[],
  reading: Reading,
  options: ThreadedOptions,
): Promise<ThreadedEvaluation> {
  const own = Array.from({ length: workers.jobs }, (_, t) =>
    documents.filter((_, d) => threadOf[d] === t),
  );
  const reporter = own.findIndex((list) => list.length > 0);
  const working = own.flatMap((list, t) => (t > 0 && list.length > 0 ? [t] : []));
  const shards = working.map((t) =>
    startShard(workers, {
      documents: own[t]!,
      source: options.source,
      diagnostics: t === reporter,
    }),
  );
  try {
    const local =
      own[0]!.length > 0 ? shardReader(own[0]!, options.source, options.cel) : undefined;
    const batch = emptyBatch();
    const route = async (lines: SourceLine[]) => {
      for (const line of lines) {
        local?.line(numbered(line), line.text);
        if (gather(batch, numbered(line), line.text)) await flush(batch, shards);
      }
      lines.length = 0;
    };
    const finish = () => void (batch.size > 0 ? flush(batch, shards) : undefined);
    await routeLines(reading, { route, finish, local, shards });
    const results = new Map<number, ShardResult>();
    if (local !== undefined) results.set(0, local.end());
    const done = await Promise.all(shards.map((s) => s.result));
    for (const [i, t] of working.entries()) results.set(t, done[i]!);
    // Each thread's verdicts are of its documents, in their order.
    const next = new Array<number>(workers.jobs).fill(0);
    const verdicts = threadOf.map((t) => results.get(t)!.verdicts[next[t]!++]!);
    const { count, diagnostics } = results.get(reporter)!;
    return sharded(
      "document",
      verdicts,
      count,
      diagnostics.map((d) => d.diagnostic),
      reading.error,
    );
  } finally {
    for (const shard of shards) shard.port.close();
  }
}

function sharded(
  by: "session" | "document",
  verdicts: TraceVerdict[],
  count: number,
  diagnostics: Diagnostic[],
  error: { thrown?: unknown },
): ThreadedEvaluation {
  return {
    kind: "sharded",
    by,
    verdicts,
    count,
    diagnostics,
    ...("thrown" in error ? { readError: error.thrown } : {}),
  };
}

const stateful = (format: TraceFormat) =>
  `a ${format} trace is read with state kept across its lines (per connection), which its lines' own fields do not always name`;
