// The evaluation worker: validation and trace evaluation run here, so a document or trace
// that takes too long can be stopped by terminating the worker (format §12.1: untrusted input).
import { analyse } from "./analyse.js";
import type { AnalyseRequest } from "./protocol.js";

self.onmessage = (event: MessageEvent<AnalyseRequest>) => {
  try {
    analyse(event.data, (reply) => self.postMessage(reply));
  } catch (error) {
    // The SDK does not throw for bad input; if it ever does, say so instead of going silent.
    self.postMessage({ id: event.data.id, kind: "trace", problem: `internal error: ${error}` });
  }
};
