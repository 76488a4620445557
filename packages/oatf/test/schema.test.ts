// oatf/schema.json (issue 25): generated from the field table parse reads with, kept up to
// date, and checked against what the SDK and the spec's own JSON Schema accept and reject.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  allCases,
  type SuiteCase,
  upstreamCases,
  upstreamFiles,
  upstreamText,
} from "@oatf/conformance";
import { ENUM_DESCRIPTIONS_KEYWORD } from "@oatf/model/shape";
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
  // Strict for ours (no unknown keywords or formats but the enum descriptions editors read),
  // except `required` of keys declared in the parent (`if`, `oneOf` branches), which is how
  // JSON Schema says "one of these keys".
  const ajv = new Ajv2020({
    allErrors: true,
    strict,
    strictRequired: false,
    keywords: [ENUM_DESCRIPTIONS_KEYWORD],
  });
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

  it("describes every property, from the specification, and says what it is", () => {
    const schema = JSON.parse(shipped);
    const properties: [string, { description?: string }][] = [];
    const visit = (node: unknown, path: string): void => {
      if (typeof node !== "object" || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        if (key === "properties")
          for (const [name, property] of Object.entries(value as object))
            properties.push([`${path}/${name}`, property]);
        visit(value, `${path}/${key}`);
      }
    };
    visit(schema, "");
    expect(properties.length).toBeGreaterThanOrEqual(106);
    expect(properties.filter(([, p]) => !p.description).map(([path]) => path)).toEqual([]);
    expect(schema).toMatchObject({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "https://unpkg.com/oatf/schema.json",
      title: "OATF document",
    });
    const status = schema.$defs.Attack.properties.status;
    expect(status.description).toBe("Lifecycle status. Default: `draft`. (SDK §2.3 Attack)");
    expect(status[ENUM_DESCRIPTIONS_KEYWORD][status.enum.indexOf("draft")]).toBe(
      "Under active development. Schema may change without notice.",
    );
    expect(schema.$defs.Execution.properties.mode.examples).toContain("mcp_server");
    expect(schema.$defs.Trigger.properties.after.examples).toContain("30s");
    // Each enum's descriptions line up with its values.
    const enums: { enum: unknown[]; [ENUM_DESCRIPTIONS_KEYWORD]?: string[] }[] = [];
    const collect = (node: unknown): void => {
      if (typeof node !== "object" || node === null) return;
      if ("enum" in node) enums.push(node as (typeof enums)[number]);
      for (const value of Object.values(node)) collect(value);
    };
    collect(schema);
    const described = enums.filter((e) => e[ENUM_DESCRIPTIONS_KEYWORD]);
    expect(described.length).toBeGreaterThanOrEqual(8);
    for (const e of described) expect(e[ENUM_DESCRIPTIONS_KEYWORD]).toHaveLength(e.enum.length);
  });

  it("is read by the README's Ajv example, as written, in a project that installed oatf", () => {
    const readme = readFileSync(join(packageDir, "README.md"), "utf8");
    const example = /```js\n(import [\s\S]*?ajv\/dist\/2020[\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toBeDefined();
    const project = mkdtempSync(join(tmpdir(), "oatf-ajv-"));
    mkdirSync(join(project, "node_modules"));
    symlinkSync(packageDir, join(project, "node_modules/oatf"));
    for (const dependency of ["ajv", "yaml"])
      symlinkSync(
        join(packageDir, "node_modules", dependency),
        join(project, "node_modules", dependency),
      );
    writeFileSync(join(project, "example.mjs"), example!);
    const run = (attack: string) => {
      writeFileSync(join(project, "attack.yaml"), attack);
      return execFileSync(process.execPath, ["example.mjs"], { cwd: project, encoding: "utf8" });
    };
    const valid = readFileSync(join(repoRoot, "examples/mcp-rug-pull.yaml"), "utf8");
    expect(run(valid)).toBe("");
    const errors = run(valid.replace("status: stable", "status: drafty"));
    expect(errors).toContain("instancePath: '/attack/status'");
    expect(errors).toContain("must be equal to one of the allowed values");
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
