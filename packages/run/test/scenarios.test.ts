// The shared benchmark documents (../shared/scenarios/, read in place, never copied) against
// the scripted agents of @oatf/test-agents, built on the official SDKs and reading nothing but
// the wire: every document × {obedient, careful}. The careful run is `not_exploited`; the
// obedient run reaches the document's expected tier (`x-scoring.max_tier`: 1 ingested,
// 2 local_action, 3 boundary_breach), or each indicator that would have taken it there is
// reported blind (its target resolved in no eligible message: the verdict says why, it is
// never a silent `not_exploited`). The recording read back from its file and evaluated again
// gives the same verdict.
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createCelEvaluator } from "@oatf/cel-default";
import { evaluateTrace, type TraceMessage } from "@oatf/evaluate";
import { parse, type Tier } from "@oatf/model";
import { normalize } from "@oatf/normalize";
import { startAgent } from "@oatf/test-agents";
import { readTraceText } from "@oatf/trace";
import { describe, expect, it } from "vitest";
import { runAttack } from "../src/index.js";
import { documentValue, SCENARIOS } from "./helpers.js";

const TIERS: Tier[] = ["ingested", "local_action", "boundary_breach"];
const FILES = readdirSync(SCENARIOS)
  .filter((f) => f.endsWith(".yaml"))
  .sort();

describe.each(FILES)("%s", (file) => {
  const text = readFileSync(join(SCENARIOS, file), "utf8");
  const parsed = parse(text);
  if (!parsed.ok) throw new Error(`${file} does not parse`);
  const document = normalize(parsed.value);
  const expected =
    TIERS[(documentValue(text, "attack", "extensions", "x-scoring", "max_tier") as number) - 1]!;

  it.each(["obedient", "careful"] as const)(
    "%s",
    async (policy) => {
      const base = join(tmpdir(), `oatf-run-${process.pid}-${file}-${policy}`);
      const [config, out] = [`${base}.json`, `${base}.jsonl`];
      rmSync(out, { force: true });
      const agent = await startAgent({ policy, mcpConfig: config });
      try {
        const report = await runAttack(text, {
          agent: agent.url,
          mcpConfig: config,
          out,
          gracePeriod: 100,
        });
        expect(report.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
        const [run] = report.runs;
        expect(run!.ended).toBe("settled");
        expect(run!.diagnostics.filter((d) => d.severity === "error")).toEqual([]);

        const { verdict } = run!;
        if (policy === "careful") expect(verdict.result).toBe("not_exploited");
        else if (verdict.max_tier !== expected) {
          // Short of the expected tier: each unmatched indicator above the tier reached, up to
          // the expected one, could see nothing (its target never resolved), and says so.
          const reached = verdict.max_tier === undefined ? -1 : TIERS.indexOf(verdict.max_tier);
          const above = (document.attack.indicators ?? []).filter((i) => {
            const tier = TIERS.indexOf(i.tier as Tier);
            return tier > reached && tier <= TIERS.indexOf(expected);
          });
          expect(above.length).toBeGreaterThan(0);
          for (const indicator of above) {
            const coverage = verdict.coverage.find((c) => c.indicator_id === indicator.id)!;
            expect(coverage.warning, indicator.id).toMatch(/never resolved/);
          }
        } else expect(verdict.result).toBe("exploited");

        // The recording, read back from its file and evaluated again: the same verdict.
        const messages = readTraceText(readFileSync(out, "utf8")).flatMap((r) =>
          r.kind === "message" ? [r.message as TraceMessage] : [],
        );
        expect(messages).toHaveLength(run!.messages.length);
        const later = evaluateTrace(document, messages, { cel: createCelEvaluator() });
        expect(later.result).toBe(verdict.result);
        expect(later.max_tier).toBe(verdict.max_tier);
        expect(later.indicator_verdicts.map((v) => v.result)).toEqual(
          verdict.indicator_verdicts.map((v) => v.result),
        );
      } finally {
        await agent.close();
        rmSync(config, { force: true });
        rmSync(out, { force: true });
      }
    },
    120_000,
  );
});

describe("through the agent's program and the MCP SDK v2", () => {
  const BIN = fileURLToPath(
    new URL("../../../testing/agents/bin/oatf-test-agent.js", import.meta.url),
  );
  const rugPull = readFileSync(join(SCENARIOS, "OATF-010_rug-pull-tool-swap.yaml"), "utf8");

  it.each([
    ["obedient", "v1", "local_action"],
    ["careful", "v1", undefined],
    ["obedient", "v2", "local_action"],
  ] as const)(
    "OATF-010, %s agent command, MCP SDK %s",
    async (policy, sdk, tier) => {
      const report = await runAttack(rugPull, {
        agentCommand: `"${process.execPath}" "${BIN}" --policy ${policy} --mcp-sdk ${sdk} --mcp-config {mcp_config} --quiet`,
        gracePeriod: 100,
      });
      const [run] = report.runs;
      expect(run!.ended).toBe("settled");
      expect(run!.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect(run!.verdict.max_tier).toBe(tier);
      // The swapped list reached the agent only after the counted call, announced.
      const ops = run!.messages.map((m) => `${m.actor} ${m.direction} ${m.operation}`);
      const swap = run!.phases.find((p) => p.phase === "swap_definition")!;
      expect(ops[swap.after_messages - 1]).toBe("mcp_rug response tools/call");
      expect(ops[swap.after_messages]).toBe("mcp_rug request notifications/tools/list_changed");
    },
    120_000,
  );
});
