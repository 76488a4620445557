import { defineConfig } from "tsup";
import { libraryBuild } from "../../tsup.base";

export default defineConfig({
  ...libraryBuild,
  // worker.ts is the entry of the isolated mode's worker thread (src/isolated.ts).
  entry: ["src/index.ts", "src/worker.ts"],
  // import.meta.url locates the worker file from the CommonJS build too.
  shims: true,
  dts: { entry: "src/index.ts" },
});
