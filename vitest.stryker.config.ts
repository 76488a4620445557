import { mergeConfig } from "vitest/config";
import base from "./vitest.config";

// Mutation runs (scripts/mutate.mjs) rerun a package's tests for every mutant: property
// tests there stop after a time budget instead of their full run count, so a package
// finishes in minutes per thousand mutants rather than hours. Never used by `pnpm test`.
export default mergeConfig(base, {
  test: { setupFiles: ["./scripts/stryker-setup.ts"] },
});
