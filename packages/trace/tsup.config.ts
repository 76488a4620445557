import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.base";

// Four entries: the main one (browser-safe: every reader and writer of text), `./node`
// (src/node.ts: the file sinks, which need node:fs), `./otlp` (src/otlp.ts: OpenTelemetry
// traces, whose protobuf decoder is a chunk of its own, loaded on demand) and `./internal`
// (the A2A v1.0 reading @oatf/run shares). Splitting (CJS too) keeps one copy of the modules
// they share.
export default defineConfig({
  ...libraryBuild,
  entry: {
    index: "src/index.ts",
    node: "src/node.ts",
    otlp: "src/otlp.ts",
    internal: "src/internal.ts",
  },
  splitting: true,
});
