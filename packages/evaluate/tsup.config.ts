import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.base";
import { JSON_P3_ESM, jsonP3Edits } from "./bundle-json-p3";

// Four entries, the main one, `./compilers` (src/compile/index.ts, named so the built file
// keeps the subpath's name), `./stream` (the consumer loop over a StreamSource) and
// `./internal` (helpers @oatf/trace shares). Splitting (CJS too) puts the modules they share
// in one chunk, so every entry sees one regex engine setting and one set of caches.
export default defineConfig({
  ...libraryBuild,
  entry: {
    index: "src/index.ts",
    compilers: "src/compile/index.ts",
    stream: "src/stream.ts",
    internal: "src/internal.ts",
  },
  splitting: true,
  // json-p3 is bundled, without what the SDK never runs of it (bundle-json-p3.ts).
  noExternal: ["json-p3"],
  esbuildPlugins: [jsonP3Edits],
  esbuildOptions(options) {
    options.alias = { ...options.alias, "json-p3": JSON_P3_ESM };
  },
});
