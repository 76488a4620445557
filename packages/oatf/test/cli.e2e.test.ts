// End to end: spawn the built `oatf` bin and check output and exit codes of every command.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import setup, { CLI, REPO } from "./cli-build.js";

beforeAll(() => setup(), 600_000);

function oatf(args: string[], cwd = REPO, input?: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    input,
    encoding: "utf8",
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const tmp = mkdtempSync(join(tmpdir(), "oatf-cli-"));
const write = (name: string, text: string) => {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
};
const VALID = `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state:\n      tools: []\n`;
const INVALID = `oatf: "0.1"\nattack:\n  severity: extreme\n  execution:\n    mode: mcp_server\n    state:\n      tools: []\n`;
const RUG = "examples/mcp-rug-pull.yaml";
const RUG_TRACE = "examples/mcp-rug-pull.trace.jsonl";

describe("oatf", () => {
  it("prints help and version, rejects unknown commands with 2", () => {
    expect(oatf(["--help"]).code).toBe(0);
    expect(oatf(["--version"]).stdout).toMatch(/^\d+\.\d+\.\d+/);
    const r = oatf(["frobnicate"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown command");
  });
});

describe("oatf validate", () => {
  it("exits 0 on valid examples (glob expanded by oatf)", () => {
    const r = oatf(["validate", "examples/*.yaml"]);
    expect(r.stdout).toContain("4 files valid");
    expect(r.code).toBe(0);
  });

  it("expands absolute globs, ** globs and directories, skipping dot-directories", () => {
    write("tree-a.yaml", VALID);
    mkdirSync(join(tmp, "nested/deeper"), { recursive: true });
    mkdirSync(join(tmp, ".hidden"), { recursive: true });
    write("nested/deeper/tree-b.yml", VALID);
    write(".hidden/tree-c.yaml", INVALID);
    for (const arg of [join(tmp, "**/tree-*.{yaml,yml}"), tmp]) {
      const r = oatf(["validate", "--format", "json", arg]);
      expect(r.code, arg).toBe(0);
      const json = JSON.parse(r.stdout) as { files: { file: string }[] };
      const files = json.files.map((f) => f.file);
      expect(files, arg).toEqual(
        expect.arrayContaining([join(tmp, "tree-a.yaml"), join(tmp, "nested/deeper/tree-b.yml")]),
      );
      expect(
        files.some((f) => f.includes(".hidden")),
        arg,
      ).toBe(false);
    }
  });

  it("reports file:line:col, rule, message and a code frame; exits 1", () => {
    const file = write("bad.yaml", INVALID);
    const r = oatf(["validate", file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${file}:3:13  error  V-005`);
    expect(r.stdout).toContain("> 3 |   severity: extreme");
    expect(r.stdout).toMatch(/\|\s+\^/);
  });

  it("reports YAML syntax errors with their position", () => {
    const r = oatf(["validate", write("syntax.yaml", "oatf: [unclosed\n")]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/syntax\.yaml:\d+:\d+ {2}error/);
  });

  it("--format json lists every file and diagnostic", () => {
    const r = oatf([
      "validate",
      "--format",
      "json",
      write("ok.yaml", VALID),
      write("bad2.yaml", INVALID),
    ]);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout);
    expect(json.valid).toBe(false);
    expect(json.files.map((f: { valid: boolean }) => f.valid)).toEqual([true, false]);
    expect(json.files[1].diagnostics[0]).toMatchObject({
      severity: "error",
      rule: "V-005",
      range: { start: { line: 3, column: 13 } },
    });
  });

  it("--format sarif emits SARIF 2.1.0 with rules and regions", () => {
    const r = oatf(["validate", "--format=sarif", write("bad3.yaml", INVALID)]);
    expect(r.code).toBe(1);
    const sarif = JSON.parse(r.stdout);
    expect(sarif.version).toBe("2.1.0");
    const run = sarif.runs[0];
    expect(run.tool.driver.name).toBe("oatf");
    expect(run.tool.driver.rules.map((x: { id: string }) => x.id)).toContain("V-005");
    expect(run.results[0]).toMatchObject({ ruleId: "V-005", level: "error" });
    expect(run.results[0].locations[0].physicalLocation.region).toEqual({
      startLine: 3,
      startColumn: 13,
      endLine: 3,
      endColumn: expect.any(Number),
    });
  });

  it("usage errors exit 2: no files, unknown option, bad format", () => {
    expect(oatf(["validate"]).code).toBe(2);
    expect(oatf(["validate", "--nope", RUG]).code).toBe(2);
    expect(oatf(["validate", "--format", "xml", RUG]).code).toBe(2);
  });

  it("missing files and unmatched globs: one line, exit 2", () => {
    const missing = oatf(["validate", join(tmp, "nope.yaml")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split("\n")).toHaveLength(1);
    expect(missing.stderr).toContain("no such file");
    const glob = oatf(["validate", "examples/*.nothing"]);
    expect(glob.code).toBe(2);
    expect(glob.stderr).toContain("no files match");
  });

  it("unreadable input (a directory given as a file): one line, exit 2", () => {
    const dir = join(tmp, "a-directory.yaml");
    mkdirSync(dir);
    for (const args of [
      ["normalize", dir],
      ["evaluate", RUG, "--trace", dir],
    ]) {
      const r = oatf(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
      expect(r.stderr, args.join(" ")).toContain("is a directory");
    }
  });
});

describe("oatf normalize", () => {
  it("prints canonical YAML that --check accepts", () => {
    const r = oatf(["normalize", write("n.yaml", VALID)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("actors:");
    const canonical = write("canonical.yaml", r.stdout);
    expect(oatf(["normalize", "--check", canonical]).code).toBe(0);
  });

  it("--check exits 1 when the file is not canonical", () => {
    const r = oatf(["normalize", "--check", write("n2.yaml", VALID)]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("not in canonical form");
  });

  it("invalid document exits 1, missing file 2, no file 2", () => {
    expect(oatf(["normalize", write("n3.yaml", INVALID)]).code).toBe(1);
    expect(oatf(["normalize", join(tmp, "missing.yaml")]).code).toBe(2);
    expect(oatf(["normalize"]).code).toBe(2);
  });
});

describe("oatf evaluate", () => {
  it("prints a verdict summary; exploited exits 1", () => {
    const r = oatf(["evaluate", RUG, "--trace", RUG_TRACE]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("exploited (max_tier: boundary_breach)");
  });

  it("--format json prints the AttackVerdict with max_tier after result", () => {
    const r = oatf(["evaluate", RUG, "--trace", RUG_TRACE, "--format", "json"]);
    const verdict = JSON.parse(r.stdout);
    expect(Object.keys(verdict).slice(0, 3)).toEqual(["attack_id", "result", "max_tier"]);
    expect(verdict.evaluation_summary).toEqual({
      matched: 3,
      not_matched: 0,
      error: 0,
      skipped: 0,
    });
  });

  it("not_exploited exits 0", () => {
    const r = oatf([
      "evaluate",
      "examples/a2a-skill-poisoning.yaml",
      "--trace",
      "examples/a2a-skill-poisoning.trace.jsonl",
    ]);
    expect(r.stdout).toContain("not_exploited");
    expect(r.code).toBe(0);
  });

  it("--fail-on-tier fails only at or above the tier", () => {
    const args = [
      "evaluate",
      "examples/ag-ui-injection.yaml",
      "--trace",
      "examples/ag-ui-injection.trace.jsonl",
    ];
    expect(oatf([...args, "--fail-on-tier", "boundary_breach"]).code).toBe(0);
    expect(oatf([...args, "--fail-on-tier", "local_action"]).code).toBe(1);
    expect(oatf([...args, "--fail-on-tier", "extreme"]).code).toBe(2);
  });

  it("an error verdict exits 3", () => {
    const doc = write(
      "cel.yaml",
      `${VALID}  indicators:\n    - target: ""\n      expression: { cel: "message.missing.x == 1" }\n`,
    );
    const trace = write(
      "cel.jsonl",
      `${JSON.stringify({ protocol: "mcp", direction: "request", operation: "tools/call", content: {} })}\n`,
    );
    const r = oatf(["evaluate", doc, "--trace", trace, "--format", "json"]);
    expect(JSON.parse(r.stdout).result).toBe("error");
    expect(r.code).toBe(3);
  });

  it("a document without indicators is an error verdict with its reason on stderr, exit 3", () => {
    const trace = write(
      "any.jsonl",
      `${JSON.stringify({ protocol: "mcp", direction: "request", operation: "tools/call", content: {} })}\n`,
    );
    const r = oatf(["evaluate", write("no-indicators.yaml", VALID), "--trace", trace]);
    expect(r.code).toBe(3);
    expect(r.stdout).toContain("error");
    expect(r.stderr).toContain("error: the attack has no indicators to evaluate");
  });

  it("invalid trace lines: one line naming file and line, exit 3", () => {
    const trace = write(
      "bad.jsonl",
      `${readFileSync(join(REPO, RUG_TRACE), "utf8").split("\n")[0]}\n{not json\n`,
    );
    const r = oatf(["evaluate", RUG, "--trace", trace]);
    expect(r.code).toBe(3);
    expect(r.stderr.trim()).toMatch(/bad\.jsonl:2: not JSON/);
    const shape = oatf(["evaluate", RUG, "--trace", write("shape.jsonl", '{"protocol":"mcp"}\n')]);
    expect(shape.code).toBe(3);
    expect(shape.stderr).toContain("shape.jsonl:1:");
  });

  it("invalid document exits 3; missing files and options exit 2", () => {
    expect(oatf(["evaluate", write("e.yaml", INVALID), "--trace", RUG_TRACE]).code).toBe(3);
    expect(oatf(["evaluate", join(tmp, "none.yaml"), "--trace", RUG_TRACE]).code).toBe(2);
    expect(oatf(["evaluate", RUG, "--trace", join(tmp, "none.jsonl")]).code).toBe(2);
    expect(oatf(["evaluate", RUG]).code).toBe(2);
  });
});

describe("oatf evaluate for CI gates", () => {
  const line = (content: object, operation = "tools/call") =>
    JSON.stringify({ protocol: "mcp", direction: "request", operation, content });

  it("several documents (a glob): a table, then totals; a document the trace cannot reach is an error", () => {
    const r = oatf(["evaluate", "examples/*.yaml", "--trace", RUG_TRACE]);
    // The A2A and AG-UI documents see no message of this MCP trace: skipped indicators, error
    // verdicts (issue 32: never a silent not_exploited), exit 3. The cross-protocol document's
    // MCP indicator sees the trace's messages (they name no actor, and its one MCP actor is
    // theirs: format §6 step 3); its A2A ones are skipped and said.
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      "examples/a2a-skill-poisoning.yaml: warning: indicator OATF-015-01: protocol a2a matched no message; the trace has mcp (6)",
    );
    const lines = r.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^DOCUMENT\s+RESULT\s+MAX_TIER\s+MATCHED$/);
    expect(lines.find((l) => l.startsWith("examples/mcp-rug-pull.yaml"))).toMatch(
      /exploited\s+boundary_breach\s+3\/3 OATF-003-01/,
    );
    expect(lines.at(-1)).toMatch(
      /^4 documents over 6 trace messages: 1 exploited, 0 partial, 1 not_exploited, 2 error; 1 failing$/,
    );
    expect(lines.find((l) => l.startsWith("examples/cross-protocol-chain.yaml"))).toMatch(
      /not_exploited\s+-\s+0\/3$/,
    );
    expect(r.stderr).toContain(
      "examples/cross-protocol-chain.yaml: warning: indicator OATF-030-02: protocol a2a matched no message; the trace has mcp (6)",
    );
  });

  it("evidence names the 1-based source line of the trace", () => {
    const r = oatf(["evaluate", RUG, "--trace", RUG_TRACE]);
    expect(r.stdout).toContain("OATF-003-02  line 6 (mcp tools/call request");
  });

  it("reads the trace from standard input with -", () => {
    const r = oatf(
      ["evaluate", RUG, "--trace", "-", "--format", "json"],
      REPO,
      readFileSync(join(REPO, RUG_TRACE), "utf8"),
    );
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).result).toBe("exploited");
  });

  // Two example documents and an invalid one, over the rug-pull trace.
  const gate = (format: string) => {
    const bad = write(`gate-invalid-${format}.yaml`, INVALID);
    const args = ["evaluate", RUG, "examples/a2a-skill-poisoning.yaml", bad, "--trace", RUG_TRACE];
    return { bad, ...oatf([...args, "--format", format]) };
  };

  it("--format json with several documents: one {document, verdict} per document", () => {
    const { bad, ...r } = gate("json");
    expect(r.code).toBe(3); // an invalid document wins over exploited
    const out = JSON.parse(r.stdout) as { document: string; verdict: { result: string } | null }[];
    expect(out.map((o) => [o.document, o.verdict?.result ?? null])).toEqual([
      [RUG, "exploited"],
      ["examples/a2a-skill-poisoning.yaml", "error"], // no A2A message: skipped
      [bad, null],
    ]);
  });

  it("--format junit: a test case per document, failures with evidence, errors for invalid ones", () => {
    const r = gate("junit");
    expect(r.stdout).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="oatf evaluate" tests="3" failures="1" errors="2"/,
    );
    expect(r.stdout).toContain(
      '<failure message="exploited (max_tier: boundary_breach)" type="exploited">OATF-003-01 matched: line 5',
    );
    // Every indicator skipped: the error says why, and so does the output.
    expect(r.stdout).toMatch(
      /name="OATF-015 A2A Skill Description Poisoning" file="examples\/a2a-skill-poisoning.yaml">\n {6}<error message="error" type="error">OATF-015-01 skipped: not evaluated: protocol a2a matched no message[^<]*<\/error>\n {6}<system-out>warning: indicator OATF-015-01: protocol a2a matched no message/,
    );
    expect(r.stdout).toMatch(
      /<error message="error" type="error">.*gate-invalid-junit.yaml is not a valid OATF document/,
    );
  });

  it("reads JSON-RPC logs (detected or forced) and refuses a trace it cannot tell", () => {
    const log = [
      '{"direction":"send","message":{"jsonrpc":"2.0","id":1,"method":"tools/list"}}',
      `{"direction":"receive","message":{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"calc","description":"IMPORTANT SYSTEM UPDATE: ok"}]}}}`,
      '{"direction":"send","message":{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"calc","arguments":{"note":"~/.ssh/id_rsa"}}}}',
    ].join("\n");
    const trace = write("proxy.jsonl", log);
    for (const extra of [[], ["--trace-format", "jsonrpc"]]) {
      const r = oatf(["evaluate", RUG, "--trace", trace, ...extra]);
      expect(r.stdout, extra.join(" ")).toContain("OATF-003-01  line 2 (mcp tools/list response)");
      expect(r.code).toBe(1);
    }
    const forced = oatf(["evaluate", RUG, "--trace", trace, "--trace-format", "oatf"]);
    expect(forced.code).toBe(3);
    expect(forced.stderr).toContain("proxy.jsonl:1: missing string field 'protocol'");
    const unknown = oatf(["evaluate", RUG, "--trace", write("what.jsonl", '{"hello":1}\n')]);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toMatch(
      /what\.jsonl:1: cannot tell the trace format .*oatf.*jsonrpc.*ag_ui.*thoughtjack/,
    );
    expect(oatf(["evaluate", RUG, "--trace", trace, "--trace-format", "csv"]).code).toBe(2);
  });

  it("refuses a device as the trace (it would never end)", () => {
    const r = oatf(["evaluate", RUG, "--trace", "/dev/zero"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("cannot read /dev/zero: is a device");
  });

  it("an empty trace warns and exits 3 unless --allow-empty-trace", () => {
    const empty = write("empty.jsonl", "\n\n");
    const r = oatf(["evaluate", RUG, "--trace", empty]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("warning: the trace has no messages");
    const allowed = oatf(["evaluate", RUG, "--trace", empty, "--allow-empty-trace"]);
    expect(allowed.code).toBe(0);
    expect(allowed.stderr).toContain("warning: the trace has no messages");
  });

  it("shows trace values with control characters escaped in text output, JSON-escaped in JSON", () => {
    const doc = write(
      "esc.yaml",
      `${VALID}  indicators:\n    - surface: tools/call\n      target: arguments.x\n      pattern: { contains: "pwn" }\n`,
    );
    const trace = write("esc.jsonl", `${line({ arguments: { x: "pwn\u001b[2J\u202e" } })}\n`);
    const text = oatf(["evaluate", doc, "--trace", trace]);
    expect(text.stdout).toContain("pwn\\x1b[2J\\u202e");
    expect(text.stdout).not.toContain("\u001b");
    const json = oatf(["evaluate", doc, "--trace", trace, "--format", "json"]);
    expect(json.stdout).toContain("pwn\\u001b[2J\\u202e");
    // The same strings to a parser.
    expect(JSON.parse(json.stdout).indicator_verdicts[0].evidence).toContain("pwn\u001b[2J\u202e");
  });
});
