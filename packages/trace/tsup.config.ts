import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.base";

// Three entries: the main one (browser-safe: every reader and writer of text), `./node`
// (src/node.ts: the file sinks, which need node:fs) and `./otlp` (src/otlp.ts: OpenTelemetry
// traces, whose protobuf decoder is a chunk of its own, loaded on demand). Splitting (CJS too)
// keeps one copy of the modules they share.
export default defineConfig({
  ...libraryBuild,
  entry: { index: "src/index.ts", node: "src/node.ts", otlp: "src/otlp.ts" },
  splitting: true,
});
