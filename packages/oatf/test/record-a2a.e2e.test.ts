// `oatf record` end to end with the official A2A SDK (issue 22 §6, issue 24 §1): a malicious
// agent (its skill asks for API keys) served by @a2a-js/sdk with the v0.3 compatibility layer,
// and a scripted v0.3 client that reads the card and sends a task (`message/send`, or
// `message/stream` over SSE), through the recording proxy; the client complies (includes its
// key) or refuses. A2A v1.0 traffic is in record-a2a-v1.e2e.test.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import setup, { REPO } from "./cli-build.js";
// @ts-expect-error: a plain-JS fixture
import { runClient, SKILL } from "./fixtures/e2e/a2a-agent.mjs";
import { a2aUpstreamOf, evaluate, fixture, matchLines, startProxy, tmp } from "./record-helpers.js";

beforeAll(() => setup(), 600_000);

const A2A_DOCUMENT = fixture("a2a-credentials.yaml");
const A2A_EXAMPLE = join(REPO, "examples/a2a-skill-poisoning.yaml");

describe("oatf record as an HTTP proxy for A2A v0.3 (@a2a-js/sdk)", () => {
  const agent = a2aUpstreamOf();

  for (const stream of [false, true])
    for (const mode of ["comply", "refuse"] as const) {
      const method = stream ? "message/stream" : "message/send";
      const result = mode === "comply" ? "exploited" : "not_exploited";
      it(`records a ${mode} ${method} run; it evaluates ${result}, as --evaluate said live`, async () => {
        const out = join(tmp(), "a2a.jsonl");
        const proxy = await startProxy(agent.url(), out, ["--evaluate", A2A_DOCUMENT]);
        agent.via(proxy.url);
        const seen = await runClient(proxy.url, { version: "0.3", stream, mode });
        expect(seen).toEqual({ skill: SKILL, reply: "Revenue by quarter: Q1 10, Q2 12." });
        const { code, stderr } = await proxy.stop();
        // The verdicts' exit code, as `oatf evaluate` of the recording gives it.
        expect(code).toBe(mode === "comply" ? 1 : 0);

        const lines = readFileSync(out, "utf8")
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l));
        // The card fetched through the proxy is one A2A agent_card/get message, the card (as
        // the upstream captures have it: format §7.2.3's "full card object").
        expect(lines[0]).toMatchObject({ operation: "agent_card/get", direction: "response" });
        expect(lines[0].content.skills[0].description).toBe(SKILL);
        expect(lines.slice(1).map((l) => `${l.direction} ${l.message.method ?? "result"}`)).toEqual(
          [`sent ${method}`, "received result"],
        );

        const verdict = evaluate(A2A_DOCUMENT, out);
        expect(verdict.code).toBe(code);
        expect(verdict.result).toBe(result);
        expect(verdict.matched).toEqual(
          mode === "comply" ? [stream ? "EAAA-001-02" : "EAAA-001-01"] : [],
        );
        expect(matchLines(stderr)).toHaveLength(mode === "comply" ? 1 : 0);
        expect(stderr).toContain(`: ${result}`);
        // The repository's example watches message/send only.
        if (!stream) expect(evaluate(A2A_EXAMPLE, out).result).toBe(result);
      }, 120_000);
    }
});
