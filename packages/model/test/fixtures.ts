// Upstream conformance cases for model tests, read through the conformance harness
// (@oatf/conformance): it locates the suite and fails when it is missing or a file is empty.
import { type SuiteCase, upstreamCases, upstreamFiles, upstreamText } from "@oatf/conformance";

export type { SuiteCase };
export { upstreamFiles, upstreamText as fixtureText };

/** The cases of one upstream suite file (`validate/suite.yaml`). */
export function suite(relative: string): SuiteCase[] {
  const slash = relative.indexOf("/");
  return upstreamCases(relative.slice(0, slash), { file: relative.slice(slash + 1) });
}

/** A small valid document, for tests that change one thing. */
export const MINIMAL = `oatf: "0.1"
attack:
  execution:
    mode: mcp_server
    state:
      tools: []
`;
