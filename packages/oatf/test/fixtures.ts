// Suite-format fixture cases (FIXTURE-SCHEMA.md §B) from the upstream conformance
// set and from this repository's conformance/fixtures, for one directory.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";

export interface SuiteCase {
  id: string;
  name: string;
  input: unknown;
  expected: unknown;
  origin: "upstream" | "own";
}

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

/** The upstream fixture root: OATF_CONFORMANCE_DIR, or ../shared/conformance/upstream beside the repo. */
export const upstreamRoot = resolve(
  process.env.OATF_CONFORMANCE_DIR ?? join(repoRoot, "../shared/conformance/upstream"),
);
const ownRoot = join(repoRoot, "conformance/fixtures");

export function suiteCases(dir: string): SuiteCase[] {
  return [...casesIn(join(upstreamRoot, dir), "upstream"), ...casesIn(join(ownRoot, dir), "own")];
}

function casesIn(path: string, origin: SuiteCase["origin"]): SuiteCase[] {
  if (!existsSync(path)) return [];
  return readdirSync(path)
    .filter((file) => file.endsWith(".yaml"))
    .sort()
    .flatMap(
      (file) => parseYaml(readFileSync(join(path, file), "utf8")) as Omit<SuiteCase, "origin">[],
    )
    .map((c) => ({ ...c, origin }));
}
