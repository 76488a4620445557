// The evaluation worker: validation and trace evaluation run here, so a document or trace
// that takes too long can be stopped by terminating the worker (format §12.1: untrusted input).
import { loadDefaultCel } from "oatf";
import { analyse } from "./analyse.js";
import { mayUseCel } from "./may-use-cel.js";
import type { AnalyseRequest } from "./protocol.js";

// A browser cannot load CEL synchronously: it is loaded (its own chunk) before the first
// document that may use it is answered, and only then. Should the chunk fail to load, the page
// still answers: validation warns that CEL was not checked and CEL indicators are `error`.
let celLoaded: Promise<unknown> | undefined;

self.onmessage = async (event: MessageEvent<AnalyseRequest>) => {
  if (mayUseCel(event.data.document)) {
    celLoaded ??= loadDefaultCel().catch(() => undefined);
    await celLoaded;
  }
  try {
    analyse(event.data, (reply) => self.postMessage(reply));
  } catch (error) {
    // The SDK does not throw for bad input; if it ever does, say so instead of going silent.
    self.postMessage({ id: event.data.id, kind: "trace", problem: `internal error: ${error}` });
  }
};
