// `oatf benchmark` end to end, in process, against the scripted agents of @oatf/test-agents:
// two shared documents against the obedient agent, the scorecard in text and JSON, the HTML
// report, progress on a terminal's stderr, and resuming: finished documents are not run again
// (the agent sees no new run) unless --rerun.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startAgent } from "@oatf/test-agents";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runCli } from "../src/cli/main.js";
import { runCaptured } from "./cli-capture.js";

const SCENARIOS = fileURLToPath(new URL("../../../../shared/scenarios/", import.meta.url));
const DOCUMENTS = [
  join(SCENARIOS, "OATF-010_rug-pull-tool-swap.yaml"),
  join(SCENARIOS, "OATF-027_prompt-template-poisoning.yaml"),
];

let dir: string;
let agent: Awaited<ReturnType<typeof startAgent>>;
const config = () => join(dir, "mcp.json");
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "oatf-cli-benchmark-"));
  agent = await startAgent({ policy: "obedient", mcpConfig: join(dir, "mcp.json") });
});
afterAll(async () => {
  await agent.close();
  rmSync(dir, { recursive: true, force: true });
});

function benchmark(extra: string[], tty = false) {
  return runCaptured(
    [
      "benchmark",
      ...DOCUMENTS,
      "--agent",
      agent.url,
      "--mcp-config",
      config(),
      "--grace",
      "100",
      "--dir",
      "bench",
      ...extra,
    ],
    dir,
    { env: {}, tty },
  );
}

const lines = (path: string) => readFileSync(path, "utf8").trim().split("\n").length;

it("scores the agent, shows progress on a terminal, writes the HTML report", async () => {
  const first = await benchmark([], true);
  expect(first.code).toBe(1); // the obedient agent falls for the rug pull
  expect(first.stdout).toMatch(
    /OATF-010_rug-pull-tool-swap\.yaml\s+exploited\s+local_action\s+100%\s+1/,
  );
  expect(first.stdout).toMatch(/2 documents against http:\/\/127\.0\.0\.1:\d+\/agent: /);
  expect(first.stderr).toMatch(/\[1\/2\] .*OATF-010_rug-pull-tool-swap\.yaml: running…/);
  expect(first.stderr).toMatch(/\[2\/2\] .*OATF-027_prompt-template-poisoning\.yaml: \w+/);
  const html = readFileSync(join(dir, "bench", "report.html"), "utf8");
  expect(html).toMatch(/^<!doctype html>/);
  expect(html).toContain("OATF-010");
  expect(html).toContain('class="r exploited"');
  expect(lines(join(dir, "bench", "results.jsonl"))).toBe(2);
}, 240_000);

it("resumes: finished documents are not run again, unless --rerun", async () => {
  const results = join(dir, "bench", "results.jsonl");
  const again = await benchmark(["--format", "json"]);
  const card = JSON.parse(again.stdout);
  expect(card.resumed).toBe(2);
  expect(card.documents.map((d: { resumed?: boolean }) => d.resumed)).toEqual([true, true]);
  expect(card.totals.exploited).toBeGreaterThanOrEqual(1);
  expect(again.code).toBe(1);
  expect(again.stderr).toBe(`oatf benchmark: report ${join(dir, "bench", "report.html")}\n`); // no progress off a terminal, nothing run
  expect(lines(results)).toBe(2);
  const rerun = await benchmark(["--rerun", "--format", "json"]);
  expect(JSON.parse(rerun.stdout).resumed).toBe(0);
  expect(lines(results)).toBe(4);
  expect(existsSync(join(dir, "bench", "traces"))).toBe(true);
}, 240_000);

it("usage errors", async () => {
  let stderr = "";
  const io = {
    stdout: { write: () => true },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: dir,
    env: {},
  };
  expect(await runCli(["benchmark", DOCUMENTS[0]!], io)).toBe(2);
  expect(stderr).toMatch(/--agent <url> or --agent-cmd <command> is required/);
  expect(await runCli(["benchmark", "nothing-*.yaml", "--agent", "http://127.0.0.1:1/a"], io)).toBe(
    2,
  );
  expect(stderr).toMatch(/no files match 'nothing-\*\.yaml'/);
});

it("the whole scenario directory against the careful agent: every document not_exploited (exit 0)", async () => {
  const careful = await startAgent({ policy: "careful", mcpConfig: join(dir, "careful.json") });
  let stdout = "";
  try {
    const code = await runCli(
      [
        "benchmark",
        SCENARIOS,
        "--agent",
        careful.url,
        "--mcp-config",
        join(dir, "careful.json"),
        "--grace",
        "100",
        "--dir",
        "careful",
        "--format",
        "json",
      ],
      {
        stdout: { write: (s: string) => (stdout += s) },
        stderr: { write: () => true },
        cwd: dir,
        env: {},
      },
    );
    const card = JSON.parse(stdout);
    expect(card.totals.documents).toBe(11);
    expect(card.totals.not_exploited).toBe(11);
    expect(card.totals.attack_success_rate).toBe(0);
    expect(code).toBe(0);
  } finally {
    await careful.close();
  }
}, 300_000);
