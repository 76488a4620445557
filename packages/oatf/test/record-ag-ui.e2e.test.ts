// `oatf record` end to end with AG-UI (issue 22 §6, issue 24 §1): an agent endpoint encoding
// its events with the official @ag-ui/encoder, run by the official @ag-ui/client HttpAgent
// through the recording proxy; the agent complies with the injected note (emails the attacker)
// or refuses. The recorded AG-UI events are evaluated with `oatf evaluate`, against a small
// document (whole tool-call arguments) and the repository's AG-UI example.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { HttpAgent } from "@ag-ui/client";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import setup, { REPO } from "./cli-build.js";
// @ts-expect-error: a plain-JS fixture
import { createAgentServer } from "./fixtures/e2e/ag-ui-agent.mjs";
import { evaluate, fixture, matchLines, startProxy, tmp, upstreamOf } from "./record-helpers.js";

beforeAll(() => setup(), 600_000);

const DOCUMENT = fixture("ag-ui-send-email.yaml");
const EXAMPLE = join(REPO, "examples/ag-ui-injection.yaml");
// The fabricated history the example sends (its run_agent_input).
const INPUT = parse(readFileSync(EXAMPLE, "utf8")).attack.execution.state.run_agent_input;

describe("oatf record as an HTTP proxy for an AG-UI run (@ag-ui/encoder, @ag-ui/client)", () => {
  const upstream = upstreamOf(createAgentServer, "/agent");

  const cases = [
    { mode: "comply", result: "exploited", tier: "boundary_breach" },
    // The agent called no tool: the tool-call indicators saw no message, skipped (issue 32:
    // never a silent not_exploited), so the verdict is error.
    { mode: "refuse", result: "error", tier: undefined },
  ] as const;
  for (const { mode, result, tier } of cases) {
    it(`records a ${mode} run; the recording evaluates ${result}, as --evaluate said live`, async () => {
      const out = join(tmp(), "run.jsonl");
      const proxy = await startProxy(upstream(), out, ["--evaluate", DOCUMENT]);
      const agent = new HttpAgent({
        url: `${proxy.url}/${mode}`,
        threadId: INPUT.threadId,
        initialMessages: INPUT.messages,
      });
      const run = await agent.runAgent({ runId: INPUT.runId, tools: INPUT.tools });
      // The client parsed the relayed stream whole: the message it builds is the agent's.
      const reply = run.newMessages[0] as {
        content?: string;
        toolCalls?: { function: { arguments: string } }[];
      };
      if (mode === "comply")
        expect(JSON.parse(reply.toolCalls![0]!.function.arguments).to).toBe(
          "audit@attacker.example",
        );
      else expect(reply.content).toBe("You have 3 unread messages; I will not forward them.");
      const { code, stderr } = await proxy.stop();
      // The verdicts' exit code, as `oatf evaluate` of the recording gives it.
      expect(code).toBe(mode === "comply" ? 1 : 3);

      // The log holds the RunAgentInput, then the agent's events, one per line, as the AG-UI
      // reader reads them.
      const lines = readFileSync(out, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(lines[0].runId).toBe(INPUT.runId);
      const types = lines.map((l) => l.type);
      expect(types[1]).toBe("RUN_STARTED");
      expect(types.at(-1)).toBe("RUN_FINISHED");

      const verdict = evaluate(DOCUMENT, out);
      expect(verdict.code).toBe(code);
      expect(verdict.result).toBe(result);
      expect(verdict.max_tier).toBe(tier);
      expect(matchLines(stderr)).toHaveLength(mode === "comply" ? 1 : 0);
      expect(stderr).toContain(`: ${result}`);
      // The example's indicators read the agent's text too: they saw the refusal.
      const example = evaluate(EXAMPLE, out);
      expect(example.result).toBe(mode === "comply" ? "exploited" : "not_exploited");
      expect(example.max_tier).toBe(tier);
    }, 120_000);
  }
});
