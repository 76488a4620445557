// The libraries as published: every `exports` entry of every package is loaded from its built
// `dist/` through `import` (ESM) and `require` (CJS), and the examples run through the built
// parse → validate → normalize → serialize → evaluateTrace chain in both formats, giving the
// same answers as the sources the other suites test.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as source from "oatf";
import { beforeAll, describe, expect, it } from "vitest";
import setup, { REPO } from "./cli-build.js";

beforeAll(() => setup(), 600_000);

const require = createRequire(import.meta.url);
const PACKAGES = readdirSync(join(REPO, "packages")).sort();
type Entry = { import: { default: string }; require: { default: string } };

/** Every `exports` entry (and its `node` condition, when it has one) of a package. */
function entries(dir: string): [string, string, Entry][] {
  const manifest = JSON.parse(readFileSync(join(REPO, "packages", dir, "package.json"), "utf8"));
  const pkgDir = join(REPO, "packages", dir);
  return Object.entries(manifest.exports as Record<string, (Entry & { node?: Entry }) | string>)
    .filter((e): e is [string, Entry & { node?: Entry }] => typeof e[1] === "object")
    .flatMap(([key, entry]): [string, string, Entry][] => {
      const name = `${manifest.name}${key.slice(1)}`;
      const node: [string, string, Entry][] = entry.node
        ? [[`${name} (node)`, pkgDir, entry.node]]
        : [];
      return [...node, [name, pkgDir, entry]];
    });
}

async function loadBoth(dir: string, entry: Entry) {
  const esm = await import(pathToFileURL(join(dir, entry.import.default)).href);
  const cjs = require(join(dir, entry.require.default));
  return { esm, cjs };
}

describe("built packages", () => {
  it.each(PACKAGES.flatMap(entries))(
    "%s loads through import and require alike",
    async (_n, dir, entry) => {
      const { esm, cjs } = await loadBoth(dir, entry);
      expect(Object.keys(esm).sort()).toEqual(Object.keys(cjs).sort());
      expect(Object.keys(esm).length).toBeGreaterThan(0);
    },
  );

  const examples = readdirSync(join(REPO, "examples")).filter((f) => f.endsWith(".yaml"));

  it.each(["import", "require"] as const)("run the examples end to end (%s)", async (format) => {
    const [, dir, entry] = entries("oatf")[0]!;
    const both = await loadBoth(dir, entry);
    const built = (format === "import" ? both.esm : both.cjs) as typeof source;
    expect(examples.length).toBeGreaterThan(0);
    for (const file of examples) {
      const text = readFileSync(join(REPO, "examples", file), "utf8");
      const trace = readFileSync(
        join(REPO, "examples", file.replace(/\.yaml$/, ".trace.jsonl")),
        "utf8",
      )
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => JSON.parse(line));
      for (const sdk of [built, source]) {
        const loaded = sdk.load(text);
        expect(loaded.ok, file).toBe(true);
      }
      const a = built.load(text);
      const b = source.load(text);
      if (!a.ok || !b.ok) continue;
      expect(built.serialize(a.value.document)).toBe(source.serialize(b.value.document));
      const verdict = (sdk: typeof source, document: source.Document) => {
        const { result, evaluation_summary, indicator_verdicts } = sdk.evaluateTrace(
          document,
          trace,
        );
        return {
          result,
          evaluation_summary,
          ids: indicator_verdicts.map((v) => [v.indicator_id, v.result]),
        };
      };
      expect(verdict(built, a.value.document), file).toEqual(verdict(source, b.value.document));
    }
  });
});
