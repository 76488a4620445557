import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.base";

// Two entries, the main one and `./compilers` (src/compile/index.ts, named so the built file
// keeps the subpath's name). Splitting (CJS too) puts the modules they share
// in one chunk, so both entries see one regex engine setting and one set of caches.
export default defineConfig({
  ...libraryBuild,
  entry: { index: "src/index.ts", compilers: "src/compile/index.ts" },
  splitting: true,
});
