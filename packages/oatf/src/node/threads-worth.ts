// Whether `--jobs N` threads repay what they cost for a trace of a known size (issue 32:
// never slower than `--jobs 1`). A worker adds CPU whatever the trace: its own Node
// bootstrap, modules, CEL and compiled documents, and V8 warming up and optimizing the hot
// code once more for its isolate (about 1.3 s of CPU in all on the jobs bench, 2 cores; a
// thread evaluates about 16 MB of the bench's JSON Lines per second).
//
// When every core runs an evaluating thread, V8's compiler and GC threads (about 0.4 of a
// core beside each evaluating one) share those cores, so the run is bound by its total CPU:
// a worker pays off only from about 128 MB of trace each. Measured on 2 quiet cores (jobs
// bench, 500 sessions): 72 MB sharded took 0.95x and 0.85x the speed of one thread on two
// days (two threads needed 1.65x its CPU), 144 MB 1.09x (1.43x the CPU). With a core to
// spare, only the longest thread counts and a worker pays off from a few megabytes.
import { availableParallelism } from "node:os";

const MB = 1024 * 1024;
/** Trace bytes per worker when the threads take every core. */
const BUSY_CORES_BYTES = 128 * MB;
/** Trace bytes per worker with a core left for V8's own threads. */
const SPARE_CORE_BYTES = 4 * MB;

/**
 * The threads `--jobs N` runs on `cores` cores: never more than the cores, since threads past
 * them only share them while each costs its start and warm-up (on 2 cores, `--jobs 4` sharded
 * by document ran at 0.83x one thread); with why, when fewer than asked.
 */
export function threadsFor(
  jobs: number,
  cores = availableParallelism(),
): { threads: number; fewer?: string } {
  if (jobs <= cores) return { threads: jobs };
  const threads = Math.max(1, cores);
  return {
    threads,
    fewer: `${threads === 1 ? "one thread" : `${threads} threads`}, one a core (the machine has ${cores}: more threads would only share them)`,
  };
}

/**
 * Why a trace of `bytes` is better read in one thread than in `jobs` on `cores` cores, or
 * `undefined` when the threads pay off. A trace of unknown size (a pipe) is sharded only with
 * a core to spare: when the threads take every core, they repay their start only from
 * megabytes a pipe may never hold (on 2 cores, standard input sharded by document ran at
 * 0.84x one thread, by session at 1.00x).
 */
export function tooSmallForThreads(
  jobs: number,
  bytes: number | undefined,
  cores = availableParallelism(),
): string | undefined {
  const busy = jobs >= cores;
  if (bytes === undefined && !busy) return undefined;
  const needed = (jobs - 1) * (busy ? BUSY_CORES_BYTES : SPARE_CORE_BYTES);
  if (bytes !== undefined && bytes >= needed) return undefined;
  const where = busy ? `on ${cores} cores, ` : "";
  const size = `${Math.round(needed / MB)} MB`;
  if (bytes === undefined)
    return `${where}threads repay what they cost to start and warm up only from ${size} of trace, and the size of a pipe is not known (a file that size is sharded)`;
  return `${where}a trace under ${size} is read sooner by one thread (what ${jobs - 1 === 1 ? "a worker costs" : "workers cost"} to start and warm up is more than ${jobs - 1 === 1 ? "its" : "their"} share saves)`;
}

// The cost model that chooses between sharding by session and by document (shard-plan.ts),
// in CPU milliseconds (the process's: V8's compiler and GC threads included) per MB of trace,
// measured with the CLI on the jobs bench (its 64 documents, 192 indicators, over 100k and
// 300k messages of one session, 24 and 72 MB; `--jobs 1` against `--jobs 2` by document):
// evaluating costs ~49 ms/MB past the first MBs, of which reading (decoding, parsing) ~12;
// each worker reading every line again adds ~20 ms/MB (its reading, this thread's cutting and
// sending, their garbage) and ~350 ms whatever the size. Only the evaluation is shared.
const READ_MS_PER_MB = 12;
const ROUTE_MS_PER_MB = 8;
const INDICATOR_MS_PER_MB = 37 / 192;
/** Cores one evaluating thread keeps busy, its V8 compiler and GC threads included. */
const HELPERS = 1.4;
/**
 * CPU a worker adds whatever the trace: its Node bootstrap and modules (~50 ms), CEL when its
 * documents have expressions (~75 ms), its documents compiled and V8 warming up the hot code
 * again for its isolate; and the wall time it adds when a core is spare (its start overlaps
 * checking the documents).
 */
const WORKER_CPU_MS = 350;
const WORKER_WALL_MS = 150;

const evaluation = (weights: readonly number[]) =>
  weights.reduce((sum, w) => sum + w * INDICATOR_MS_PER_MB, 0);

/**
 * The longest thread (ms per MB) when sharded by session with these shares of the lines, and
 * whether it is shorter than one thread reading everything.
 */
export function sessionCosts(
  jobs: number,
  shares: readonly number[],
  weights: readonly number[],
): { longest: number; shortens: boolean } {
  const serial = READ_MS_PER_MB + evaluation(weights);
  const loads = shares.map((share) => share * serial);
  loads[0]! += ROUTE_MS_PER_MB * (1 - shares[0]!);
  const longest = Math.max(...loads);
  return { longest, shortens: jobs > 1 && longest < 0.9 * serial };
}

export interface DocumentCosts {
  /** The thread (0: this one) of each document. */
  threadOf: number[];
  /** The longest thread, ms per MB. */
  longest: number;
  /** Why it does not repay the workers, or undefined when it does. */
  worth: string | undefined;
}

/**
 * Documents given to threads, heaviest first each to the thread it lengthens least (this one
 * starts with sending every line to every worker; a thread's first document adds reading the
 * trace), and whether that repays the workers for a trace of `bytes` on `cores` cores.
 */
export function documentCosts(
  jobs: number,
  weights: readonly number[],
  bytes: number | undefined,
  cores: number,
): DocumentCosts {
  const loads = Array.from({ length: jobs }, (_, t) =>
    t === 0 ? ROUTE_MS_PER_MB * (jobs - 1) : 0,
  );
  const used = new Array<boolean>(jobs).fill(false);
  const threadOf = new Array<number>(weights.length).fill(0);
  const order = weights.map((_, d) => d).sort((a, b) => weights[b]! - weights[a]! || a - b);
  for (const d of order) {
    const cost = weights[d]! * INDICATOR_MS_PER_MB;
    const after = (t: number) => loads[t]! + cost + (used[t] ? 0 : READ_MS_PER_MB);
    let best = 0;
    for (let t = 1; t < jobs; t++) if (after(t) < after(best)) best = t;
    loads[best] = after(best);
    used[best] = true;
    threadOf[d] = best;
  }
  const longest = Math.max(...loads);
  const workers = used.filter((u, t) => u && t > 0).length;
  const total = loads.reduce((a, b) => a + b, 0);
  const worth = documentsWorth({
    serial: READ_MS_PER_MB + evaluation(weights),
    longest,
    total,
    workers,
    bytes,
    cores,
    jobs,
  });
  return { threadOf, longest, worth };
}

/** Why sharding by document does not repay its workers (undefined: it does). */
function documentsWorth(c: {
  serial: number;
  longest: number;
  total: number;
  workers: number;
  bytes: number | undefined;
  cores: number;
  jobs: number;
}): string | undefined {
  if (c.bytes === undefined) return undefined; // a size not known (a pipe): sharded
  // The trace size (MB) from which the threads are done sooner than one thread: bound by the
  // longest thread, and by their CPU time spread over every core.
  const from = (fixed: number, gain: number) =>
    gain > 0 ? fixed / gain : Number.POSITIVE_INFINITY;
  const needed = Math.max(
    from(WORKER_WALL_MS, (c.serial - c.longest) / HELPERS),
    from((c.workers * WORKER_CPU_MS) / c.cores, c.serial / HELPERS - c.total / c.cores),
  );
  if (c.bytes / MB >= needed && c.longest < c.serial) return undefined;
  const where = c.jobs >= c.cores ? `on ${c.cores} cores, ` : "";
  const size = Number.isFinite(needed) ? `under ${Math.ceil(needed)} MB ` : "";
  return `${where}sharding a trace ${size}by document costs more than it saves (every thread reads every line; a worker costs ${WORKER_CPU_MS} ms of CPU to start and warm up)`;
}
