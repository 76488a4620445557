// Shared by the real-traffic reviews: the shared benchmark documents run against the scripted
// agents of @oatf/test-agents (official MCP, A2A and AG-UI SDKs, on 127.0.0.1), recorded as
// OATF JSON Lines and as HAR, then judged as a user would: `oatf evaluate` of the file and of
// standard input, `--jobs 1|2|4` (threads forced: a trace of unknown size, spare cores), and
// the HAR of the same attack. Every way must give the same verdict per run.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runAttack } from "@oatf/run";
import { type PolicyName, startAgent } from "@oatf/test-agents";
import { describe, expect, it } from "vitest";
import { runEvaluate } from "../src/cli/evaluate/report.js";
import { runCaptured } from "./cli-capture.js";
import { decided, memoryTrace } from "./jobs-helpers.js";
import { memoryInputs, text } from "./memory-inputs.js";

export const SCENARIOS = fileURLToPath(new URL("../../../../shared/scenarios/", import.meta.url));
export const SCENARIO_FILES = readdirSync(SCENARIOS)
  .filter((f) => f.endsWith(".yaml"))
  .sort();

interface JsonVerdict {
  result: string;
  max_tier?: string;
  indicator_verdicts: { indicator_id: string; result: string }[];
  coverage: { indicator_id: string; warning?: string }[];
  runs?: {
    run: string;
    result: string;
    max_tier?: string;
    indicator_verdicts: { indicator_id: string; result: string }[];
  }[];
}

/** What a verdict decides, whatever the trace's format: per run, its result, tier and indicators. */
export function decision(v: JsonVerdict) {
  const indicators = (x: Pick<JsonVerdict, "indicator_verdicts">) =>
    x.indicator_verdicts.map((i) => `${i.indicator_id}:${i.result}`);
  return {
    result: v.result,
    max_tier: v.max_tier,
    runs: (v.runs ?? []).map((r) => ({
      run: r.run,
      result: r.result,
      max_tier: r.max_tier,
      indicators: indicators(r),
    })),
  };
}

/** `oatf evaluate <document> --trace <trace> --format json` in this process. */
export async function evaluateJson(document: string, trace: string, stdin?: string) {
  const r = await runCaptured(
    ["evaluate", document, "--trace", trace, "--format", "json"],
    tmpdir(),
    stdin === undefined ? {} : { stdin },
  );
  const json = JSON.parse(r.stdout) as JsonVerdict;
  return { code: r.code, json, stderr: r.stderr };
}

/** The document's run against the scripted agent, `repeat` times, recorded to `out`. */
export async function attack(file: string, policy: PolicyName, out: string, repeat: number) {
  const dir = mkdtempSync(join(tmpdir(), "oatf-real-"));
  const config = join(dir, "mcp.json");
  const agent = await startAgent({ policy, mcpConfig: config });
  try {
    return await runAttack(readFileSync(join(SCENARIOS, file), "utf8"), {
      agent: agent.url,
      mcpConfig: config,
      out,
      repeat,
      run: `${file.slice(0, 8)}-${policy}`,
      gracePeriod: 100,
    });
  } finally {
    await agent.close();
  }
}

/** `--jobs 2` and `4` (threads forced: a trace of unknown size, spare cores) decide as `--jobs 1`. */
export async function sameWithJobs(document: string, trace: string) {
  const inputs = () => memoryInputs({ [document]: text(readFileSync(document, "utf8")) }).list;
  const lines = trace.trimEnd().split("\n");
  const one = decided(await runEvaluate(inputs(), memoryTrace(lines), {}));
  for (const jobs of [2, 4])
    expect(decided(await runEvaluate(inputs(), memoryTrace(lines), { jobs, cores: 8 }))).toEqual(
      one,
    );
}

const untimed = (s: string) => s.replace(/"timestamp": "[^"]*"/g, '"timestamp": "-"');

/**
 * Checks one scenario × policy end to end: two runs recorded as JSON Lines and as HAR, each
 * judged every way; returns the JSON Lines verdict.
 */
export async function checkScenario(file: string, policy: PolicyName) {
  const document = join(SCENARIOS, file);
  const dir = mkdtempSync(join(tmpdir(), "oatf-real-"));
  const [jsonl, har] = [join(dir, "run.jsonl"), join(dir, "run.har")];
  const live = await attack(file, policy, jsonl, 2);
  await attack(file, policy, har, 2);
  const lines = readFileSync(jsonl, "utf8");

  const fromFile = await evaluateJson(document, jsonl);
  const fromStdin = await evaluateJson(document, "-", lines);
  expect(untimed(JSON.stringify(fromStdin.json, null, 2))).toBe(
    untimed(JSON.stringify(fromFile.json, null, 2)),
  );
  expect(fromStdin.code).toBe(fromFile.code);
  // The live verdicts are the file's, run for run.
  expect(decision(fromFile.json).runs.map((r) => [r.run, r.result])).toEqual(
    live.runs.map((r) => [r.run, r.verdict.result]),
  );

  await sameWithJobs(document, lines);

  // The HAR of the same attack (its own two runs, the same run names): the same decisions.
  const fromHar = await evaluateJson(document, har);
  expect(decision(fromHar.json)).toEqual(decision(fromFile.json));
  return fromFile;
}

/**
 * The tests of `files`: the careful agent is never exploited, the obedient one is exploited
 * unless each indicator that missed says why; every way of judging agrees (`checkScenario`).
 */
export function scenarioTests(files: string[]) {
  describe.each(files)("%s", (file) => {
    it("careful: never exploited, every way", async () => {
      const { json, code } = await checkScenario(file, "careful");
      // The agent lives on between the runs: the second may have nothing left to fetch (an
      // A2A card it keeps) and is then an error (nothing evaluated), never a silent green.
      expect(json.runs?.[0]?.result).toBe("not_exploited");
      expect(["not_exploited", "error"]).toContain(json.runs?.[1]?.result);
      expect(code).not.toBe(1);
    }, 60_000);

    it("obedient: exploited, or each indicator that missed says why", async () => {
      const { json } = await checkScenario(file, "obedient");
      expect(json.runs).toHaveLength(2);
      if (json.result !== "exploited")
        for (const v of json.indicator_verdicts.filter((i) => i.result !== "matched"))
          expect(
            json.coverage.find((c) => c.indicator_id === v.indicator_id)?.warning,
          ).toBeTruthy();
    }, 60_000);
  });
}
