// The layers of this package's sources (issue 26 item 5), read from their import statements:
// each folder may import only the folders below it, and no module reaches itself through its
// imports. The readers sit below the engine (reading a trace never needs the evaluator), and
// the trace message type sits at the bottom where both find it.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../src", import.meta.url));

/** Each layer and the layers it may import; the entry (index.ts) may import them all. */
const ALLOWED: Record<string, readonly string[]> = {
  base: [],
  compile: ["base"],
  primitives: ["base", "compile"],
  readers: ["base"],
  engine: ["base", "compile", "primitives"],
  ".": ["base", "compile", "primitives", "readers", "engine"],
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

/** The relative modules `source` imports or re-exports, as paths under SRC (`base/json.ts`). */
export function relativeImports(source: string, file: string): string[] {
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*"(\.[^"]+)"/gms),
    ...source.matchAll(/\bimport\(\s*"(\.[^"]+)"\s*\)/g),
    ...source.matchAll(/^\s*import\s*"(\.[^"]+)"/gm),
  ].map((match) => match[1]!);
  return specifiers.map((specifier) =>
    relative(SRC, resolve(dirname(file), specifier.replace(/\.js$/, ".ts"))),
  );
}

function layerOf(module: string): string {
  const parts = module.split("/");
  return parts.length === 1 ? "." : parts[0]!;
}

/** An import cycle in `graph` as the modules along it, or undefined. */
export function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === "done") return undefined;
    if (state.get(node) === "open") return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, "done");
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

const graph = new Map(
  sourceFiles(SRC).map((file) => [
    relative(SRC, file),
    relativeImports(readFileSync(file, "utf8"), file),
  ]),
);

describe("the layers of @oatf/evaluate", () => {
  it("reads every module and its imports", () => {
    expect(graph.size).toBeGreaterThan(20);
    // Every folder is a known layer: a new folder must be placed in the table above.
    for (const module of graph.keys()) expect(Object.keys(ALLOWED)).toContain(layerOf(module));
    // Every relative import names a module that exists.
    for (const [module, imports] of graph)
      for (const target of imports) expect(graph.has(target), `${module} → ${target}`).toBe(true);
  });

  it("imports only within a layer or downwards", () => {
    const violations = [...graph].flatMap(([module, imports]) =>
      imports
        .filter((target) => {
          const from = layerOf(module);
          const to = layerOf(target);
          return from !== to && !ALLOWED[from]!.includes(to);
        })
        .map((target) => `${module} → ${target}`),
    );
    expect(violations).toEqual([]);
  });

  it("has no import cycle", () => {
    expect(findCycle(graph)).toBeUndefined();
  });

  it("finds the cycles and upward imports it guards against", () => {
    // The check itself: the circle issue 26 found (trace → evaluator → enrichment → trace),
    // and a reader importing the engine, as the old readers did through trace.ts.
    const circle = new Map([
      ["engine/trace.ts", ["engine/trace-evaluator.ts"]],
      ["engine/trace-evaluator.ts", ["engine/trace-enrich.ts"]],
      ["engine/trace-enrich.ts", ["engine/trace.ts"]],
    ]);
    expect(findCycle(circle)).toEqual([
      "engine/trace.ts",
      "engine/trace-evaluator.ts",
      "engine/trace-enrich.ts",
      "engine/trace.ts",
    ]);
    const file = join(SRC, "readers/record.ts");
    const imports = relativeImports(
      'import type { X } from "../engine/trace.js";\nexport {\n  y,\n} from "./lines.js";\nconst z = await import("../base/json.js");',
      file,
    );
    expect(imports).toEqual(["engine/trace.ts", "readers/lines.ts", "base/json.ts"]);
    expect(ALLOWED[layerOf("readers/record.ts")]).not.toContain(layerOf(imports[0]!));
  });
});
