// Issue 22 §3: A2A v1.0 method names mapped onto the binding's v0.3 vocabulary (JSONL and HAR
// captures alike). `@a2a-js/sdk` 1.3 speaks A2A v1.0 by default (`SendMessage`,
// `SendStreamingMessage`, parts as `{"text": …}`); a reader that did not know those methods would
// read a complying run as not_exploited.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import setup from "./cli-build.js";
// @ts-expect-error: a plain-JS fixture
import { runClient, SKILL } from "./fixtures/e2e/a2a-agent.mjs";
import { a2aUpstreamOf, evaluate, fixture, matchLines, startProxy, tmp } from "./record-helpers.js";

beforeAll(() => setup(), 600_000);

const DOCUMENT = fixture("a2a-credentials.yaml");
const capture = (name: string) =>
  fileURLToPath(new URL(`./fixtures/captures/${name}`, import.meta.url));

describe("oatf record as an HTTP proxy for A2A v1.0 (@a2a-js/sdk)", () => {
  const agent = a2aUpstreamOf();

  for (const stream of [false, true])
    for (const mode of ["comply", "refuse"] as const) {
      const method = stream ? "SendStreamingMessage" : "SendMessage";
      const result = mode === "comply" ? "exploited" : "not_exploited";
      it(`a ${mode} ${method} run evaluates ${result}, as --evaluate said live`, async () => {
        const out = join(tmp(), "a2a-v1.jsonl");
        const proxy = await startProxy(agent.url(), out, ["--evaluate", DOCUMENT]);
        agent.via(proxy.url);
        const seen = await runClient(proxy.url, { version: "1.0", stream, mode });
        expect(seen).toEqual({ skill: SKILL, reply: "Revenue by quarter: Q1 10, Q2 12." });
        const { stderr } = await proxy.stop();
        const sent = readFileSync(out, "utf8")
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l))
          .filter((l) => l.direction === "sent");
        expect(sent.map((l) => l.message.method)).toEqual([method]);

        const verdict = evaluate(DOCUMENT, out);
        expect(verdict.result).toBe(result);
        expect(verdict.matched).toEqual(
          mode === "comply" ? [stream ? "EAAA-001-02" : "EAAA-001-01"] : [],
        );
        expect(matchLines(stderr)).toHaveLength(mode === "comply" ? 1 : 0);
        expect(stderr).toContain(`: ${result}`);
      }, 120_000);
    }
});

describe("stored A2A v1.0 captures", () => {
  for (const file of [
    "a2a-v10-send-comply.jsonl",
    "a2a-v10-stream-comply.jsonl",
    "a2a-v10-send-comply.har",
    "a2a-v10-stream-comply.har",
  ])
    it(`${file} is exploited at boundary_breach`, () => {
      const verdict = evaluate(DOCUMENT, capture(file));
      expect(verdict.result).toBe("exploited");
      expect(verdict.max_tier).toBe("boundary_breach");
    });
});
