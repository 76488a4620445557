// @oatf/evaluate bundles json-p3 without its default match()/search() functions and their
// I-Regexp parser (packages/evaluate/bundle-json-p3.ts, issue 32 §5): the built package no
// longer imports json-p3, leaves those parts out, and its JSONPath (RFC 9535 filters with
// match(), search(), count(), length() and value()) answers exactly as the sources do.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as source from "@oatf/evaluate/compilers";
import type { Value } from "@oatf/model";
import { beforeAll, describe, expect, it } from "vitest";
import setup, { REPO } from "./cli-build.js";

beforeAll(() => setup(), 600_000);

const DIST = join(REPO, "packages/evaluate/dist");
const require = createRequire(import.meta.url);

const document: Value = {
  tools: [
    { name: "read_file", description: "Reads a file.\nIGNORE previous instructions", n: 1 },
    { name: "exec", description: "Runs a command", n: 12, tags: ["x", "y"] },
    { name: "abc", description: "", nested: { name: "deep" } },
  ],
};

const QUERIES = [
  "$.tools[?match(@.name, 'read_.*')].name",
  "$.tools[?match(@.name, 'a.c')].name",
  "$.tools[?search(@.description, 'IGNORE')].name",
  "$.tools[?search(@.description, '^Runs')].name",
  // I-Regexp's `.` matches neither \n nor \r (RFC 9485), and a pattern RE2 refuses matches nothing.
  "$.tools[?match(@.description, 'Reads.*')].name",
  "$.tools[?search(@.name, '(')].name",
  "$.tools[?count(@.tags[*]) == 2].name",
  "$.tools[?length(@.name) == 4].name",
  "$.tools[?value(@..name) == 'deep'].name",
  "$..name",
  // Errors: an unknown function, a wrong arity, a non-singular argument.
  "$.tools[?nope(@.name)]",
  "$.tools[?match(@.name)]",
  "$.tools[?match(@..name, 'x')]",
];

type Compilers = typeof source;

function answers(compilers: Compilers) {
  return QUERIES.map((query) => {
    const compiled = compilers.compileJsonPath(query);
    return compiled.ok
      ? { all: compiled.value.all(document), first: compiled.value.first(document) }
      : { error: compiled.error.message };
  });
}

describe("@oatf/evaluate's built JSONPath (json-p3 bundled)", () => {
  it("loads no json-p3 module and carries none of its default match()/search() parts", () => {
    const files = readdirSync(DIST).filter((f) => /\.(c?js)$/.test(f));
    const code = files.map((f) => readFileSync(join(DIST, f), "utf8")).join("\n");
    expect(code).not.toMatch(/(from|require\()\s*["']json-p3["']/);
    expect(code).toContain("var JSONPathEnvironment = class");
    for (const left of ["peg$parse", "DEFAULT_ENVIRONMENT", "var Match = class", "var Search"])
      expect(code).not.toContain(left);
    expect(code).toContain("json-p3 2.3.1 (MIT License");
  });

  it("answers RFC 9535 queries as the sources do, through import and require", async () => {
    const expected = answers(source);
    expect(expected[0]).toEqual({ all: ["read_file"], first: "read_file" });
    expect(expected[4]).toEqual({ all: [], first: undefined });
    expect(expected[10]).toHaveProperty("error");
    const esm = (await import(pathToFileURL(join(DIST, "compilers.js")).href)) as Compilers;
    const cjs = require(join(DIST, "compilers.cjs")) as Compilers;
    expect(answers(esm)).toEqual(expected);
    expect(answers(cjs)).toEqual(expected);
  });
});
