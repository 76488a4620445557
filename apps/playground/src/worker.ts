// The evaluation worker: validation and trace evaluation run here, so a document or trace
// that takes too long can be stopped by terminating the worker (format §12.1: untrusted input).
import { loadDefaultCel } from "oatf";
import { analyse, type TraceReaderLoader } from "./analyse.js";
import { mayUseCel } from "./may-use-cel.js";
import type { AnalyseRequest } from "./protocol.js";

// A browser cannot load CEL synchronously: it is loaded (its own chunk) before the first
// document that may use it is answered, and only then. Should the chunk fail to load, the page
// still answers: validation warns that CEL was not checked and CEL indicators are `error`.
let celLoaded: Promise<unknown> | undefined;
// Trace reading is its own chunk too, fetched with the first pasted trace: editing a document
// needs none of the wire-format readers. A failed load is reported and tried again next time.
let traceReader: ReturnType<TraceReaderLoader> | undefined;
const loadTraceReader: TraceReaderLoader = () =>
  (traceReader ??= import("./trace-input.js").then(
    (module) => module.readTrace,
    (error: unknown) => {
      traceReader = undefined;
      throw new Error(`the trace reader could not be loaded: ${error}`);
    },
  ));

self.onmessage = async (event: MessageEvent<AnalyseRequest>) => {
  if (mayUseCel(event.data.document)) {
    celLoaded ??= loadDefaultCel().catch(() => undefined);
    await celLoaded;
  }
  try {
    await analyse(event.data, (reply) => self.postMessage(reply), loadTraceReader);
  } catch (error) {
    // The SDK does not throw for bad input; if it ever does, say so instead of going silent.
    self.postMessage({ id: event.data.id, kind: "trace", problem: `internal error: ${error}` });
  }
};
