// Runs the upstream conformance fixtures for dot-path resolution when they are
// available next to the project. They are read in place, never copied.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { resolveSimplePath, resolveWildcardPath } from "@oatf/paths";
import { describe, expect, it } from "vitest";

const dir = "/work/shared/conformance/upstream/primitives";
type Fixture = {
  name: string;
  id: string;
  input: { path: string; value: unknown };
  expected: unknown;
};

// @oatf/paths has no YAML dependency of its own; borrow the parser @oatf/model uses.
function loadYaml(): ((text: string) => unknown) | undefined {
  try {
    const model = fileURLToPath(new URL("../../model/package.json", import.meta.url));
    return (createRequire(model)("yaml") as { parse: (text: string) => unknown }).parse;
  } catch {
    return undefined;
  }
}

const parse = loadYaml();
const load = (file: string): Fixture[] =>
  parse && existsSync(`${dir}/${file}`)
    ? (parse(readFileSync(`${dir}/${file}`, "utf8")) as Fixture[])
    : [];

const simple = load("resolve-simple-path.yaml");
const wildcard = load("resolve-wildcard-path.yaml");

describe.skipIf(simple.length === 0)("conformance: resolve-simple-path.yaml", () => {
  it.each(simple.map((f) => [f.id, f] as const))("%s", (_id, fixture) => {
    const actual = resolveSimplePath(fixture.input.path, fixture.input.value);
    const expected = fixture.expected as { found?: boolean; value?: unknown } | null;
    if (expected === null) expect(actual).toBeUndefined();
    else if (typeof expected === "object" && expected.found === true) {
      expect(actual).toEqual(expected.value);
    } else expect(actual).toEqual(expected);
  });
});

describe.skipIf(wildcard.length === 0)("conformance: resolve-wildcard-path.yaml", () => {
  it.each(wildcard.map((f) => [f.id, f] as const))("%s", (_id, fixture) => {
    const expected = fixture.expected as { values: unknown[] };
    expect(resolveWildcardPath(fixture.input.path, fixture.input.value)).toEqual(expected.values);
  });
});
