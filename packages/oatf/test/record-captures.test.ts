// The stored real captures (fixtures/captures, see its README) evaluated with `oatf evaluate`,
// no SDK running: each complying run is exploited at boundary_breach, each refusing run is not.
// The HAR and A2A v1.0 captures are evaluated in record-har.e2e.test.ts and
// record-a2a-v1.e2e.test.ts.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import setup, { REPO } from "./cli-build.js";
import { evaluate, fixture } from "./record-helpers.js";

beforeAll(() => setup(), 600_000);

const capture = (name: string) =>
  fileURLToPath(new URL(`./fixtures/captures/${name}`, import.meta.url));
const MCP = fixture("mcp-exfiltration.yaml");
const AG_UI = fixture("ag-ui-send-email.yaml");
const A2A = fixture("a2a-credentials.yaml");

const CASES = [
  { file: "mcp-stdio-comply.jsonl", document: MCP, result: "exploited" },
  { file: "mcp-stdio-refuse.jsonl", document: MCP, result: "not_exploited" },
  { file: "mcp-http-comply.jsonl", document: MCP, result: "exploited" },
  { file: "ag-ui-comply.jsonl", document: AG_UI, result: "exploited" },
  { file: "a2a-v03-send-comply.jsonl", document: A2A, result: "exploited" },
  { file: "a2a-v03-stream-comply.jsonl", document: A2A, result: "exploited" },
] as const;

describe("stored captures of the official SDKs", () => {
  for (const { file, document, result } of CASES)
    it(`${file} is ${result}`, () => {
      const verdict = evaluate(document, capture(file));
      expect(verdict.result).toBe(result);
      expect(verdict.max_tier).toBe(result === "exploited" ? "boundary_breach" : undefined);
      expect(verdict.code).toBe(result === "exploited" ? 1 : 0);
    });

  it("a card expression without a direction is judged alike from the JSONL and the HAR of one exchange", () => {
    // Format §7.2.3: `message` is the full card. The HAR's card GET was read as a `{}` request
    // too, where the CEL failed: `error` (exit 3) from the HAR, `not_exploited` from the JSONL.
    const card = fixture("a2a-card-expression.yaml");
    for (const file of ["a2a-v03-send-comply.jsonl", "a2a-v03-send-comply.har"]) {
      const verdict = evaluate(card, capture(file));
      expect([file, verdict.code, verdict.result]).toEqual([file, 0, "not_exploited"]);
    }
  });

  it("the repository's examples read the captures as the documents written for them do", () => {
    const example = (name: string) => join(REPO, "examples", name);
    expect(evaluate(example("mcp-rug-pull.yaml"), capture("mcp-stdio-comply.jsonl")).max_tier).toBe(
      "boundary_breach",
    );
    expect(evaluate(example("mcp-rug-pull.yaml"), capture("mcp-stdio-refuse.jsonl")).max_tier).toBe(
      "ingested",
    );
    expect(evaluate(example("ag-ui-injection.yaml"), capture("ag-ui-comply.jsonl")).result).toBe(
      "exploited",
    );
    expect(
      evaluate(example("a2a-skill-poisoning.yaml"), capture("a2a-v03-send-comply.jsonl")).result,
    ).toBe("exploited");
  });
});
