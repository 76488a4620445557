// Input files: globs expanded in-process (so `oatf validate 'docs/**/*.yaml'` works in any
// shell), and files read with a one-line reason when they cannot be.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";

const GLOB_CHARS = /[*?[{]/;
const YAML_FILE = /\.ya?ml$/;

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
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "is a directory"
          : code === "EACCES"
            ? "permission denied"
            : (error as Error).message;
    return { ok: false, reason };
  }
}

function glob(pattern: string, cwd: string): string[] {
  const parts = pattern.split(/[\\/]/);
  const firstGlob = parts.findIndex((p) => GLOB_CHARS.test(p));
  const base = parts.slice(0, firstGlob).join("/") || (pattern.startsWith("/") ? "/" : ".");
  const matcher = globRegex(parts.slice(firstGlob).join("/"));
  const baseAbs = resolve(cwd, base);
  return walk(baseAbs)
    .filter((abs) => matcher.test(relative(baseAbs, abs).split(sep).join("/")))
    .map((abs) =>
      (base === "." ? relative(baseAbs, abs) : join(base, relative(baseAbs, abs)))
        .split(sep)
        .join("/"),
    )
    .sort();
}

/** `**` any depth, `*` and `?` within a segment, `{a,b}` alternatives, `[...]` classes. */
function globRegex(pattern: string): RegExp {
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === "*" && pattern[i + 1] === "*") {
      const slash = pattern[i + 2] === "/";
      re += slash ? "(?:.*/)?" : ".*";
      i += slash ? 2 : 1;
    } else if (ch === "*") re += "[^/]*";
    else if (ch === "?") re += "[^/]";
    else if (ch === "{") {
      const end = pattern.indexOf("}", i);
      if (end < 0) re += "\\{";
      else {
        re += `(?:${pattern
          .slice(i + 1, end)
          .split(",")
          .map(escapeRegex)
          .join("|")})`;
        i = end;
      }
    } else if (ch === "[") {
      const end = pattern.indexOf("]", i);
      if (end < 0) re += "\\[";
      else {
        re += `[${pattern
          .slice(i + 1, end)
          .replace(/^!/, "^")
          .replace(/\\/g, "\\\\")}]`;
        i = end;
      }
    } else re += escapeRegex(ch);
  }
  return new RegExp(`^${re}$`);
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** Every file under `dir`, skipping node_modules and dot-directories. */
function walk(dir: string): string[] {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && !entry.name.startsWith(".")) out.push(...walk(path));
    } else if (entry.isFile()) out.push(path);
  }
  return out;
}

function yamlFilesUnder(dir: string, cwd: string): string[] {
  const abs = resolve(cwd, dir);
  return walk(abs)
    .filter((f) => YAML_FILE.test(f))
    .map((f) => join(dir, relative(abs, f)).split(sep).join("/"))
    .sort();
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
