// Where fixtures come from: the upstream suite beside the repository
// (`../shared/conformance/upstream`, or OATF_CONFORMANCE_DIR), the project's own
// `conformance/fixtures`, and any directory given on the command line.
import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export interface FixtureRoot {
  /** Short name used in reports: `upstream`, `own`, or the path as given. */
  label: string;
  path: string;
  /** A root the user asked for explicitly must exist; the default upstream one may not. */
  required: boolean;
}

export const UPSTREAM_RELATIVE = "../shared/conformance/upstream";

/** The repository root: the nearest ancestor holding `conformance/fixtures` and `package.json`. */
export function findRepoRoot(starts: string[]): string | undefined {
  for (const start of starts) {
    let dir = resolve(start);
    for (;;) {
      if (
        existsSync(join(dir, "conformance", "fixtures")) &&
        existsSync(join(dir, "package.json"))
      ) {
        return dir;
      }
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return undefined;
}

export function defaultRoots(
  env: Record<string, string | undefined>,
  cwd: string,
  extra: string[] = [],
): { roots: FixtureRoot[]; notes: string[]; errataPath?: string } {
  const notes: string[] = [];
  const roots: FixtureRoot[] = [];
  const repo = findRepoRoot([dirname(fileURLToPath(import.meta.url)), cwd]);
  const fromEnv = env.OATF_CONFORMANCE_DIR;
  if (fromEnv) {
    roots.push({ label: "upstream", path: resolve(cwd, fromEnv), required: true });
  } else if (repo) {
    const upstream = resolve(repo, UPSTREAM_RELATIVE);
    if (isDir(upstream)) roots.push({ label: "upstream", path: upstream, required: false });
    else {
      notes.push(
        `upstream fixtures not found at ${upstream}; they come from the OATF repository's conformance/ directory — place them there or set OATF_CONFORMANCE_DIR`,
      );
    }
  }
  if (repo)
    roots.push({ label: "own", path: join(repo, "conformance", "fixtures"), required: true });
  else notes.push("no repository with conformance/fixtures found above the working directory");
  for (const dir of extra) roots.push({ label: dir, path: resolve(cwd, dir), required: true });
  return repo
    ? { roots, notes, errataPath: join(repo, "conformance", "errata.yaml") }
    : { roots, notes };
}

export function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
