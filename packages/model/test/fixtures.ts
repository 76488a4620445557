// Upstream conformance fixtures, read in place (never copied into the project).
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";

export const CONFORMANCE_DIR =
  process.env.OATF_CONFORMANCE_DIR ??
  fileURLToPath(new URL("../../../../shared/conformance/upstream", import.meta.url));

export const hasConformance = existsSync(CONFORMANCE_DIR);

export function fixtureText(relative: string): string {
  return readFileSync(`${CONFORMANCE_DIR}/${relative}`, "utf8");
}

export interface SuiteCase {
  name: string;
  id: string;
  input: unknown;
  expected: unknown;
}

export function suite(relative: string): SuiteCase[] {
  return parseYaml(fixtureText(relative)) as SuiteCase[];
}

/** A small valid document, for tests that change one thing. */
export const MINIMAL = `oatf: "0.1"
attack:
  execution:
    mode: mcp_server
    state:
      tools: []
`;
