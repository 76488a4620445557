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

Atomics.store(signal, READY, 1);
Atomics.notify(signal, READY);
