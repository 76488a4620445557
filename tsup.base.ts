import type { Options } from "tsup";

/** The build every package shares: ESM + CJS + .d.ts for Node 20, from src/index.ts. */
export const libraryBuild: Options = {
  entry: ["src/index.ts"],
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "node20",
};
