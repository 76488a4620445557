// Loads a built CommonJS bundle of the CLI through V8's code cache (issue 32 §5: `oatf
// validate` starts in <= 2.5x `node -e 0`). Most of a command's start is compiling its bundle
// and running it for the first time; V8's cached data skips the parse and brings the functions
// the previous run compiled lazily. Node 20 has no `module.enableCompileCache`, hence vm.Script.
//
// The cache lives in a directory of the current user only (os.tmpdir()/oatf-compile-cache-<uid>,
// 0700): cached data is code V8 trusts, so a directory anyone else could write is never read.
// It is written when the process exits, after the command ran (so it holds what ran, not only
// the top level; never after help alone; the bundle's own warm-up runs first, see `warmUp`),
// and only when there was none, V8 rejected it (another Node, a new build), or it came from a
// run that stopped early and this one did not.
// Every file-system error falls back to a plain compile: the cache never changes what the
// command does, prints or returns. OATF_COMPILE_CACHE=0 turns it off. NODE_DEBUG=oatf-compile-cache
// reports each bundle's file and what became of its cache.
import {
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { debuglog } from "node:util";
import * as vm from "node:vm";

const debug = debuglog("oatf-compile-cache");

/**
 * Whether the command itself ran, not only its help (main.ts says so, through
 * `commandRunning`, just before it runs the command). A cache holds what ran before it was
 * written: one written by `oatf validate --help` held the bundle's top level only, and every
 * later run compiled validation's functions again (3.3x `node -e 0` instead of 2.7x).
 */
let commandRan = false;

export function commandRunning(): void {
  commandRan = true;
}

/**
 * The cache files of a bundle. A run that exits 0 or 1 did the command's work (valid or not,
 * a verdict) and writes the complete cache; one that stopped early (2: usage or missing
 * input, 3: error) writes a partial one, used until a complete run replaces it.
 */
interface CacheFiles {
  complete: string;
  partial: string;
}

/**
 * Runs the CommonJS bundle `file` (an absolute path), written as one function expression
 * (`BUNDLE_HEAD`), and returns its `module.exports`.
 */
export function loadCommonJs(file: string): unknown {
  // latin1: the bundles are ASCII (tsup.config.ts), and this decoding is a plain copy.
  const source = readFileSync(file, "latin1");
  const files = process.env.OATF_COMPILE_CACHE === "0" ? undefined : cacheFilesOf(file);
  const complete = files === undefined ? undefined : readIfPresent(files.complete);
  const partial =
    files === undefined || complete !== undefined ? undefined : readIfPresent(files.partial);
  const script = new vm.Script(source, { filename: file, cachedData: complete ?? partial });
  const state =
    files === undefined
      ? "off"
      : complete === undefined && partial === undefined
        ? "none"
        : script.cachedDataRejected
          ? "rejected"
          : "accepted";
  debug("%s: cache %s", file, state);
  const module = { exports: {} as unknown };
  if (files !== undefined && (state !== "accepted" || complete === undefined))
    process.once("exit", (code) => {
      if (!commandRan) return;
      const kind = code === 0 || code === 1 ? "complete" : "partial";
      if (state === "accepted" && kind === "partial") return; // no better than the one it used
      if (kind === "complete") warmUp(module.exports);
      if (writeAtomically(files[kind], () => script.createCachedData()))
        removeOtherBuilds(files[kind], file);
    });
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  // The entry's own require: the bundles sit beside it (dist/), so it resolves as theirs would.
  run.call(module.exports, module.exports, require, module, file, dirname(file), load);
  return module.exports;
}

/**
 * Runs the bundle's `warmCompileCache` export, if it has one, before its cache is written: work
 * whose compiled functions the cache should hold whatever document the first run read (see
 * ../cli/validate/warm-up.ts). It happens once per build, after the command's output.
 */
function warmUp(exports: unknown): void {
  const warm = (exports as { warmCompileCache?: unknown } | null)?.warmCompileCache;
  if (typeof warm !== "function") return;
  try {
    warm();
  } catch {
    // The cache then holds less; never a reason for the command to fail.
  }
}

/**
 * The bundles' `import()` of a package left outside them (tsup.config.ts rewrites it to
 * `__oatfImport`): a script's own import() cannot be used, since Node 20 loses its loader when
 * the script comes from cached data ("A dynamic import callback was not specified"), and the
 * option that sets it prints an ExperimentalWarning. The bundles sit beside this file (dist/),
 * so a specifier resolves from here as from them.
 */
const load = (specifier: string): Promise<unknown> => import(specifier);

/**
 * What tsup.config.ts puts around each bundle's code when it writes the bundle: the file is
 * already the function this loader runs, so the 1 MB source is not copied once more into a
 * wrapped string before V8 reads it.
 */
export const BUNDLE_HEAD =
  "(function (exports, require, module, __filename, __dirname, __oatfImport) {";
export const BUNDLE_TAIL = "\n});\n";

/** The cache files of `file`, or undefined when no directory of ours can hold them. */
function cacheFilesOf(file: string): CacheFiles | undefined {
  try {
    const dir = join(temporaryDirectory(), `oatf-compile-cache-${process.getuid?.() ?? "user"}`);
    if (!ownedOnlyByUs(dir)) return undefined;
    // V8 checks its own version, flags and the source's length; the key adds the build.
    const { size, mtimeMs } = statSync(file);
    const build = `${size}-${Math.trunc(mtimeMs)}-${process.version}-${process.arch}`;
    const name = join(dir, `${prefixOf(file)}${build}`);
    return { complete: `${name}.v8`, partial: `${name}.partial.v8` };
  } catch {
    return undefined;
  }
}

/**
 * The start of the cache file names of the bundle at this path: its name and a hash of where
 * it is, so that two installs (two projects, a global one) keep one cache each instead of
 * replacing each other's on every run.
 */
function prefixOf(file: string): string {
  let hash = 0x811c9dc5; // FNV-1a over the path's code units: a name, not a secret
  for (let i = 0; i < file.length; i++) hash = Math.imul(hash ^ file.charCodeAt(i), 0x01000193);
  return `${basename(file)}-${(hash >>> 0).toString(16).padStart(8, "0")}-`;
}

/**
 * os.tmpdir() without loading `os`, on POSIX systems: the same variables in the same order.
 * Node ignores them in a setuid or setgid process; there, and on Windows, this asks `os`.
 */
function temporaryDirectory(): string {
  const privileged =
    process.getuid?.() !== process.geteuid?.() || process.getgid?.() !== process.getegid?.();
  if (process.platform === "win32" || privileged)
    return (require("node:os") as typeof import("node:os")).tmpdir();
  const { TMPDIR, TMP, TEMP } = process.env;
  const dir = TMPDIR || TMP || TEMP || "/tmp";
  return dir.length > 1 && dir.endsWith("/") ? dir.slice(0, -1) : dir;
}

/**
 * A real directory (not a link) of the current user that no one else can write, made when
 * there is none.
 */
function ownedOnlyByUs(dir: string): boolean {
  let stat = lstatSync(dir, { throwIfNoEntry: false });
  if (stat === undefined) {
    mkdirSync(dir, { mode: 0o700, recursive: true });
    stat = lstatSync(dir);
  }
  if (!stat.isDirectory()) return false;
  if (process.getuid === undefined) return true; // Windows: the temporary directory is the user's
  return stat.uid === process.getuid() && (stat.mode & 0o022) === 0;
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Writes through a temporary file and a rename, so a reader never sees half a cache. */
function writeAtomically(file: string, data: () => Buffer): boolean {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, "wx", 0o600);
    try {
      writeSync(fd, data());
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
    debug("%s: cache written", file);
    return true;
  } catch {
    // A full disk or a read-only directory: the next run compiles the plain way again.
    try {
      unlinkSync(temporary);
    } catch {}
    return false;
  }
}

/** Removes the caches of the bundle's earlier builds, so rebuilds do not fill the directory. */
function removeOtherBuilds(cacheFile: string, bundle: string): void {
  try {
    const dir = dirname(cacheFile);
    for (const name of readdirSync(dir))
      if (name.startsWith(prefixOf(bundle)) && name !== basename(cacheFile))
        unlinkSync(join(dir, name));
  } catch {
    // Another process removed it first, or the directory went away: nothing to clean.
  }
}
