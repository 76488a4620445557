// A command of the built CLI loads only its own code (issue 32 §5): `oatf validate` must not
// read and compile the evaluator, the trace readers, CEL, the runner or the language server,
// which is what made its start drift from 2.1x to 4.8x `node -e 0`. Each case runs
// dist/cli.js with a module-loading log (fixtures/load-log.mjs) for its ES modules, and with
// NODE_DEBUG=oatf-compile-cache, which names each command bundle (dist/cli-<command>.cjs) read
// through the compile cache; it reads the module comments esbuild leaves in its unminified
// output (`// src/cli/validate/command.ts`, `// ../evaluate/dist/chunk-X.js`) to name every
// source module in the files it loaded. No timing.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import setup, { CLI, REPO } from "./cli-build.js";

beforeAll(() => setup(), 600_000);

const DIST = dirname(CLI);
const HOOK = join(REPO, "packages/oatf/test/fixtures/load-log.mjs");
const work = mkdtempSync(join(tmpdir(), "oatf-split-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const COMMANDS = ["validate", "evaluate", "normalize", "run", "benchmark", "record", "monitor"];
const OTHERS = ["publish", "lsp", "schema"];

interface Loaded {
  /** Files loaded from outside the CLI's dist/ (externals: @oatf/run, @oatf/cel-default…). */
  outside: string[];
  /** The command bundles loaded, relative to dist/. */
  bundles: string[];
  /** The source modules of the dist/ files loaded whose code ran, as esbuild names them. */
  modules: Set<string>;
}

const BUNDLE_LINE = /^OATF-COMPILE-CACHE \d+: (\S+\.cjs): cache \w+$/gm;

let runs = 0;
function loadedBy(args: string[]): Loaded {
  const log = join(work, `${runs}.log`);
  const coverage = join(work, `${runs}.coverage`);
  runs++;
  // A verdict (exit 1) is an answer here too: what was loaded is the point.
  const { stderr } = spawnSync(process.execPath, ["--import", HOOK, CLI, ...args], {
    cwd: REPO,
    encoding: "utf8",
    env: {
      ...process.env,
      NODE_OPTIONS: "",
      OATF_LOAD_LOG: log,
      NODE_DEBUG: "oatf-compile-cache",
      OATF_COMPILE_CACHE: "0",
      NODE_V8_COVERAGE: coverage,
    },
  });
  const bundles = [...stderr.matchAll(BUNDLE_LINE)].map(([, file]) => file as string);
  const files = [...new Set([...readFileSync(log, "utf8").trim().split("\n"), ...bundles])];
  const outside = files.filter((file) => relative(DIST, file).startsWith(".."));
  const called = callCounts(coverage);
  const modules = new Set<string>();
  for (const file of files.filter((f) => !outside.includes(f))) {
    const text = readFileSync(file, "utf8");
    // A module imported lazily sits in a function named by its path (esbuild's
    // `"../x/index.js"() {…}`): in the file, but its code ran only if V8 counted a call.
    const wrapped = new Set([...text.matchAll(/^ {2}"(\S+)"\(/gm)].map(([, name]) => name));
    for (const [, module] of text.matchAll(/^\/\/ (\S+\.[cm]?[jt]s)$/gm))
      if (!wrapped.has(module) || (called.get(module as string) ?? 0) > 0)
        modules.add(module as string);
  }
  return { outside, bundles: bundles.map((b) => relative(DIST, b)), modules };
}

/** How many times each function ran, by name, from the V8 coverage files in `dir`. */
function callCounts(dir: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const file of readdirSync(dir)) {
    const { result } = JSON.parse(readFileSync(join(dir, file), "utf8")) as {
      result: { functions: { functionName: string; ranges: { count: number }[] }[] }[];
    };
    for (const fn of result.flatMap((script) => script.functions)) {
      const count = fn.ranges[0]?.count ?? 0;
      counts.set(fn.functionName, Math.max(count, counts.get(fn.functionName) ?? 0));
    }
  }
  return counts;
}

/** The dist files of a workspace package reachable from its entry `file` through imports. */
function reachable(pkg: string, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(join(REPO, "packages", pkg, "dist", file), "utf8");
  for (const [, next] of text.matchAll(/from "\.\/([^"]+\.js)"/g))
    reachable(pkg, next as string, seen);
  return seen;
}

/** @oatf/evaluate's dist files that only its engine entries (not `./compilers`) reach. */
function evaluateEngineFiles(): string[] {
  const compilers = reachable("evaluate", "compilers.js");
  const engine = new Set(
    ["index.js", "stream.js", "internal.js"].flatMap((entry) => [...reachable("evaluate", entry)]),
  );
  return [...engine]
    .filter((file) => !compilers.has(file))
    .map((file) => `../evaluate/dist/${file}`);
}

/** The modules of `loaded` that belong to the command folders or packages in `names`. */
function foreign(loaded: Loaded, prefixes: string[]): string[] {
  return [...loaded.modules].filter((m) => prefixes.some((prefix) => m.startsWith(prefix)));
}

const commandFolders = (except: string[]) =>
  [...COMMANDS, ...OTHERS].filter((c) => !except.includes(c)).map((c) => `src/cli/${c}/`);
const NOT_FOR_DOCUMENTS = [
  "../trace/",
  "../run/",
  "../cel-default/",
  "../language-service/",
  "../diagrams/",
  "../redis-streams/",
  "src/node/",
];

describe("each command of the built CLI loads only its own code", () => {
  it("oatf validate: the model, the validator and its compilers; no evaluator, trace, CEL, runner", () => {
    const loaded = loadedBy(["validate", "examples/mcp-rug-pull.yaml"]);
    // Not vacuous: the log and the module names are there.
    expect(loaded.bundles).toEqual(["cli-validate.cjs"]);
    expect(loaded.modules).toContain("src/cli/main.ts");
    expect(loaded.modules).toContain("src/cli/validate/command.ts");
    expect([...loaded.modules].some((m) => m.startsWith("../validate/dist/"))).toBe(true);
    expect(reachable("evaluate", "index.js").size).toBeGreaterThan(1);
    expect(loaded.outside).toEqual([]);
    expect(
      foreign(loaded, [
        ...commandFolders(["validate"]),
        ...NOT_FOR_DOCUMENTS,
        "../normalize/",
        ...evaluateEngineFiles(),
      ]),
    ).toEqual([]);
    // The glob engine only when an argument is a glob or a directory.
    expect(foreign(loaded, ["../../node_modules/.pnpm/tinyglobby"])).toEqual([]);
    const globbed = loadedBy(["validate", "examples/*.yaml"]);
    expect(foreign(globbed, ["../../node_modules/.pnpm/tinyglobby"])).not.toEqual([]);
  });

  it("oatf --help and --version: no command at all", () => {
    for (const args of [["--help"], ["--version"]]) {
      const loaded = loadedBy(args);
      expect(loaded.modules).toContain("src/cli/main.ts");
      expect(loaded.bundles).toEqual([]);
      expect(loaded.outside).toEqual([]);
      expect(
        foreign(loaded, [
          ...commandFolders([]),
          "../validate/",
          "../evaluate/",
          "../../node_modules/",
        ]),
      ).toEqual([]);
    }
  });

  it("oatf normalize: no evaluator, trace, CEL or runner", () => {
    const loaded = loadedBy(["normalize", "examples/mcp-rug-pull.yaml"]);
    expect(loaded.bundles).toEqual(["cli-normalize.cjs"]);
    expect(loaded.modules).toContain("src/cli/normalize/command.ts");
    expect(loaded.outside).toEqual([]);
    expect(
      foreign(loaded, [
        ...commandFolders(["normalize"]),
        ...NOT_FOR_DOCUMENTS,
        ...evaluateEngineFiles(),
      ]),
    ).toEqual([]);
  });

  it("oatf evaluate: no runner, recorder, language server or other command", () => {
    const loaded = loadedBy([
      "evaluate",
      "examples/mcp-rug-pull.yaml",
      "--trace",
      "examples/mcp-rug-pull.trace.jsonl",
    ]);
    expect(loaded.bundles).toEqual(["cli-evaluate.cjs"]);
    expect(loaded.modules).toContain("src/cli/evaluate/command.ts");
    expect(loaded.outside).toEqual([]);
    expect(
      foreign(loaded, [
        ...commandFolders(["evaluate"]),
        "../run/",
        "../cel-default/",
        "../language-service/",
        "../diagrams/",
        "../redis-streams/",
      ]),
    ).toEqual([]);
  });
});
