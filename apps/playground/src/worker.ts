// The evaluation worker: validation and trace evaluation run here, so a document or trace
// that takes too long can be stopped by terminating the worker (format §12.1: untrusted input).
import { loadDefaultCel } from "oatf";
import { analyse } from "./analyse.js";
import type { AnalyseRequest } from "./protocol.js";

// A browser cannot load CEL synchronously: load it once, before the first request is answered.
// Should its chunk fail to load, the page still answers: validation then warns that CEL was not
// checked and CEL indicators are `error` with a message saying CEL is not loaded.
const celLoaded = loadDefaultCel().catch(() => undefined);

self.onmessage = async (event: MessageEvent<AnalyseRequest>) => {
  await celLoaded;
  try {
    analyse(event.data, (reply) => self.postMessage(reply));
  } catch (error) {
    // The SDK does not throw for bad input; if it ever does, say so instead of going silent.
    self.postMessage({ id: event.data.id, kind: "trace", problem: `internal error: ${error}` });
  }
};
