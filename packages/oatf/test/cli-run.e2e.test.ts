// `oatf run` end to end, in process, against the scripted agents of @oatf/test-agents (the
// official AG-UI and MCP SDKs, reading nothing but the wire): the careful agent is not
// exploited (exit 0), the obedient one reaches the rug pull's tier (exit 1); the recording
// read back by `oatf evaluate` gives the same verdict and exit code; the agent started by
// --agent-cmd; repeats summarized; JSON; usage errors and refused options.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startAgent } from "@oatf/test-agents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCaptured } from "./cli-capture.js";

const SCENARIOS = fileURLToPath(new URL("../../../../shared/scenarios/", import.meta.url));
const RUG_PULL = join(SCENARIOS, "OATF-010_rug-pull-tool-swap.yaml");
const AGENT_BIN = fileURLToPath(
  new URL("../../../testing/agents/bin/oatf-test-agent.js", import.meta.url),
);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "oatf-cli-run-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (args: string[]) => runCaptured(args, dir, { env: {} });

/** `oatf run` of the rug pull against a test agent of `policy` (its MCP config `<name>.json`). */
async function runRugPull(policy: "careful" | "obedient", name: string, extra: string[]) {
  const config = join(dir, `${name}.json`);
  const agent = await startAgent({ policy, mcpConfig: config });
  try {
    return await cli(["run", RUG_PULL, "--agent", agent.url, "--mcp-config", config, ...extra]);
  } finally {
    await agent.close();
  }
}

describe.each(["careful", "obedient"] as const)("OATF-010 against the %s agent", (policy) => {
  it("prints the verdict as oatf evaluate, and the recording gives the same one later", async () => {
    const out = join(dir, `${policy}.jsonl`);
    const extra = ["--out", out, "--grace", "100", "--run", `cli-${policy}`];
    const run = await runRugPull(policy, policy, extra);
    // The servers' endpoints are printed before the agent is driven.
    expect(run.stderr).toMatch(/listening http:\/\/127\.0\.0\.1:\d+/);
    expect(run.stderr).toMatch(/mcp_server mcp_rug: http:\/\/127\.0\.0\.1:\d+\/mcp\/mcp_rug/);
    if (policy === "careful") {
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^OATF-010 ".*": not_exploited over \d+ trace messages/);
    } else {
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/^OATF-010 ".*": exploited \(max_tier: local_action\)/);
    }
    expect(readFileSync(out, "utf8")).toContain(`"run":"cli-${policy}"`);
    const later = await cli(["evaluate", RUG_PULL, "--trace", out]);
    expect(later.code).toBe(run.code);
    expect(later.stdout.split("\n")[0]!.replace(/over \d+/, "")).toBe(
      run.stdout.split("\n")[0]!.replace(/over \d+/, ""),
    );
  }, 120_000);
});

it("starts the agent with --agent-cmd, repeats, and reports JSON with the success rate", async () => {
  const run = await cli([
    "run",
    RUG_PULL,
    "--agent-cmd",
    `"${process.execPath}" "${AGENT_BIN}" --policy obedient --mcp-config {mcp_config} --quiet`,
    "--repeat",
    "2",
    "--grace",
    "100",
    "--format",
    "json",
  ]);
  expect(run.code).toBe(1);
  const report = JSON.parse(run.stdout);
  expect(report).toMatchObject({
    document: RUG_PULL,
    attack: { id: "OATF-010" },
    result: "exploited",
    max_tier: "local_action",
    success_rate: 1,
    counts: { exploited: 2 },
  });
  expect(report.runs).toHaveLength(2);
  expect(report.runs.map((r: { ended: string }) => r.ended)).toEqual(["settled", "settled"]);
  expect(report.runs[0].verdict.result).toBe("exploited");
  expect(report.runs[0].verdict.coverage.length).toBeGreaterThan(0);
}, 180_000);

it("summarizes repeats in text: one row per run, the success rate and worst tier", async () => {
  const extra = ["--repeat", "2", "--grace", "50", "--run", "rep"];
  const run = await runRugPull("careful", "repeat", extra);
  expect(run.code).toBe(0);
  expect(run.stdout).toContain(`${RUG_PULL} [rep-1]`);
  expect(run.stdout).toContain(`${RUG_PULL} [rep-2]`);
  expect(run.stdout).toContain("2 runs: 0/2 exploited (success rate 0.00), worst tier: -");
}, 180_000);

it("writes SARIF (rules from the document, findings located in it) and JUnit named oatf run", async () => {
  const config = join(dir, "formats.json");
  const agent = await startAgent({ policy: "obedient", mcpConfig: config });
  const args = ["run", RUG_PULL, "--agent", agent.url, "--mcp-config", config, "--grace", "50"];
  try {
    const sarif = await cli([...args, "--format", "sarif"]);
    expect(sarif.code).toBe(1);
    const run = JSON.parse(sarif.stdout).runs[0];
    expect(JSON.parse(sarif.stdout).version).toBe("2.1.0");
    const rules = run.tool.driver.rules.map((r: { id: string }) => r.id);
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.every((id: string) => id.startsWith("OATF-010-"))).toBe(true);
    expect(run.results.length).toBeGreaterThan(0);
    for (const result of run.results) {
      expect(rules[result.ruleIndex]).toBe(result.ruleId);
      expect(result.locations[0].physicalLocation.artifactLocation.uri).toBe(`file://${RUG_PULL}`);
    }
    const junit = await cli([...args, "--format", "junit"]);
    expect(junit.code).toBe(1);
    expect(junit.stdout).toContain('<testsuites name="oatf run"');
    expect(junit.stdout).toContain('<testcase classname="oatf.run"');
    expect(junit.stdout).not.toContain("oatf evaluate");
  } finally {
    await agent.close();
  }
}, 180_000);

describe("refused before or during the run", () => {
  it.each([
    [["run"], /no document given/],
    [["run", "a.yaml", "b.yaml"], /one document per run/],
    [["run", "a.yaml", "--stdio"], /--stdio and --actor go together/],
    [["run", "a.yaml", "--server", "noequals"], /--server must be NAME=URL/],
    [["run", "a.yaml", "--repeat", "0"], /--repeat must be a whole number of at least 1/],
    [["run", "a.yaml", "--out", "trace.txt"], /--out names a .jsonl or a .har file/],
    [["run", "a.yaml", "--generation-url", "http://127.0.0.1:1"], /go together/],
  ])("%j is a usage error", async (args, message) => {
    const run = await cli(args as string[]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it("an invalid document is exit 3 with its errors, before anything listens", async () => {
    const bad = join(dir, "bad.yaml");
    writeFileSync(bad, "oatf: '0.1'\nattack:\n  name: x\n");
    const run = await cli(["run", bad, "--agent", "http://127.0.0.1:9/agent"]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain("is not a valid OATF document");
    expect(run.stderr).not.toContain("listening");
  });

  it("an agent off this machine is refused without --allow-remote (exit 3, said)", async () => {
    const run = await cli(["run", RUG_PULL, "--agent", "http://192.0.2.1/agent"]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(
      /error: agent: http:\/\/192\.0\.2\.1\/agent is not on this machine.*\(run\/options\)/,
    );
  });

  it("an agent that is not there is exit 3: nothing was recorded from it", async () => {
    const run = await cli([
      "run",
      RUG_PULL,
      "--agent",
      "http://127.0.0.1:9/agent",
      "--grace",
      "10",
      "--timeout",
      "20000",
    ]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/run\/agent/);
  }, 60_000);
});

it("--out x.har records every HTTP exchange of the run; oatf evaluate reads it to the same verdict", async () => {
  const har = join(dir, "run.har");
  const run = await runRugPull("obedient", "har", ["--out", har, "--grace", "100"]);
  expect(run.code).toBe(1);
  const log = JSON.parse(readFileSync(har, "utf8")).log;
  expect(log.creator.name).toBe("@oatf/run");
  const urls = log.entries.map(
    (e: { request: { method: string; url: string } }) =>
      `${e.request.method} ${new URL(e.request.url).pathname}`,
  );
  expect(urls).toContain("POST /mcp/mcp_rug"); // the agent's calls to the rogue server
  expect(urls).toContain("POST /agent"); // the ag_ui_client's run input to the agent
  const later = await cli(["evaluate", RUG_PULL, "--trace", har]);
  expect(later.code).toBe(run.code);
  expect(later.stdout.split("\n")[0]!.replace(/over \d+.*/, "")).toBe(
    run.stdout.split("\n")[0]!.replace(/over \d+.*/, ""),
  );
}, 120_000);
