// Isolated mode (SDK §6.1, bound evaluation time; Node only, see index.ts): evaluation in a worker
// thread that is terminated when it overruns. The in-thread guards (guard.ts, meter.ts,
// limits.ts) bound the work but cannot preempt one builtin call or the parser; this bounds
// the wall-clock time and the memory of the evaluation outright. A spare worker, started and
// warmed up in advance, replaces a terminated one, so the next call does not wait for a cold
// start.
//
// CelEvaluator.evaluate is synchronous, so the caller's thread blocks on Atomics.wait until
// the worker signals through shared memory, then takes the reply with receiveMessageOnPort
// (its event loop cannot run while it waits). The worker runs its own in-thread evaluator,
// which normally reports the (deterministic) budget error itself; the hard kill at twice the
// clock backstop `timeoutMs` (plus 20 ms) is, like that backstop, a non-deterministic last
// resort for what it cannot interrupt.

import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import {
  MessageChannel,
  type MessagePort,
  receiveMessageOnPort,
  Worker,
} from "node:worker_threads";
import type { EvaluationError, Result, Value } from "@oatf/model";
import { evaluationError } from "@oatf/model/internal";
import type { Isolation } from "./evaluator.js";
import type { ResolvedOptions } from "./options.js";

/** Slots of the shared signal array. */
export const READY = 0;
export const DONE = 1;

const STARTUP_MS = 10_000;

export interface WorkerData {
  port: MessagePort;
  signal: Int32Array;
  options: ResolvedOptions;
}

export interface Request {
  expression: string;
  context: Record<string, Value>;
}

interface Running {
  worker: Worker;
  port: MessagePort;
  signal: Int32Array;
}

export function isolated(options: ResolvedOptions): Isolation {
  // Started eagerly, so that they can boot while the caller's event loop runs. The spare
  // replaces a terminated worker at once: the next call does not wait for a cold start.
  let running: Running = start(options);
  let spare: Running = start(options);
  const failure = (message: string) => ({
    ok: false as const,
    error: evaluationError("cel_error", message),
  });
  const stop = () => {
    void running.worker.terminate();
    running = spare;
    spare = start(options);
  };

  return {
    async ready() {
      const giveUp = performance.now() + STARTUP_MS;
      for (const { signal } of [running, spare]) {
        while (Atomics.load(signal, READY) === 0 && performance.now() < giveUp) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
    },

    evaluate(expression, context) {
      const { port, signal } = running;
      // Blocks only if the worker has not finished starting (see ready()).
      if (Atomics.wait(signal, READY, 0, STARTUP_MS) === "timed-out") {
        stop();
        return failure("the isolated CEL worker did not start");
      }
      Atomics.store(signal, DONE, 0);
      try {
        port.postMessage({ expression, context } satisfies Request);
      } catch (e) {
        return failure(
          `the context cannot be sent to the isolated worker: ${(e as Error).message}`,
        );
      }
      const hardLimit = options.timeoutMs * 2 + 20;
      if (Atomics.wait(signal, DONE, 0, hardLimit) === "timed-out") {
        stop();
        return failure(
          `evaluation exceeded the time limit of ${options.timeoutMs} ms (worker terminated after ${hardLimit} ms)`,
        );
      }
      // The worker posts its reply before it signals, so the reply is there. (A worker that
      // dies, out of memory for instance, never signals: the wait above times out.)
      return receiveMessageOnPort(port)!.message as Result<Value, EvaluationError>;
    },
  };
}

function start(options: ResolvedOptions): Running {
  const signal = new Int32Array(new SharedArrayBuffer(8));
  const { port1, port2 } = new MessageChannel();
  const fromSource = import.meta.url.endsWith(".ts");
  const script = fromSource ? sourceBootstrap() : new URL("./worker.js", import.meta.url);
  const worker = new Worker(script, {
    eval: fromSource,
    // The worker's evaluator is the in-thread one whatever `options.isolated` says.
    workerData: { port: port2, signal, options } satisfies WorkerData,
    transferList: [port2],
    resourceLimits: { maxOldGenerationSizeMb: options.isolatedMemoryMb },
  });
  // Neither the worker nor the port may keep the caller's process alive.
  worker.unref();
  port1.unref();
  // A dead worker is noticed on the next evaluation (it never signals); this only keeps
  // its error from becoming an uncaught exception.
  worker.on("error", () => {});
  return { worker, port: port1, signal };
}

/**
 * Running from sources (the tests do), the worker is TypeScript too. Node 20 does not apply
 * `--import tsx` to a worker's entry, so a small script registers tsx and then imports it.
 */
function sourceBootstrap(): string {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api")).href;
  const entry = new URL("./worker.ts", import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then((m) => m.register()).then(() => import(${JSON.stringify(entry)}))`;
}
