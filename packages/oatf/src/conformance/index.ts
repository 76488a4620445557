export type { FixtureRoot } from "./roots.js";
export { defaultRoots, UPSTREAM_RELATIVE } from "./roots.js";
export type { CaseReport, ConformanceReport } from "./run.js";
export { formatReport, runConformance, SUITES } from "./run.js";
