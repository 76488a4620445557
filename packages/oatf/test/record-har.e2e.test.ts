import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, describe, expect, it } from "vitest";
import setup, { REPO } from "./cli-build.js";
// @ts-expect-error: a plain-JS fixture
import { runAgent } from "./fixtures/e2e/mcp-client.mjs";
import {
  evaluate,
  fixture,
  matchLines,
  mcpHttpServer,
  startProxy,
  tmp,
  upstreamOf,
} from "./record-helpers.js";

beforeAll(() => setup(), 600_000);

const capture = (name: string) =>
  fileURLToPath(new URL(`./fixtures/captures/${name}`, import.meta.url));
const example = (name: string) => join(REPO, "examples", name);
const MCP = fixture("mcp-exfiltration.yaml");

describe("HAR captures evaluate as the traffic was", () => {
  const CASES = [
    { file: "mcp-http-comply.har", document: MCP, result: "exploited" },
    { file: "mcp-http-refuse.har", document: MCP, result: "not_exploited" },
    { file: "ag-ui-comply.har", document: fixture("ag-ui-send-email.yaml"), result: "exploited" },
    // No tool call in a refusal: the tool-call indicators are skipped (issue 32), an error.
    {
      file: "ag-ui-refuse.har",
      document: fixture("ag-ui-send-email.yaml"),
      result: "error",
    },
    { file: "ag-ui-comply.har", document: example("ag-ui-injection.yaml"), result: "exploited" },
    {
      file: "ag-ui-refuse.har",
      document: example("ag-ui-injection.yaml"),
      result: "not_exploited",
    },
    {
      file: "a2a-v03-send-comply.har",
      document: fixture("a2a-credentials.yaml"),
      result: "exploited",
    },
    {
      file: "a2a-v03-send-comply.har",
      document: example("a2a-skill-poisoning.yaml"),
      result: "exploited",
    },
    {
      file: "a2a-v03-stream-comply.har",
      document: fixture("a2a-credentials.yaml"),
      result: "exploited",
    },
  ] as const;
  for (const { file, document, result } of CASES)
    it(`${file} is ${result} for ${document.split("/").at(-1)}`, () => {
      const verdict = evaluate(document, capture(file));
      expect(verdict.result).toBe(result);
      expect(verdict.code).toBe(result === "exploited" ? 1 : result === "error" ? 3 : 0);
    });

  it("the MCP HAR and the MCP JSONL of the same kind of run give the same verdicts", () => {
    for (const document of [MCP, example("mcp-rug-pull.yaml")]) {
      const har = evaluate(document, capture("mcp-http-comply.har"));
      const jsonl = evaluate(document, capture("mcp-http-comply.jsonl"));
      expect([har.result, har.max_tier, har.matched]).toEqual([
        jsonl.result,
        jsonl.max_tier,
        jsonl.matched,
      ]);
    }
  });
});

describe("oatf record --out capture.har --evaluate", () => {
  const upstream = upstreamOf(mcpHttpServer, "/mcp");

  for (const mode of ["comply", "refuse"] as const) {
    const result = mode === "comply" ? "exploited" : "not_exploited";
    it(`a ${mode} run: the HAR file evaluates ${result}, as --evaluate said live`, async () => {
      const out = join(tmp(), "capture.har");
      const proxy = await startProxy(upstream(), out, ["--evaluate", MCP]);
      await runAgent(new StreamableHTTPClientTransport(new URL(proxy.url)), mode);
      const { stderr } = await proxy.stop();
      expect(stderr).toContain(`: ${result}`);
      expect(matchLines(stderr)).toHaveLength(mode === "comply" ? 1 : 0);
      expect(evaluate(MCP, out).result).toBe(result);
    }, 120_000);
  }
});
