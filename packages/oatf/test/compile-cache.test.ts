// The built CLI loads each command's bundle through V8's code cache (src/cli-launcher/
// compile-cache.ts): the second run uses what the first one wrote, and a cache that is
// corrupt, in a directory others could write, unwritable or turned off changes nothing of
// what the command prints or returns. Each case has its own TMPDIR (the cache lives in
// os.tmpdir()); NODE_DEBUG=oatf-compile-cache reports what became of each bundle's cache.
// No timing.
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUNDLE_HEAD, BUNDLE_TAIL } from "../src/cli-launcher/compile-cache.js";
import setup, { CLI, REPO } from "./cli-build.js";

beforeAll(() => setup(), 600_000);

const work = mkdtempSync(join(tmpdir(), "oatf-compile-cache-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const CACHE_DIR = `oatf-compile-cache-${process.getuid?.() ?? "user"}`;
const VALID = ["validate", "examples/mcp-rug-pull.yaml"];
// An invalid document: exit 1 and diagnostics, the same through the cache.
const INVALID = ["validate", "--format", "json", "-"];
const INVALID_INPUT = "oatf: '0.1'\nattack:\n  name: 1\n";

let cases = 0;
/** A fresh temporary directory, as the CLI's os.tmpdir(). */
function freshTmp(): string {
  const dir = join(work, `${cases++}`);
  mkdirSync(dir);
  return dir;
}

interface Run {
  status: number | null;
  stdout: string;
  /** stderr without the debug lines. */
  stderr: string;
  /** What became of the validate bundle's cache: none, accepted, rejected, off; written. */
  cache: string[];
}

function run(tmp: string, args: string[], env: Record<string, string> = {}, input?: string): Run {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: REPO,
    encoding: "utf8",
    input,
    env: {
      ...process.env,
      NODE_OPTIONS: "",
      TMPDIR: tmp,
      NODE_DEBUG: "oatf-compile-cache",
      ...env,
    },
  });
  const lines = result.stderr.split("\n");
  const debug = lines.filter((line) => line.startsWith("OATF-COMPILE-CACHE "));
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: lines.filter((line) => !line.startsWith("OATF-COMPILE-CACHE ")).join("\n"),
    cache: debug.map((line) => /: cache (\w+)$/.exec(line)?.[1] ?? line),
  };
}

const answer = ({ status, stdout, stderr }: Run) => ({ status, stdout, stderr });

/** The cache files in `tmp`'s cache directory. */
function cacheFiles(tmp: string): string[] {
  const dir = join(tmp, CACHE_DIR);
  return existsSync(dir) ? readdirSync(dir).map((name) => join(dir, name)) : [];
}

// What the commands answer without any cache: the reference for every case.
const plain = (args: string[], input?: string) =>
  answer(run(freshTmp(), args, { OATF_COMPILE_CACHE: "0" }, input));

describe("the CLI's compile cache", () => {
  it("the first run writes the cache, the second uses it; the answers are the same", () => {
    const tmp = freshTmp();
    const first = run(tmp, VALID);
    expect(first.cache).toEqual(["none", "written"]);
    const [file] = cacheFiles(tmp);
    expect(file).toMatch(/cli-validate\.cjs-[0-9a-f]{8}-\d+-\d+-v\d+\.\d+\.\d+-\w+\.v8$/);
    expect(statSync(file!).size).toBeGreaterThan(10_000);
    expect(statSync(join(tmp, CACHE_DIR)).mode & 0o777).toBe(0o700);
    const second = run(tmp, VALID);
    expect(second.cache).toEqual(["accepted"]);
    expect(answer(second)).toEqual(answer(first));
    expect(answer(second)).toEqual(plain(VALID));
    expect(second.stdout).toContain("valid");

    const invalid = run(tmp, INVALID, {}, INVALID_INPUT);
    expect(invalid.status).toBe(1);
    expect(answer(invalid)).toEqual(plain(INVALID, INVALID_INPUT));
  });

  it("help alone writes no cache; a run that stopped early writes one a complete run replaces", () => {
    // A cache holds what ran before it was written: one from `--help` would hold the bundle's
    // top level only, and validation's functions would be compiled on every later run.
    const tmp = freshTmp();
    expect(run(tmp, ["validate", "--help"]).cache).toEqual(["none"]);
    expect(cacheFiles(tmp)).toEqual([]);

    const missing = run(tmp, ["validate", "no-such-file.yaml"]);
    expect(missing.status).toBe(2);
    expect(missing.cache).toEqual(["none", "written"]);
    const [partial] = cacheFiles(tmp);
    expect(partial).toMatch(/\.partial\.v8$/);
    expect(run(tmp, ["validate", "--help"]).cache).toEqual(["accepted"]);
    expect(run(tmp, ["validate", "no-such-file.yaml"]).cache).toEqual(["accepted"]);
    expect(cacheFiles(tmp)).toEqual([partial]);

    const complete = run(tmp, VALID);
    expect(complete.cache).toEqual(["accepted", "written"]);
    expect(answer(complete)).toEqual(plain(VALID));
    const [file] = cacheFiles(tmp);
    expect(cacheFiles(tmp)).toHaveLength(1);
    expect(file).not.toMatch(/partial/);
    expect(run(tmp, VALID).cache).toEqual(["accepted"]);
    expect(run(tmp, ["validate", "no-such-file.yaml"]).cache).toEqual(["accepted"]);
    expect(cacheFiles(tmp)).toEqual([file]);
  });

  it("a corrupt cache is rejected, rewritten, and changes nothing", () => {
    const tmp = freshTmp();
    run(tmp, VALID);
    const [file] = cacheFiles(tmp);
    writeFileSync(file!, Buffer.alloc(statSync(file!).size, 0x5a));
    const corrupt = run(tmp, VALID);
    expect(corrupt.cache).toEqual(["rejected", "written"]);
    expect(answer(corrupt)).toEqual(plain(VALID));
    expect(run(tmp, VALID).cache).toEqual(["accepted"]);
  });

  it("a new build's cache replaces the caches of the bundle's earlier builds, not another install's", () => {
    const tmp = freshTmp();
    run(tmp, VALID);
    const [file] = cacheFiles(tmp);
    const earlier = file!.replace(/-\d+-\d+-v/, "-1-1-v");
    const otherBundle = join(tmp, CACHE_DIR, "cli-evaluate.cjs-1-1-v0.0.0-x64.v8");
    // The same bundle installed elsewhere (another project): its path hashes differently.
    const otherInstall = join(tmp, CACHE_DIR, "cli-validate.cjs-00000000-1-1-v0.0.0-x64.v8");
    expect(earlier).not.toBe(file);
    writeFileSync(earlier, "an earlier build");
    writeFileSync(otherBundle, "another command");
    writeFileSync(otherInstall, "another install");
    rmSync(file!);
    expect(run(tmp, VALID).cache).toEqual(["none", "written"]);
    expect(cacheFiles(tmp).sort()).toEqual([file!, otherBundle, otherInstall].sort());
  });

  it("a cache directory others can write, or that is a link, is never used", () => {
    const open = freshTmp();
    mkdirSync(join(open, CACHE_DIR));
    chmodSync(join(open, CACHE_DIR), 0o777);
    const unsafe = run(open, VALID);
    expect(unsafe.cache).toEqual(["off"]);
    expect(answer(unsafe)).toEqual(plain(VALID));
    expect(cacheFiles(open)).toEqual([]);

    const linked = freshTmp();
    mkdirSync(join(linked, "elsewhere"), { mode: 0o700 });
    symlinkSync(join(linked, "elsewhere"), join(linked, CACHE_DIR));
    const viaLink = run(linked, VALID);
    expect(viaLink.cache).toEqual(["off"]);
    expect(answer(viaLink)).toEqual(plain(VALID));
    expect(readdirSync(join(linked, "elsewhere"))).toEqual([]);

    // Another user's directory: only root can make one here (CI runs as root); the check is
    // the same `uid` comparison either way.
    if (process.getuid?.() === 0) {
      const foreign = freshTmp();
      mkdirSync(join(foreign, CACHE_DIR), { mode: 0o700 });
      chownSync(join(foreign, CACHE_DIR), 65534, 65534);
      const theirs = run(foreign, VALID);
      expect(theirs.cache).toEqual(["off"]);
      expect(answer(theirs)).toEqual(plain(VALID));
      expect(cacheFiles(foreign)).toEqual([]);
    }
  });

  it("a cache that cannot be written changes nothing", () => {
    // A file where the directory should be: mkdir fails, as on a read-only file system.
    const blocked = freshTmp();
    writeFileSync(join(blocked, CACHE_DIR), "");
    const result = run(blocked, VALID);
    expect(result.cache).toEqual(["off"]);
    expect(answer(result)).toEqual(plain(VALID));
  });

  it("a bundle from the cache still imports the packages outside it, and warns of nothing", () => {
    // `oatf publish` imports @oatf/redis-streams on demand; port 1 refuses the connection. A
    // script's own import() lost its loader when it came from cached data ("cannot load
    // @oatf/redis-streams: A dynamic import callback was not specified").
    const PUBLISH = [
      "publish",
      "--trace",
      "examples/mcp-rug-pull.trace.jsonl",
      "--redis",
      "redis://127.0.0.1:1",
      "--stream",
      "traffic",
    ];
    const tmp = freshTmp();
    const first = run(tmp, PUBLISH);
    const second = run(tmp, PUBLISH);
    expect([first.cache, second.cache]).toEqual([["none", "written"], ["accepted"]]);
    for (const { stderr, status } of [first, second]) {
      expect(stderr).toMatch(/^oatf publish: cannot connect to 127\.0\.0\.1:1: /);
      expect(stderr).not.toMatch(/Warning|cannot load/);
      expect(status).toBe(3);
    }
    expect(answer(second)).toEqual(answer(first));
  });

  it("OATF_COMPILE_CACHE=0 reads and writes nothing", () => {
    const tmp = freshTmp();
    const off = run(tmp, VALID, { OATF_COMPILE_CACHE: "0" });
    expect(off.cache).toEqual(["off"]);
    expect(existsSync(join(tmp, CACHE_DIR))).toBe(false);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("each bundle is ASCII text, written as the function the loader runs", () => {
    // One non-ASCII byte makes Node decode the whole file on its slow UTF-8 path into a
    // two-byte string (tsup.config.ts, commandBundleText).
    const dist = dirname(CLI);
    const bundles = readdirSync(dist).filter((name) => /^cli-\w+\.cjs$/.test(name));
    expect(bundles).toContain("cli-validate.cjs");
    for (const name of bundles) {
      const bytes = readFileSync(join(dist, name));
      expect(
        bytes.findIndex((byte) => byte > 0x7f),
        name,
      ).toBe(-1);
      const text = bytes.toString("latin1");
      expect(text.startsWith(BUNDLE_HEAD), name).toBe(true);
      expect(text.endsWith(BUNDLE_TAIL), name).toBe(true);
    }
  });
});
