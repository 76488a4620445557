import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.base";

// Two entries: the main one (browser-safe: every reader and writer of text) and `./node`
// (src/node.ts: the file sinks, which need node:fs). Splitting (CJS too) keeps one copy of
// the modules they share.
export default defineConfig({
  ...libraryBuild,
  entry: { index: "src/index.ts", node: "src/node.ts" },
  splitting: true,
});
