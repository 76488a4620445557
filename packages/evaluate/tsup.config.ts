import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.base";

// Three entries, the main one, `./compilers` (src/compile/index.ts, named so the built file
// keeps the subpath's name) and `./internal`. Splitting (CJS too) puts the modules they share
// in one chunk, so every entry sees one regex engine setting and one set of caches.
export default defineConfig({
  ...libraryBuild,
  entry: { index: "src/index.ts", compilers: "src/compile/index.ts", internal: "src/internal.ts" },
  splitting: true,
});
