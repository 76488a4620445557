// Input files: globs expanded in-process (so `oatf validate 'docs/**/*.yaml'` works in any
// shell), and files read with a one-line reason when they cannot be.
import { readFileSync, statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { globSync } from "tinyglobby";

const GLOB_CHARS = /[*?[{]/;
// Never descend into dependencies or dot-directories (.git, .turbo).
const IGNORED = ["**/node_modules/**", "**/.*/**"];

/** Expands each argument: a glob to its matches, a directory to its YAML files, a path to itself. */
export function expandInputs(
  args: string[],
  cwd: string,
): { files: string[]; unmatched: string[] } {
  const files: string[] = [];
  const unmatched: string[] = [];
  for (const arg of args) {
    const found = GLOB_CHARS.test(arg)
      ? glob(arg, cwd)
      : isDir(resolve(cwd, arg))
        ? yamlFilesUnder(arg, cwd)
        : [arg];
    if (found.length === 0) unmatched.push(arg);
    for (const file of found) if (!files.includes(file)) files.push(file);
  }
  return { files, unmatched };
}

export type ReadResult = { ok: true; text: string } | { ok: false; reason: string };

export function readInput(file: string, cwd: string): ReadResult {
  try {
    return { ok: true, text: readFileSync(resolve(cwd, file), "utf8") };
  } catch (error) {
    return { ok: false, reason: describeReadError(error) };
  }
}

/** Why a file could not be opened or read, in a few words. */
export function describeReadError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT"
    ? "no such file"
    : code === "EISDIR"
      ? "is a directory"
      : code === "EACCES"
        ? "permission denied"
        : (error as Error).message;
}

function glob(pattern: string, cwd: string): string[] {
  // An absolute pattern reports absolute paths, a relative one paths relative to cwd.
  const absolute = isAbsolute(pattern);
  return globSync(pattern, { cwd, ignore: IGNORED, expandDirectories: false, absolute }).sort();
}

/** The YAML files under `dir`, as paths that start with `dir`. */
function yamlFilesUnder(dir: string, cwd: string): string[] {
  const base = dir.replace(/[\\/]+$/, "") || ".";
  return globSync("**/*.{yaml,yml}", { cwd: resolve(cwd, base), ignore: IGNORED })
    .map((file) => (base === "." ? file : `${base}/${file}`))
    .sort();
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
