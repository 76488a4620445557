// json-p3 is bundled into this package's build (tsup.config.ts) so that what this package
// never runs of it can be left out (issue 32 §5, ~10 kB of every browser bundle): its default
// `match()` and `search()` functions, with the I-Regexp parser they carry
// (src/compile/jsonpath.ts registers its own, on the SDK's RE2 engine, in their place), and
// its module-level default environment, which no bundler may drop unmarked, and the JSON
// Pointer of a node's location (`toPointer`, `pointers`: the SDK reads nodes' values only),
// which alone kept json-p3's JSON Pointer and Relative JSON Pointer classes. The edits are
// checked: a json-p3 whose text differs fails the build rather than shipping unedited. Its MIT
// licence ships as THIRD_PARTY_LICENSES.md, named by a legal comment bundlers keep.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Plugin } from "esbuild";

const require = createRequire(import.meta.url);

/** json-p3's ES module build (its `main` is CommonJS, which would not tree-shake). */
export const JSON_P3_ESM = require.resolve("json-p3/dist/json-p3.esm.js");
const { version } = require("json-p3/package.json") as { version: string };
const NOTICE = `/*! json-p3 ${version} (MIT License, Copyright (c) 2025 James Prior): see THIRD_PARTY_LICENSES.md */\n`;

const EDITS: [from: string, to: string][] = [
  [
    '    this.functionRegister.set("search", new Search());\n    this.functionRegister.set("match", new Match());\n',
    "",
  ],
  ["var check$1 = check_1.check;", "var check$1 = /* @__PURE__ */ (() => check_1.check)();"],
  [
    '  toPointer() {\n    if (!this.location.length) {\n      return new JSONPointer("");\n    }\n    return new JSONPointer(JSONPointer.encode(this.location.map(String)));\n  }\n',
    "",
  ],
  ["  pointers() {\n    return this.nodes.map(node => node.toPointer());\n  }\n", ""],
  [
    "const DEFAULT_ENVIRONMENT = new JSONPathEnvironment();",
    "const DEFAULT_ENVIRONMENT = /* @__PURE__ */ new JSONPathEnvironment();",
  ],
];

export const jsonP3Edits: Plugin = {
  name: "json-p3-edits",
  setup(build) {
    build.onLoad({ filter: /json-p3\.esm\.js$/ }, async ({ path }) => {
      let contents = await readFile(path, "utf8");
      for (const [from, to] of EDITS) {
        if (!contents.includes(from))
          throw new Error(`json-p3 changed: cannot find ${JSON.stringify(from)}`);
        contents = contents.replace(from, to);
      }
      return { contents: NOTICE + contents, loader: "js" };
    });
  },
};
