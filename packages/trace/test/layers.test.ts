// What the wire formats may import (issue 34): the packages below them (model, registries,
// evaluate's public and internal entries) and each other, never the evaluation engine's
// sources; and Node built-ins only in `src/node/` and the `./node` entry, so the main entry
// stays browser-safe (the playground reads traces through it).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../src", import.meta.url));
const PACKAGES = [
  "@oatf/model",
  "@oatf/model/internal",
  "@oatf/registries",
  "@oatf/evaluate",
  "@oatf/evaluate/internal",
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith(".ts")
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The modules a source imports or re-exports (static and dynamic). */
export function specifiers(source: string): string[] {
  return [
    ...source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"/gms),
    ...source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g),
    ...source.matchAll(/^\s*import\s*"([^"]+)"/gm),
  ].map((match) => match[1]!);
}

const isNode = (module: string) => module === "node.ts" || module.startsWith("node/");

const imports = sourceFiles(SRC).map((file) => ({
  module: relative(SRC, file),
  specifiers: specifiers(readFileSync(file, "utf8")),
}));

describe("the imports of @oatf/trace", () => {
  it("reads every module", () => {
    expect(imports.length).toBeGreaterThan(15);
    expect(imports.map((i) => i.module)).toContain("read-trace.ts");
  });

  it("are the packages below, its own modules, and node: built-ins only for the node entry", () => {
    const outside = imports.flatMap(({ module, specifiers }) =>
      specifiers
        .filter((s) => !s.startsWith("."))
        .filter((s) => !PACKAGES.includes(s) && !(isNode(module) && s.startsWith("node:")))
        .map((s) => `${module} → ${s}`),
    );
    expect(outside).toEqual([]);
  });

  it("never reach out of the package by a relative path", () => {
    const out = imports.flatMap(({ module, specifiers }) =>
      specifiers
        .filter((s) => s.startsWith("."))
        .filter((s) => relative(SRC, resolve(dirname(join(SRC, module)), s)).startsWith(".."))
        .map((s) => `${module} → ${s}`),
    );
    expect(out).toEqual([]);
  });

  it("catches an engine import and a built-in on the main entry", () => {
    expect(specifiers('import { x } from "@oatf/evaluate/src/engine/trace.js";')).toEqual([
      "@oatf/evaluate/src/engine/trace.js",
    ]);
    expect(PACKAGES).not.toContain("@oatf/evaluate/src/engine/trace.js");
    expect(isNode("har/write.ts")).toBe(false);
    expect(isNode("node/har-file.ts")).toBe(true);
  });
});
