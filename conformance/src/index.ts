// @oatf/conformance (private): locating the OATF conformance suite and reading its cases, for
// package tests. The runner (`oatf-conformance`, src/cli.ts) runs every case against the SDK.
// Nothing here imports the SDK, so any package's tests can use it without a dependency cycle.
export type { Outcome } from "./case.js";
export type { CaseSelection, SuiteCase } from "./cases.js";
export {
  allCases,
  ownCases,
  requireUpstream,
  upstreamCases,
  upstreamFiles,
  upstreamText,
} from "./cases.js";
export { deepEqual } from "./compare.js";
export { cpuTimed } from "./cpu-time.js";
export { MissingSuiteError, OWN_FIXTURES, REPO_ROOT, upstreamDir } from "./roots.js";
export { checkValidate, type ValidateFunctions } from "./suites/validate.js";
