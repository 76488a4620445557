import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.base";

// Two entries, the main one and `./compilers`. Splitting (CJS too) puts the modules they share
// in one chunk, so both entries see one regex engine setting and one set of caches.
export default defineConfig({
  ...libraryBuild,
  entry: ["src/index.ts", "src/compilers.ts"],
  splitting: true,
});
