// `oatf record --listen` logs every request it relays (issue 35): the A2A agent-card GET (one
// `agent_card/get` message, the card) and the AG-UI RunAgentInput that starts a run, both
// evaluated live as `oatf evaluate` reads the recording.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { HttpAgent } from "@ag-ui/client";
import { beforeAll, describe, expect, it } from "vitest";
import setup from "./cli-build.js";
// @ts-expect-error: a plain-JS fixture
import { createAgentServer } from "./fixtures/e2e/ag-ui-agent.mjs";
import {
  a2aUpstream,
  evaluate,
  fixture,
  matchLines,
  startProxy,
  tmp,
  upstreamOf,
} from "./record-helpers.js";

beforeAll(() => setup(), 600_000);

const lines = (file: string) =>
  readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("oatf record logs the requests it relays", () => {
  const upstream = upstreamOf(createAgentServer, "/agent");

  it("logs an AG-UI RunAgentInput and evaluates it live, as evaluate does the recording", async () => {
    const document = fixture("ag-ui-run-input.yaml");
    const out = join(tmp(), "run.jsonl");
    const proxy = await startProxy(upstream(), out, ["--evaluate", document]);
    const agent = new HttpAgent({
      url: `${proxy.url}/refuse`,
      threadId: "thread-42",
      initialMessages: [{ id: "m1", role: "user", content: "Summarize my unread email." }],
    });
    await agent.runAgent({ runId: "run-1" });
    const { code, stderr } = await proxy.stop();
    const logged = lines(out);
    expect(logged[0]).toMatchObject({ threadId: "thread-42", runId: "run-1" });
    expect(matchLines(stderr)).toHaveLength(1);
    expect(code).toBe(1);
    const verdict = evaluate(document, out);
    expect(verdict.result).toBe("exploited");
    expect(verdict.code).toBe(code);
  }, 120_000);

  it("logs the agent-card GET as one agent_card/get message, the card; a failed one as none", async () => {
    // A card expression without a direction (format §7.2.3's own example), false on this card:
    // on the `{}` request message it was a CEL error, so the verdict was `error` (exit 3).
    const document = fixture("a2a-card-expression.yaml");
    const agent = a2aUpstream();
    const base = await agent.start();
    const out = join(tmp(), "card.jsonl");
    const proxy = await startProxy(base, out, ["--evaluate", document]);
    agent.via(proxy.url);
    const response = await fetch(`${proxy.url}/.well-known/agent-card.json`);
    expect(response.status).toBe(200);
    await response.json();
    const missing = await fetch(`${proxy.url}/.well-known/agent.json`);
    expect(missing.ok).toBe(false);
    await missing.text();
    const { code, stderr } = await proxy.stop();
    await agent.close();
    // The failed fetch carries no card: nothing is logged for it.
    expect(lines(out).map((l) => [l.operation, l.direction])).toEqual([
      ["agent_card/get", "response"],
    ]);
    expect([code, matchLines(stderr)]).toEqual([0, []]);
    const verdict = evaluate(document, out);
    expect([verdict.code, verdict.result]).toEqual([0, "not_exploited"]);
  }, 60_000);
});
