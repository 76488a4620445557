// `oatf evaluate --format sarif` and `oatf validate --format sarif` (issue 37 §3): every log
// valid against the SARIF 2.1.0 schema as shipped in an npm package (nothing fetched), one
// rule per indicator with its taxonomies, one result per matched indicator at its trace line,
// fingerprints that stay the same from run to run.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv4 from "ajv-draft-04";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { runCli } from "../src/cli/main.js";

const require = createRequire(import.meta.url);
const schemaFile = require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json");
// The schema's `language` pattern is not valid with the `u` flag: ajv compiles it without.
const ajv = new Ajv4({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats.default(ajv);
const checkSarif = ajv.compile(JSON.parse(readFileSync(schemaFile, "utf8")));

const examples = join(import.meta.dirname, "../../../examples");

// biome-ignore lint/suspicious/noExplicitAny: SARIF logs are read as plain JSON
type Json = any;

async function cli(args: string[], cwd: string, stdin?: string) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    cwd,
    ...(stdin === undefined
      ? {}
      : {
          stdin: (async function* () {
            yield stdin;
          })(),
        }),
  });
  return { code, stdout, stderr };
}

function valid(log: Json): Json {
  const ok = checkSarif(log);
  expect(ok ? [] : checkSarif.errors).toEqual([]);
  return log;
}

const MAPPED = `oatf: "0.1"
attack:
  id: MAP-001
  name: "Mapped"
  description: "A server that leaks a key"
  severity: { level: critical, confidence: 80 }
  classification:
    category: response_fabrication
    mappings:
      - framework: atlas
        id: AML.T0051.002
        name: "Indirect Prompt Injection"
      - framework: mitre_attack
        id: T1195.002
        relationship: related
      - framework: owasp_llm
        id: LLM01
      - framework: owasp_agentic
        id: ASI-01
      - framework: owasp_mcp
        id: MCP-03
      - framework: cwe
        id: CWE-74
      - framework: nist_ai_rmf
        id: MS-2.7
        url: "https://example.org/ms-2.7"
  execution:
    mode: mcp_server
    state:
      tools: []
  indicators:
    - id: MAP-001-01
      surface: tools/call
      direction: response
      description: "A private key in a tool result"
      target: "content[*].text"
      pattern: { contains: "PRIVATE KEY" }
    - id: MAP-001-02
      surface: tools/call
      direction: response
      severity: low
      target: "content[*].text"
      pattern: { contains: "never there" }
`;
const line = (text: string) =>
  JSON.stringify({
    protocol: "mcp",
    direction: "response",
    operation: "tools/call",
    content: { content: [{ type: "text", text }] },
  });
const TRACE = `${line("hello")}\n${line("hello again")}\n${line("-----BEGIN PRIVATE KEY-----")}\n`;

function workdir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "oatf-sarif-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe("oatf evaluate --format sarif", () => {
  it("has one rule per indicator with its description, severity and taxonomies", async () => {
    const dir = workdir({ "mapped.yaml": MAPPED, "trace.jsonl": TRACE });
    const r = await cli(
      ["evaluate", "mapped.yaml", "--trace", "trace.jsonl", "--format", "sarif"],
      dir,
    );
    expect(r.code).toBe(1);
    const run = valid(JSON.parse(r.stdout)).runs[0];
    const rules = run.tool.driver.rules;
    expect(rules.map((x: Json) => x.id)).toEqual(["MAP-001-01", "MAP-001-02"]);
    expect(rules[0].shortDescription.text).toBe("A private key in a tool result");
    expect(rules[0].defaultConfiguration.level).toBe("error");
    expect(rules[0].properties["security-severity"]).toBe("9.5");
    expect(rules[1].defaultConfiguration.level).toBe("note"); // the indicator's own severity
    expect(rules[0].properties.tags).toContain("response_fabrication");
    // Every mapping is a taxon of its framework's taxonomy, and a relationship of each rule.
    const names = run.taxonomies.map((t: Json) => t.name);
    expect(names).toEqual([
      "MITRE ATLAS",
      "MITRE ATT&CK",
      "OWASP Top 10 for LLM Applications",
      "OWASP Top 10 for Agentic Applications",
      "OWASP MCP Top 10",
      "CWE",
      "nist_ai_rmf",
    ]);
    expect(run.tool.driver.supportedTaxonomies.map((t: Json) => t.name)).toEqual(names);
    const cwe = run.taxonomies[5].taxa[0];
    expect(cwe).toMatchObject({
      id: "CWE-74",
      helpUri: "https://cwe.mitre.org/data/definitions/74.html",
    });
    expect(run.taxonomies[6].taxa[0].helpUri).toBe("https://example.org/ms-2.7");
    const targets = rules[0].relationships.map((x: Json) => [
      x.target.id,
      x.target.toolComponent.name,
      x.kinds[0],
    ]);
    expect(targets).toContainEqual(["AML.T0051.002", "MITRE ATLAS", "superset"]);
    expect(targets).toContainEqual(["T1195.002", "MITRE ATT&CK", "relevant"]);
    for (const rel of rules[1].relationships) {
      expect(run.taxonomies[rel.target.toolComponent.index].name).toBe(
        rel.target.toolComponent.name,
      );
    }
  });

  it("has one result per matched indicator, at the trace line that decided it", async () => {
    const dir = workdir({ "mapped.yaml": MAPPED, "trace.jsonl": TRACE });
    const r = await cli(
      ["evaluate", "mapped.yaml", "--trace", "trace.jsonl", "--format", "sarif"],
      dir,
    );
    const results = valid(JSON.parse(r.stdout)).runs[0].results;
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ ruleId: "MAP-001-01", ruleIndex: 0, level: "error" });
    expect(results[0].locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: "trace.jsonl", uriBaseId: "%SRCROOT%" },
      region: { startLine: 3 },
    });
    expect(results[0].relatedLocations[0].physicalLocation.artifactLocation.uri).toBe(
      "mapped.yaml",
    );
    expect(results[0].message.text).toContain("MAP-001-01 matched: line 3");
    expect(results[0].properties).toMatchObject({ attack_id: "MAP-001", verdict: "exploited" });
  });

  it("gives each finding a fingerprint that is the same on every run", async () => {
    const dir = workdir({ "mapped.yaml": MAPPED, "trace.jsonl": TRACE });
    const args = ["evaluate", "mapped.yaml", "--trace", "trace.jsonl", "--format", "sarif"];
    const first = JSON.parse((await cli(args, dir)).stdout).runs[0].results;
    await new Promise((resolve) => setTimeout(resolve, 5)); // another evaluation timestamp
    const second = JSON.parse((await cli(args, dir)).stdout).runs[0].results;
    expect(first[0].fingerprints["oatf/v1"]).toMatch(/^[0-9a-f]{64}$/);
    expect(second[0].fingerprints).toEqual(first[0].fingerprints);
    // A different trace line is a different finding.
    writeFileSync(join(dir, "trace.jsonl"), `${line("x")}\n${TRACE}`);
    const moved = JSON.parse((await cli(args, dir)).stdout).runs[0].results;
    expect(moved[0].locations[0].physicalLocation.region.startLine).toBe(4);
    expect(moved[0].fingerprints).not.toEqual(first[0].fingerprints);
  });

  it("is valid for the examples, several documents at once, and a trace on stdin", async () => {
    const all = await cli(
      ["evaluate", "*.yaml", "--trace", "cross-protocol-chain.trace.jsonl", "--format", "sarif"],
      examples,
    );
    const run = valid(JSON.parse(all.stdout)).runs[0];
    const indicators = run.tool.driver.rules.length;
    expect(indicators).toBeGreaterThanOrEqual(8);
    for (const result of run.results) {
      expect(run.tool.driver.rules[result.ruleIndex].id).toBe(result.ruleId);
    }
    const trace = readFileSync(join(examples, "mcp-rug-pull.trace.jsonl"), "utf8");
    const piped = await cli(
      ["evaluate", "mcp-rug-pull.yaml", "--trace", "-", "--format", "sarif"],
      examples,
      trace,
    );
    const results = valid(JSON.parse(piped.stdout)).runs[0].results;
    expect(results.length).toBe(3);
    // No trace file to point at: the finding is located in the document.
    expect(results[0].locations[0].physicalLocation.artifactLocation.uri).toBe("mcp-rug-pull.yaml");
  });

  it("keeps rule ids unique when documents share indicator ids, results on their own rule", async () => {
    // A fork of MAP-001 under the same attack id, which the trace exploits through its second
    // indicator; and two documents without attack ids (both `indicator-01`).
    const fork = MAPPED.replace('name: "Mapped"', 'name: "Forked"').replace(
      '"never there"',
      '"hello again"',
    );
    const anonymous = (text: string) =>
      `oatf: "0.1"\nattack:\n  name: "Anonymous"\n  execution:\n    mode: mcp_server\n    state:\n      tools: []\n  indicators:\n    - surface: tools/call\n      direction: response\n      target: "content[*].text"\n      pattern: { contains: "${text}" }\n`;
    const dir = workdir({
      "a.yaml": MAPPED,
      "b.yaml": fork,
      "c.yaml": anonymous("PRIVATE KEY"),
      "d.yaml": anonymous("nowhere"),
      "trace.jsonl": TRACE,
    });
    const args = ["evaluate", "a.yaml", "b.yaml", "c.yaml", "d.yaml", "--trace", "trace.jsonl"];
    const r = await cli([...args, "--format", "sarif"], dir);
    const run = valid(JSON.parse(r.stdout)).runs[0];
    const rules = run.tool.driver.rules;
    expect(rules.map((x: Json) => x.id)).toEqual([
      "a.yaml#MAP-001-01",
      "a.yaml#MAP-001-02",
      "b.yaml#MAP-001-01",
      "b.yaml#MAP-001-02",
      "c.yaml#indicator-01",
      "d.yaml#indicator-01",
    ]);
    expect(new Set(rules.map((x: Json) => x.id)).size).toBe(rules.length);
    expect(rules[2].properties).toMatchObject({
      indicator_id: "MAP-001-01",
      document: "b.yaml",
      attack_id: "MAP-001",
    });
    // Each result names the rule at its index, of its own document.
    const found = run.results.map((x: Json) => [x.ruleId, x.properties.document]);
    expect(found).toEqual([
      ["a.yaml#MAP-001-01", "a.yaml"],
      ["b.yaml#MAP-001-01", "b.yaml"],
      ["b.yaml#MAP-001-02", "b.yaml"],
      ["c.yaml#indicator-01", "c.yaml"],
    ]);
    for (const result of run.results) {
      expect(rules[result.ruleIndex].id).toBe(result.ruleId);
      expect(rules[result.ruleIndex].properties.document).toBe(result.properties.document);
    }
    expect(rules[3].defaultConfiguration.level).toBe("note"); // b's own MAP-001-02, low
    // One document alone keeps its indicator ids as rule ids, as before.
    const alone = JSON.parse(
      (await cli(["evaluate", "b.yaml", "--trace", "trace.jsonl", "--format", "sarif"], dir))
        .stdout,
    );
    expect(alone.runs[0].tool.driver.rules.map((x: Json) => x.id)).toEqual([
      "MAP-001-01",
      "MAP-001-02",
    ]);
  });

  it("locates a HAR finding at the line its entry starts on", async () => {
    const har = JSON.stringify(
      {
        log: {
          version: "1.2",
          creator: { name: "t", version: "1" },
          entries: [
            {
              startedDateTime: "2026-11-27T10:00:00.000Z",
              time: 1,
              request: {
                method: "POST",
                url: "http://127.0.0.1:3000/mcp",
                headers: [],
                postData: {
                  mimeType: "application/json",
                  text: '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"read"}}',
                },
              },
              response: {
                status: 200,
                headers: [],
                content: {
                  mimeType: "application/json",
                  text: '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"PRIVATE KEY"}]}}',
                },
              },
            },
          ],
        },
      },
      undefined,
      2,
    );
    const dir = workdir({ "mapped.yaml": MAPPED, "capture.har": har });
    const r = await cli(
      ["evaluate", "mapped.yaml", "--trace", "capture.har", "--format", "sarif"],
      dir,
    );
    const [result] = valid(JSON.parse(r.stdout)).runs[0].results;
    // The entry's `{` is the line above `startedDateTime`: its 1-based number is that index.
    const entryLine = har.split("\n").findIndex((l) => l.includes("startedDateTime"));
    expect(result.locations[0].physicalLocation).toMatchObject({
      artifactLocation: { uri: "capture.har" },
      region: { startLine: entryLine },
    });
  });
});

describe("oatf evaluate --format sarif on blind indicators (issue 32 §3)", () => {
  it("says each skipped indicator's warning as a tool notification on its rule", async () => {
    const blind = MAPPED.replace("surface: tools/call", "surface: tools/cal");
    const dir = workdir({ "blind.yaml": blind, "trace.jsonl": TRACE });
    const r = await cli(
      ["evaluate", "blind.yaml", "--trace", "trace.jsonl", "--format", "sarif"],
      dir,
    );
    const run = valid(JSON.parse(r.stdout)).runs[0];
    expect(run.results).toEqual([]);
    const [notification, ...others] = run.invocations[0].toolExecutionNotifications;
    expect(others).toEqual([]);
    expect(notification).toEqual({
      level: "warning",
      message: {
        text: "blind.yaml: indicator MAP-001-01: surface tools/cal matched no message; the trace has tools/call (3)",
      },
      associatedRule: { id: "MAP-001-01", index: 0 },
    });
    expect(run.invocations[0].executionSuccessful).toBe(true);
  });

  it("has no invocations when every indicator saw the trace", async () => {
    const dir = workdir({ "mapped.yaml": MAPPED, "trace.jsonl": TRACE });
    const r = await cli(
      ["evaluate", "mapped.yaml", "--trace", "trace.jsonl", "--format", "sarif"],
      dir,
    );
    expect(valid(JSON.parse(r.stdout)).runs[0].invocations).toBeUndefined();
  });
});

describe("oatf validate --format sarif", () => {
  it("is valid SARIF 2.1.0", async () => {
    const dir = workdir({ "bad.yaml": `oatf: "0.1"\nattack:\n  severity: extreme\n` });
    const r = await cli(["validate", "bad.yaml", "--format", "sarif"], dir);
    expect(r.code).toBe(1);
    expect(valid(JSON.parse(r.stdout)).runs[0].results.length).toBeGreaterThan(0);
  });
});
