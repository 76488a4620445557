// What the wire formats may import (issue 34): the packages below them (model, registries,
// evaluate's public and internal entries) and each other, never the evaluation engine's
// sources; and Node built-ins only in `src/node/` and the `./node` entry, so the main entry
// stays browser-safe (the playground reads traces through it). The one heavy dependency, the
// protobuf runtime, sits in `otlp/protobuf.ts`: a chunk the `./otlp` entry loads on demand,
// which neither the main nor the `./node` entry reaches.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../src", import.meta.url));
const PACKAGES = [
  "@oatf/model",
  "@oatf/model/internal",
  "@oatf/model/rules",
  "@oatf/registries",
  "@oatf/evaluate",
  "@oatf/evaluate/internal",
];

/** Third-party modules, each allowed in one module of the package only. */
const HEAVY: Record<string, string> = {
  "@bufbuild/protobuf": "otlp/protobuf.ts",
  "@bufbuild/protobuf/wkt": "otlp/protobuf.ts",
};

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

/** The modules a source imports statically (what its bundle carries, not a lazy chunk). */
function staticSpecifiers(source: string): string[] {
  const lazy = new Set([...source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]!));
  return specifiers(source).filter((s) => !lazy.has(s));
}

const isNode = (module: string) => module === "node.ts" || module.startsWith("node/");

const imports = sourceFiles(SRC).map((file) => {
  const text = readFileSync(file, "utf8");
  return {
    module: relative(SRC, file),
    specifiers: specifiers(text),
    eager: staticSpecifiers(text),
  };
});

/** Every module of the package an entry carries: its static imports, followed. */
function closure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (module: string) => {
    if (seen.has(module)) return;
    seen.add(module);
    const found = imports.find((i) => i.module === module);
    for (const s of found?.eager ?? [])
      if (s.startsWith("."))
        visit(relative(SRC, resolve(dirname(join(SRC, module)), s)).replace(/\.js$/, ".ts"));
  };
  visit(entry);
  return seen;
}

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
        .filter((s) => HEAVY[s] !== module)
        .map((s) => `${module} → ${s}`),
    );
    expect(outside).toEqual([]);
  });

  it("keep OTLP off the main and node entries, and the protobuf runtime a lazy chunk of ./otlp", () => {
    const main = [...closure("index.ts"), ...closure("node.ts")];
    expect(main.length).toBeGreaterThan(15);
    expect(main.filter((module) => module.startsWith("otlp"))).toEqual([]);
    const otlp = closure("otlp.ts");
    expect(otlp).toContain("otlp/read.ts");
    expect(otlp).not.toContain("otlp/protobuf.ts");
    expect(imports.find((i) => i.module === "otlp/source.ts")?.specifiers).toContain(
      "./protobuf.js",
    );
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
    expect(staticSpecifiers('const p = () => import("./protobuf.js");')).toEqual([]);
    expect(HEAVY["@bufbuild/protobuf"]).not.toBe("otlp/read.ts");
  });
});
