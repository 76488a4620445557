// A command of the built CLI loads only its own code (issue 32 §5): `oatf validate` must not
// read and compile the evaluator, the trace readers, CEL, the runner or the language server,
// which is what made its start drift from 2.1x to 4.8x `node -e 0`. Each case runs
// dist/cli.js with a module-loading log (fixtures/load-log.mjs) and reads the module comments
// esbuild leaves in its unminified output (`// src/cli/validate/command.ts`,
// `// ../evaluate/dist/chunk-X.js`) to name every source module it loaded. No timing.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
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
  /** The source modules bundled into the dist/ files loaded, as esbuild names them. */
  modules: Set<string>;
}

let runs = 0;
function loadedBy(args: string[]): Loaded {
  const log = join(work, `${runs++}.log`);
  try {
    execFileSync(process.execPath, ["--import", HOOK, CLI, ...args], {
      cwd: REPO,
      env: { ...process.env, NODE_OPTIONS: "", OATF_LOAD_LOG: log },
      stdio: "ignore",
    });
  } catch {
    // A verdict (exit 1) is an answer here too: what was loaded is the point.
  }
  const files = [...new Set(readFileSync(log, "utf8").trim().split("\n"))];
  const outside = files.filter((file) => relative(DIST, file).startsWith(".."));
  const modules = new Set<string>();
  for (const file of files.filter((f) => !outside.includes(f))) {
    for (const [, module] of readFileSync(file, "utf8").matchAll(/^\/\/ (\S+\.[cm]?[jt]s)$/gm))
      modules.add(module as string);
  }
  return { outside, modules };
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
