import { defineConfig } from "tsup";

export default defineConfig({
  // worker.ts is the entry of the isolated mode's worker thread (src/isolated.ts).
  entry: ["src/index.ts", "src/worker.ts"],
  // import.meta.url locates the worker file from the CommonJS build too.
  shims: true,
  format: ["esm", "cjs"],
  dts: { entry: "src/index.ts" },
  clean: true,
  sourcemap: true,
  target: "node20",
});
