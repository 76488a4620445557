import { defineConfig } from "tsup";

// The runner, ESM only, for bin/oatf-conformance.js; SDK packages stay external (their dist).
export default defineConfig({
  entry: ["src/cli.ts"],
  format: ["esm"],
  clean: true,
  sourcemap: true,
  target: "node20",
});
