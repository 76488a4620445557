// The browser entry bundles with no shims (issue 13 §1): esbuild, platform "browser", finds
// no Node built-in in the graph, and the bundle carries one RE2 engine, re2js (issue 13 §3).
import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { bundleAliases } from "../bundle-aliases.js";

const entry = fileURLToPath(new URL("../src/browser.ts", import.meta.url));
const nodeBuiltins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

describe("browser bundle", () => {
  it("bundles the browser entry without Node built-ins and with re2js only", async () => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      metafile: true,
      logLevel: "silent",
      alias: bundleAliases,
    });
    expect(result.errors).toEqual([]);
    const inputs = Object.entries(result.metafile.inputs);
    const imported = inputs.flatMap(([, input]) => input.imports.map((i) => i.path));
    expect(imported.filter((path) => nodeBuiltins.has(path))).toEqual([]);
    const paths = inputs.map(([path]) => path);
    expect(paths.filter((path) => path.includes("@bufbuild/re2"))).toEqual([]);
    expect(paths.some((path) => path.includes("re2js"))).toBe(true);
    expect(paths.some((path) => path.includes("isolated") || path.includes("worker"))).toBe(false);
  });
});
