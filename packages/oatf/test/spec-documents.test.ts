// Every complete OATF document in the specification (a fenced ```yaml block in
// examples/, getting-started/, specification/ or reference/ with a root `oatf:` key) is test
// data: it must parse, load without errors, and survive serialize. The blocks are
// read from the spec directory in place, never copied into the project.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { load, parse, serialize } from "oatf";
import { describe, expect, it } from "vitest";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const SPEC = resolve(process.env.OATF_SPEC_DIR ?? join(repoRoot, "../shared/spec/oatf"));
const hasSpec = existsSync(SPEC);

/**
 * Blocks that look like documents but are not meant to be complete ones, with why.
 * Each must still fail to parse, so a change in the spec shows up here.
 */
const NOT_DOCUMENTS: { file: string; marker: string; why: string }[] = [
  {
    file: "specification/document-structure.md",
    marker: "version: integer?",
    why: "the schema sketch of §4.1: placeholders such as `integer?` and `enum(...)`",
  },
  {
    file: "getting-started/quick-start.md",
    marker: "attack:\n  # ...",
    why: "the IDE-integration snippet, whose `attack` is elided (`# ...`)",
  },
];

interface Block {
  name: string;
  file: string;
  text: string;
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) return markdownFiles(path);
      return path.endsWith(".md") ? [path] : [];
    });
}

function documentBlocks(): Block[] {
  const blocks: Block[] = [];
  for (const dir of ["examples", "getting-started", "specification", "reference"]) {
    for (const path of markdownFiles(join(SPEC, dir))) {
      const source = readFileSync(path, "utf8");
      for (const match of source.matchAll(/^([ \t]*)```ya?ml[^\n]*\n([\s\S]*?)^\1```/gm)) {
        const indent = match[1]!;
        const text = match[2]!
          .split("\n")
          .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
          .join("\n");
        if (!/^oatf:/m.test(text)) continue;
        const file = relative(SPEC, path);
        const line = source.slice(0, match.index).split("\n").length;
        blocks.push({ name: `${file}:${line}`, file, text });
      }
    }
  }
  return blocks;
}

const blocks = hasSpec ? documentBlocks() : [];
const isFragment = (b: Block) =>
  NOT_DOCUMENTS.find((n) => n.file === b.file && b.text.includes(n.marker));
const documents = blocks.filter((b) => !isFragment(b));
const fragments = blocks.filter(isFragment);

describe.skipIf(!hasSpec)("documents in the specification", () => {
  it("finds them", () => {
    expect(documents.length).toBeGreaterThanOrEqual(8);
    expect(fragments).toHaveLength(NOT_DOCUMENTS.length);
  });

  it.each(documents.map((b) => [b.name, b] as const))("%s parses and loads", (_name, block) => {
    const parsed = parse(block.text);
    expect(parsed.ok ? [] : parsed.error).toEqual([]);
    const loaded = load(block.text);
    expect(loaded.ok ? [] : loaded.error).toEqual([]);
  });

  it.each(documents.map((b) => [b.name, b] as const))("%s round-trips", (_name, block) => {
    const parsed = parse(block.text);
    if (!parsed.ok) throw new Error("does not parse");
    const again = parse(serialize(parsed.value));
    expect(again.ok && again.value).toEqual(parsed.value);

    const loaded = load(block.text);
    if (!loaded.ok) throw new Error("does not load");
    const reloaded = load(serialize(loaded.value.document));
    expect(reloaded.ok && reloaded.value.document).toEqual(loaded.value.document);
  });

  it.each(fragments.map((b) => [b.name, b] as const))(
    "%s is a fragment, not a document",
    (_n, b) => {
      expect(parse(b.text).ok).toBe(false);
    },
  );
});
