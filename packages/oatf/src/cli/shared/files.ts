// Input files: globs expanded in-process (so `oatf validate 'docs/**/*.yaml'` works in any
// shell), and files read with a one-line reason when they cannot be.
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { decodeUtf8 } from "./utf8.js";

const GLOB_CHARS = /[*?[{]/;
// Never descend into dependencies or dot-directories (.git, .turbo).
const IGNORED = ["**/node_modules/**", "**/.*/**"];

type GlobSync = typeof import("tinyglobby").globSync;

/**
 * Expands each argument: a glob to its matches, a directory to its YAML files, a path to itself.
 * The glob engine (tinyglobby, picomatch: ~90 kB) is loaded only when an argument needs it, so
 * `oatf validate file.yaml` starts without compiling it (issue 32 §5).
 */
export async function expandInputs(
  args: string[],
  cwd: string,
): Promise<{ files: string[]; unmatched: string[] }> {
  const files: string[] = [];
  const unmatched: string[] = [];
  for (const arg of args) {
    const found = GLOB_CHARS.test(arg)
      ? glob(await loadGlob(), arg, cwd)
      : isDir(resolve(cwd, arg))
        ? yamlFilesUnder(await loadGlob(), arg, cwd)
        : [arg];
    if (found.length === 0) unmatched.push(arg);
    for (const file of found) if (!files.includes(file)) files.push(file);
  }
  return { files, unmatched };
}

export type ReadResult =
  | { ok: true; text: string }
  | {
      ok: false;
      reason: string;
      /** Set when the file is larger than the limit. */
      tooLarge?: number;
      /** Set when the file is not UTF-8: where its first bad byte is. */
      notUtf8?: { line: number; column: number };
    };

/**
 * Reads a UTF-8 file (other bytes are refused: utf8.ts), never without bound (format §12.1):
 * only regular files are read (a FIFO, a device such as `/dev/zero` or a socket is refused,
 * through symlinks too, and opening one never blocks), and with `maxBytes` a file larger than it is refused after reading at
 * most `maxBytes + 1` bytes, even when its size changes while it is read.
 */
export function readInput(file: string, cwd: string, maxBytes?: number): ReadResult {
  let fd: number | undefined;
  try {
    fd = openSync(resolve(cwd, file), constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return { ok: false, reason: "is a directory" };
    if (!stat.isFile())
      return { ok: false, reason: "is not a regular file (a FIFO, device or socket)" };
    const limit = maxBytes ?? Number.POSITIVE_INFINITY;
    if (stat.size > limit) return tooLarge(limit);
    const bytes = readUpTo(fd, Math.min(limit + 1, Math.max(stat.size + 1, 64 * 1024)), limit);
    if (bytes === undefined) return tooLarge(limit);
    return decoded(bytes);
  } catch (error) {
    return { ok: false, reason: describeReadError(error) };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function tooLarge(limit: number): ReadResult {
  return { ok: false, reason: `is larger than ${limit} bytes`, tooLarge: limit };
}

/** The file's bytes, or undefined once more than `limit` have been read. */
function readUpTo(fd: number, chunkSize: number, limit: number): Buffer | undefined {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(chunkSize);
    const read = readSync(fd, chunk, 0, chunk.length, null);
    if (read === 0) return Buffer.concat(chunks, total);
    chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
    total += read;
    if (total > limit) return undefined;
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

async function loadGlob(): Promise<GlobSync> {
  return (await import("tinyglobby")).globSync;
}

function glob(globSync: GlobSync, pattern: string, cwd: string): string[] {
  // An absolute pattern reports absolute paths, a relative one paths relative to cwd.
  const absolute = isAbsolute(pattern);
  return globSync(pattern, { cwd, ignore: IGNORED, expandDirectories: false, absolute }).sort();
}

/** The YAML files under `dir`, as paths that start with `dir`. */
function yamlFilesUnder(globSync: GlobSync, dir: string, cwd: string): string[] {
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

/**
 * Reads all of standard input as UTF-8 (`oatf validate -`; other bytes are refused), bounded
 * like a file: more than `maxBytes` is refused as soon as it arrives, without reading the rest.
 */
export async function readStdin(
  stdin: AsyncIterable<Uint8Array | string>,
  maxBytes: number,
): Promise<ReadResult> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stdin) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk);
      chunks.push(bytes);
      total += bytes.length;
      if (total > maxBytes) return tooLarge(maxBytes);
    }
  } catch (error) {
    return { ok: false, reason: describeReadError(error) };
  }
  return decoded(Buffer.concat(chunks, total));
}

function decoded(bytes: Buffer): ReadResult {
  const text = decodeUtf8(bytes);
  if (text.ok) return text;
  return { ok: false, reason: text.reason, notUtf8: { line: text.line, column: text.column } };
}

/** The name `-` (standard input) is reported under: `--stdin-filename`, else `<stdin>`. */
export function stdinName(stdinFilename: string | undefined): string {
  return stdinFilename ?? "<stdin>";
}
