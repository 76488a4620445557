// Where fixtures come from: the upstream suite (OATF_CONFORMANCE_DIR, else
// `../shared/conformance/upstream` relative to the repository root), the project's own
// `conformance/fixtures`, and any directory given on the command line. This package sits at
// `<repo>/conformance`, and both `src/` and `dist/` are one level below it, so the repository
// root is found from this module's own location, never from an absolute path.
import { statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export interface FixtureRoot {
  /** Short name used in reports: `upstream`, `own`, or the path as given. */
  label: string;
  path: string;
}

export const UPSTREAM_RELATIVE = "../shared/conformance/upstream";

/** `<repo>/conformance`: this package's directory. */
export const PACKAGE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const REPO_ROOT = dirname(PACKAGE_DIR);
export const OWN_FIXTURES = join(PACKAGE_DIR, "fixtures");
export const ERRATA_PATH = join(PACKAGE_DIR, "errata.yaml");

/** The upstream suite's directory; `cwd` resolves a relative OATF_CONFORMANCE_DIR. */
export function upstreamDir(
  env: Record<string, string | undefined> = process.env,
  cwd = process.cwd(),
): string {
  const fromEnv = env.OATF_CONFORMANCE_DIR;
  return fromEnv ? resolve(cwd, fromEnv) : resolve(REPO_ROOT, UPSTREAM_RELATIVE);
}

/** Thrown when the upstream suite is not where it must be: a failure, never a skip. */
export class MissingSuiteError extends Error {}

/** Explains where the upstream suite was looked for and how to provide it. */
export function missingSuiteMessage(path: string): string {
  return `upstream conformance fixtures not found at ${path}: they are the conformance/ directory of the OATF specification repository; place them at ${UPSTREAM_RELATIVE} beside the repository or set OATF_CONFORMANCE_DIR`;
}

/** Roots for a run: upstream and own, or with `only` just the extra directories. */
export function runRoots(
  env: Record<string, string | undefined>,
  cwd: string,
  extra: string[] = [],
  only = false,
): FixtureRoot[] {
  const given = extra.map((dir) => ({ label: dir, path: resolve(cwd, dir) }));
  if (only) return given;
  return [
    { label: "upstream", path: upstreamDir(env, cwd) },
    { label: "own", path: OWN_FIXTURES },
    ...given,
  ];
}

export function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
