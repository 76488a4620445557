import { mergeConfig } from "vitest/config";
import base, { INCLUDE } from "./vitest.config";

// Mutation runs (scripts/mutate.mjs) rerun a package's tests for every mutant: property
// tests there stop after a time budget instead of their full run count, so a package
// finishes in minutes per thousand mutants rather than hours. Never used by `pnpm test`.
// One project, every file isolated as before: a mutant's run is not split across projects.
const { projects: _projects, ...test } = base.test ?? {};
export default mergeConfig(
  { ...base, test },
  { test: { include: INCLUDE, setupFiles: ["./scripts/stryker-setup.ts"] } },
);
