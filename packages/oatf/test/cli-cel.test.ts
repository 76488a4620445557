// The CLI loads CEL only for documents with expression indicators (issue 13: fast start).
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join } from "node:path";
import { parse } from "oatf";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCelFor } from "../src/default-cel.js";
import setup, { CLI, REPO } from "./cli-build.js";

const example = (name: string) => {
  const parsed = parse(readFileSync(join(REPO, "examples", name), "utf8"));
  if (!parsed.ok) throw new Error(`${name} does not parse`);
  return parsed.value;
};

describe("loadCelFor, as the CLI calls it", () => {
  it("gives no evaluator for a pattern-only document", async () => {
    expect(await loadCelFor(example("mcp-rug-pull.yaml"))).toBeUndefined();
  });

  it("gives the default evaluator for a document with an expression indicator", async () => {
    const cel = await loadCelFor(example("a2a-skill-poisoning.yaml"));
    expect(cel?.evaluate("1 + 1 == 2", {})).toEqual({ ok: true, value: true });
  });

  it("finds an expression key at any depth, even one validation will reject", async () => {
    const odd = { attack: { indicators: { weird: [{ nested: { expression: 1 } }] } } };
    expect(await loadCelFor(odd)).toBeDefined();
  });

  it("never throws on hostile shapes: cycles, wide arrays, primitives", async () => {
    const cyclic: Record<string, unknown> = { a: [] };
    (cyclic.a as unknown[]).push(cyclic);
    expect(await loadCelFor(cyclic)).toBeUndefined();
    expect(await loadCelFor({ wide: new Array(300_000).fill({ x: 1 }) })).toBeUndefined();
    for (const value of [null, undefined, 0, "expression", []])
      expect(await loadCelFor(value)).toBeUndefined();
  });
});

describe("the built CLI", () => {
  beforeAll(() => setup(), 600_000);

  /**
   * Every file the CLI loads at start: static imports (or, the entry being CommonJS, string
   * requires) only, followed through its chunks.
   */
  function staticGraph(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
    if (seen.has(file)) return seen;
    const source = readFileSync(file, "utf8");
    const specifiers = [...source.matchAll(/^(?:import|export)\s[^;]*?from\s*["']([^"']+)["']/gm)]
      .map((m) => m[1]!)
      .concat([...source.matchAll(/^import\s*["']([^"']+)["']/gm)].map((m) => m[1]!))
      .concat([...source.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!));
    seen.set(file, specifiers);
    for (const s of specifiers) if (s.startsWith(".")) staticGraph(join(dirname(file), s), seen);
    return seen;
  }

  it("does not import CEL or the conformance harness up front", () => {
    const graph = staticGraph(CLI);
    const specifiers = [...graph.values()].flat();
    expect(specifiers.length).toBeGreaterThan(0);
    // Bundled: the packages are inside, so no package import remains but Node's own.
    const packages = specifiers.filter(
      (s) => !s.startsWith(".") && !builtinModules.includes(s.replace(/^node:/, "")),
    );
    expect(packages).toEqual([]);
    const source = [...graph.keys()].map((f) => readFileSync(f, "utf8")).join("\n");
    expect(source).not.toContain("@bufbuild/cel");
  });
});
