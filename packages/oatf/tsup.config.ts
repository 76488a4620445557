import { readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import type { Plugin } from "esbuild";
import { defineConfig, type Options } from "tsup";
import { libraryBuild } from "../../tsup.base";
import { BUNDLED_COMMANDS } from "./src/cli-launcher/command-bundles";
import { BUNDLE_HEAD, BUNDLE_TAIL } from "./src/cli-launcher/compile-cache";

const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
const define = { __OATF_VERSION__: JSON.stringify(version) };

// yaml's ES module build. Under Node, yaml resolves to its CommonJS build: 72 modules in
// __commonJS wrappers that esbuild can neither tree-shake nor split, so every command of the
// CLI compiled all of yaml at start. The two builds are the same code but for one line: a
// warning goes to console.warn instead of process.emitWarning, and the only such warning
// (a collection as a mapping key, in toJS) is never reached: parse rejects those keys first.
const YAML_ESM = join(
  dirname(createRequire(import.meta.url).resolve("yaml/package.json")),
  "browser/index.js",
);

// What the CLI's builds share: packages left outside the bundle, yaml's ES module build.
// @oatf/cel-default stays a package import: its isolated mode locates its worker file next to
// its own build. So does @oatf/redis-streams (installed by the user: `oatf monitor`/`publish`
// import it on demand). tinypool stays a package too: it starts its workers from its own files.
// Named in `external` as well: a devDependency (@oatf/redis-streams) left out of `noExternal` is
// still bundled by default, and the adapter with ioredis would ship inside the CLI. @oatf/run
// stays a package as well: its stdio bridge is a file beside its own build, and only `oatf run`
// / `oatf benchmark` load it.
const EXTERNAL = ["@oatf/cel-default", "@oatf/redis-streams", "@oatf/run", "tinypool"];
const escapeRegExp = (text: string) => text.replace(/[/.]/g, "\\$&");
const EXTERNAL_NAMES = EXTERNAL.map(escapeRegExp).join("|");
const cliBundling: Options = {
  target: "node20",
  // Not minified, so a stack trace reads without source maps (which would double the tarball).
  sourcemap: false,
  noExternal: [new RegExp(`^(?!(?:${EXTERNAL_NAMES})$)`)],
  external: EXTERNAL,
  esbuildOptions(options) {
    options.alias = { ...options.alias, yaml: YAML_ESM };
  },
  define,
};

// In the built CLI, src/cli/command-code.ts (each command's `import()`) becomes
// src/cli-launcher/command-bundles.ts: the commands come from the CommonJS bundles below.
const commandBundles: Plugin = {
  name: "oatf-command-bundles",
  setup(build) {
    build.onResolve({ filter: /^\.\/command-code\.js$/ }, () => ({
      path: resolve("src/cli-launcher/command-bundles.ts"),
    }));
  },
};

// In the command bundles, `import("<package>")` of a package left outside them becomes
// `__oatfImport("<package>")`, the loader's own import() (see compile-cache.ts for why). Only
// the workspace's sources, and only an import( of a package named in `external` or of Node's
// own modules (every other import( is bundled, as esbuild does).
const OUTSIDE_IMPORT = new RegExp(
  `(?<!typeof )\\bimport\\((?="(?:node:[a-z_/]+|${EXTERNAL_NAMES})")`,
  "g",
);
const bundleImports: Plugin = {
  name: "oatf-bundle-imports",
  setup(build) {
    build.onLoad({ filter: /[\\/]packages[\\/][^\\/]+[\\/]src[\\/].*\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, "utf8").replace(OUTSIDE_IMPORT, "__oatfImport("),
      loader: "ts",
    }));
  },
};

// re2js compiles each single-character literal with a case-folding check that it runs even when
// the expression does not fold case, and the check's first call decodes all of Unicode's case
// orbits (~2 ms of `oatf validate`'s start, for `(id_rsa|passwd)` as much as for `(?i)x`).
// In the command bundles the check runs only when the flag it can clear is set: the same
// program for every expression. Upstream's code is still this (2.10.0); if it changes, the
// build says so and this goes.
const RE2JS_RUNE_FOLD =
  "if (runes.length !== 1 || Unicode.simpleFold(runes[0]) === runes[0]) flags &= ~RE2Flags.FOLD_CASE;";
const re2jsRuneFold: Plugin = {
  name: "oatf-re2js-rune-fold",
  setup(build) {
    build.onLoad({ filter: /[\\/]re2js[\\/]build[\\/]index\.js$/ }, (args) => {
      const code = readFileSync(args.path, "utf8");
      if (!code.includes(RE2JS_RUNE_FOLD))
        throw new Error(
          `re2js changed: ${args.path} no longer has the check tsup.config.ts guards`,
        );
      return {
        contents: code.replace(
          RE2JS_RUNE_FOLD,
          `if (flags !== 0 && (runes.length !== 1 || Unicode.simpleFold(runes[0]) === runes[0])) flags &= ~RE2Flags.FOLD_CASE;`,
        ),
        loader: "js",
      };
    });
  },
};

// How a command bundle is written (what compile-cache.ts reads at every start):
// - ASCII only. A file with one non-ASCII character (a `§` in a comment esbuild kept) is
//   decoded on Node's slow UTF-8 path into a two-byte string: twice the memory for V8 to hold
//   and hash, and about 6 ms more to read the 1 MB of validate's bundle. esbuild already
//   escapes strings and regular expressions, so what is left is in comments.
// - As the function the loader runs (BUNDLE_HEAD ... BUNDLE_TAIL), so the loader hands the file's
//   text to V8 as it is, instead of a copy with the wrapper around it.
const commandBundleText: NonNullable<Options["plugins"]>[number] = {
  name: "oatf-command-bundle-text",
  renderChunk(code) {
    const ascii = code.replace(
      /[^\0-\x7f]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
    return { code: `${BUNDLE_HEAD}${ascii}${BUNDLE_TAIL}` };
  },
};

/**
 * dist/cli.js, where scripts, tests and earlier instructions run the CLI, is a symbolic link to
 * dist/cli.cjs: Node runs a link's target, so it starts as CommonJS too (a `.js` file here is an
 * ES module). Where no link can be made, an ES module that loads it. npm packs no links: the
 * published package has the bin and dist/cli.cjs.
 */
function cliEntryLink(): void {
  const link = "dist/cli.js";
  rmSync(link, { force: true });
  try {
    symlinkSync("cli.cjs", link);
  } catch {
    writeFileSync(link, 'import "./cli.cjs";\n');
  }
}

export default defineConfig([
  // shims: the CommonJS build gets an `import.meta.url` (default-cel.ts requires CEL relative to
  // it; node/evaluate-jobs.ts finds the worker, dist/evaluate-worker.js, beside itself).
  // Splitting (CJS too): the main entry, `./advanced` and `./node` share one copy of the wired
  // entry points and of the default CEL evaluator they load.
  {
    ...libraryBuild,
    entry: ["src/index.ts", "src/advanced.ts", "src/cel.ts", "src/node.ts"],
    splitting: true,
    shims: true,
    define,
  },
  {
    // The command-line tool's entry, dist/cli.cjs: the dispatcher and its few shared helpers;
    // each command is a bundle of its own (below). CommonJS, so that starting the CLI needs no
    // ES module loader (its setup, resolution and asynchronous read were ~4 ms of `oatf
    // validate`'s 70). The bin runs it; dist/cli.js is a link to it (see cliEntryLink).
    ...cliBundling,
    entry: { cli: "src/cli.ts" },
    format: ["cjs"],
    splitting: false,
    esbuildPlugins: [commandBundles],
    banner: { js: "#!/usr/bin/env node" },
    onSuccess: async () => cliEntryLink(),
  },
  {
    // evaluate-worker.ts: the entry of `evaluateInThreads`' worker threads (`oatf evaluate
    // --jobs`, `oatf/node`): tinypool loads it by file, next to the CLI's own and `oatf/node`'s.
    ...cliBundling,
    entry: { "evaluate-worker": "src/node/evaluate-worker.ts" },
    format: ["esm"],
    splitting: false,
    banner: {
      // Bundled CommonJS dependencies may call require() for Node built-ins.
      js: "import { createRequire as __oatfCreateRequire } from 'node:module';\nconst require = __oatfCreateRequire(import.meta.url);",
    },
  },
  {
    // One CommonJS bundle per command, dist/cli-<command>.cjs, all of its code in one file:
    // CommonJS because vm.Script (the only way to V8's code cache in Node 20) runs scripts,
    // not ES modules. Code shared by commands is repeated on disk, never loaded twice.
    // shims: `import.meta.url` is the bundle's file, in dist/ as the ESM build's chunks were.
    ...cliBundling,
    entry: Object.fromEntries(
      BUNDLED_COMMANDS.map((name) => [`cli-${name}`, `src/cli/${name}/command.ts`]),
    ),
    format: ["cjs"],
    splitting: false,
    shims: true,
    esbuildPlugins: [bundleImports, re2jsRuneFold],
    plugins: [commandBundleText],
  },
]);
