// oatf/schema.json (issue 25): generated from the field table parse reads with, kept up to
// date, and checked against what the SDK and the spec's own JSON Schema accept and reject.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  allCases,
  type SuiteCase,
  upstreamCases,
  upstreamFiles,
  upstreamText,
} from "@oatf/conformance";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { runCli } from "../src/cli/main.js";
import { schemaText } from "../src/schema.js";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const repoRoot = resolve(packageDir, "../..");
const SPEC = resolve(process.env.OATF_SPEC_DIR ?? join(repoRoot, "../shared/spec/oatf"));
const SPEC_SCHEMA = join(SPEC, "schemas", "v0.1.json");

function specSchema(): object {
  if (!existsSync(SPEC_SCHEMA)) {
    throw new Error(`the spec's JSON Schema is not at ${SPEC_SCHEMA}; set OATF_SPEC_DIR`);
  }
  return JSON.parse(readFileSync(SPEC_SCHEMA, "utf8"));
}

function validator(schema: object, strict = true): (document: unknown) => boolean {
  // Strict for ours (no unknown keywords or formats), except `required` of keys declared
  // in the parent (`if`, `oneOf` branches), which is how JSON Schema says "one of these keys".
  const ajv = new Ajv2020({ allErrors: true, strict, strictRequired: false });
  addFormats.default(ajv);
  const check = ajv.compile(schema);
  return (document) => check(document) as boolean;
}

const shipped = readFileSync(join(packageDir, "schema.json"), "utf8");
const ours = validator(JSON.parse(shipped));
const theirs = validator(specSchema(), false);
const yaml = (text: string): unknown => parseYaml(text, { version: "1.2" });

describe("schema.json", () => {
  it("is what the field table generates (run `pnpm --filter oatf schema` after changing it)", () => {
    expect(shipped).toBe(schemaText());
  });

  it("is what `oatf schema` prints", async () => {
    let out = "";
    const code = await runCli(["schema"], {
      stdout: { write: (chunk: string) => (out += chunk) },
      stderr: { write: () => true },
    });
    expect(code).toBe(0);
    expect(out).toBe(shipped);
  });

  it("is shipped: listed in the package's files and exports", () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
    expect(manifest.files).toContain("schema.json");
    expect(manifest.exports["./schema.json"]).toBe("./schema.json");
  });
});

describe("it accepts", () => {
  const examples = readdirSync(join(repoRoot, "examples")).filter((f) => f.endsWith(".yaml"));

  it.each(examples)("examples/%s", (file) => {
    expect(examples.length).toBeGreaterThan(0);
    expect(ours(yaml(readFileSync(join(repoRoot, "examples", file), "utf8")))).toBe(true);
  });

  it.each(upstreamFiles("parse/valid"))(
    "the conformance document parse/valid/%s, as the spec's schema does",
    (file) => {
      const document = yaml(upstreamText(`parse/valid/${file}`));
      expect(theirs(document)).toBe(true);
      expect(ours(document)).toBe(true);
    },
  );

  const valid = upstreamCases<string, { valid?: boolean }>("validate").filter(
    (c) => c.expected.valid === true && theirs(yaml(c.input)),
  );
  it.each(valid.map((c) => [c.id, c] as const))(
    "every valid validate case the spec's schema accepts: %s",
    (_, c) => {
      expect(ours(yaml(c.input))).toBe(true);
    },
  );
});

describe("it rejects what V-001..V-005 reject", () => {
  type Expected = { errors?: { rule: string; path?: string }[] };
  const envelope = /^V-00[1-5]$/;
  const cases = allCases<string, Expected>("validate").filter((c) =>
    (c.expected.errors ?? []).some((e) => envelope.test(e.rule)),
  );

  /**
   * Binding-specific content (`state`) is free-form in the field table, as in the spec's
   * schema ("What It Does Not Validate"): a V-005 inside it is validate's alone.
   */
  const inFreeForm = (c: SuiteCase<string, Expected>) =>
    (c.expected.errors ?? []).every((e) => /\.state(\.|$)/.test(e.path ?? ""));

  it("has cases, and leaves out only those inside free-form content", () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
    const outside = cases.filter((c) => inFreeForm(c));
    for (const c of outside) expect(theirs(yaml(c.input))).toBe(true);
    expect(outside.length).toBeLessThan(cases.length / 2);
  });

  it.each(cases.filter((c) => !inFreeForm(c)).map((c) => [c.id, c.name, c] as const))(
    "%s %s",
    (_, __, c) => {
      expect(ours(yaml(c.input))).toBe(false);
    },
  );

  it.each([
    ["an unknown field", "attack:\n  execution: {mode: mcp_server, state: {}}\n  severty: high\n"],
    [
      "a bad tier",
      "attack:\n  execution: {mode: mcp_server, state: {}}\n  indicators: [{target: x, tier: bogus, pattern: {contains: y}}]\n",
    ],
    [
      "two shorthand operators",
      "attack:\n  execution: {mode: mcp_server, state: {}}\n  indicators: [{target: x, pattern: {contains: y, regex: z}}]\n",
    ],
    [
      "a trigger count of 0",
      "attack:\n  execution:\n    mode: mcp_server\n    phases: [{state: {}, trigger: {event: tools/call, count: 0}}, {name: b}]\n",
    ],
    [
      "empty semantic examples",
      "attack:\n  execution: {mode: mcp_server, state: {}}\n  indicators: [{target: x, semantic: {intent: i, examples: {}}}]\n",
    ],
    [
      "an operator mapping that is not a MatchCondition",
      "attack:\n  execution:\n    mode: mcp_server\n    phases: [{state: {}, trigger: {event: tools/call, match: {a: {contains: 1}}}}, {name: b}]\n",
    ],
  ])("and what parse rejects: %s", (_, attack) => {
    const text = `oatf: "0.1"\n${attack}`;
    expect(ours(yaml(text))).toBe(false);
  });
});
