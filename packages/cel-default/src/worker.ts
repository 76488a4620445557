// The worker side of isolated mode (isolated.ts): an in-thread evaluator answering requests.
import { workerData } from "node:worker_threads";
import { createEvaluator } from "./evaluator.js";
import { DONE, READY, type Request, type WorkerData } from "./isolated.js";

const { port, signal, options } = workerData as WorkerData;
const cel = createEvaluator(options);

port.on("message", ({ expression, context }: Request) => {
  port.postMessage(cel.evaluate(expression, context));
  Atomics.store(signal, DONE, 1);
  Atomics.notify(signal, DONE);
});

// Warm up before announcing readiness, so that the first call does not pay for compiling
// the parser and evaluator code (tens of milliseconds, a timeout under a tight limit).
cel.evaluate("[1, 2].exists(x, x > 1 && 'ab'.contains('b') && {'k': x}.k + 1 == 3)", {});
Atomics.store(signal, READY, 1);
Atomics.notify(signal, READY);
