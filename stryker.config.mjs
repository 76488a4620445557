// Stryker reads this from the repo root; scripts/mutate.mjs picks the package.
// biome-ignore lint/suspicious/noUndeclaredEnvVars: read by Stryker, which turbo never runs
const pkg = process.env.STRYKER_PACKAGE ?? "paths";

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  // pnpm keeps plugins out of Stryker's own node_modules: name the runner explicitly.
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: { configFile: "vitest.stryker.config.ts", dir: `packages/${pkg}` },
  coverageAnalysis: "perTest",
  // Other runs' sandboxes (`pnpm mutate` of several packages at once) are not copied.
  ignorePatterns: ["reports", "**/dist", ".turbo", ".stryker-tmp*"],
  timeoutMS: 20000,
  htmlReporter: { fileName: `reports/mutation/${pkg}.html` },
  jsonReporter: { fileName: `reports/mutation/${pkg}.json` },
};
