// Whether `--jobs N` threads repay what they cost for a trace of a known size (issue 32:
// never slower than `--jobs 1`). A worker adds CPU whatever the trace: its own Node
// bootstrap, modules, CEL and compiled documents, and V8 warming up and optimizing the hot
// code once more for its isolate (about 1.3 s of CPU in all on the jobs bench, 2 cores; a
// thread evaluates about 16 MB of the bench's JSON Lines per second).
//
// When every core runs an evaluating thread, V8's compiler and GC threads (about 0.4 of a
// core beside each evaluating one) share those cores, so the run is bound by its total CPU:
// a worker pays off only from about 30 MB of trace each (24 MB, the bench's 100k messages,
// is below it: 0.9-1.0x at best on 2 cores). With a core to spare, only the longest thread
// counts and a worker pays off from a few megabytes.
import { availableParallelism } from "node:os";

const MB = 1024 * 1024;
/** Trace bytes per worker when the threads take every core. */
const BUSY_CORES_BYTES = 32 * MB;
/** Trace bytes per worker with a core left for V8's own threads. */
const SPARE_CORE_BYTES = 4 * MB;

/**
 * Why a trace of `bytes` is better read in one thread than in `jobs` on `cores` cores, or
 * `undefined` when the threads pay off; a trace of unknown size (a pipe) is sharded.
 */
export function tooSmallForThreads(
  jobs: number,
  bytes: number | undefined,
  cores = availableParallelism(),
): string | undefined {
  if (bytes === undefined) return undefined;
  const busy = jobs >= cores;
  const needed = (jobs - 1) * (busy ? BUSY_CORES_BYTES : SPARE_CORE_BYTES);
  if (bytes >= needed) return undefined;
  const where = busy ? `on ${cores} cores, ` : "";
  return `${where}a trace under ${Math.round(needed / MB)} MB is read sooner by one thread (what ${jobs - 1 === 1 ? "a worker costs" : "workers cost"} to start and warm up is more than ${jobs - 1 === 1 ? "its" : "their"} share saves)`;
}
