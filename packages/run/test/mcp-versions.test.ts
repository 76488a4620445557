// Which MCP revision an `mcp_server` actor speaks, and what it declares (format §7.1.4):
// - a state without `protocol_version` negotiates as the official SDK's server: an
//   `initialize` gets the revision it asks for when the SDK lists it (else 2025-11-25, the
//   binding's default), and a 2026 client's `server/discover` is answered in 2026-07-28;
// - a state's `protocol_version` is answered as written; pinned before 2026-07-28 the actor
//   is a 2025-era server that knows no `server/discover`, so the official v2 client falls back
//   to `initialize` (a downgrade document is not escaped by a 2026 client);
// - explicit `capabilities` are sent verbatim; leaving out one the state serves under (OATF-029
//   declares only `sampling`, beside its tools) is a `run/capabilities` warning, never silent.
// Raw requests check the answers byte for byte; the official SDK clients (v1 and v2, inside
// the scripted agents of @oatf/test-agents) check that hosts really behave that way.
import { startAgent } from "@oatf/test-agents";
import { describe, expect, it } from "vitest";
import { type RunReport, runAttack } from "../src/index.js";
import { asking, scenario } from "./helpers.js";

const server = (state: string) => `
oatf: "0.1"
attack:
  id: VER-001
  name: A server alone
  execution:
    mode: mcp_server
    state:
${state}
      tools:
        - name: echo
          description: "Echoes."
          inputSchema: { type: object }
  indicators:
    - id: VER-001-01
      surface: tools/call
      target: arguments
      pattern: { regex: "never" }
`;

/** One JSON-RPC request to the actor, as a client of `revision` sends it; its JSON answer. */
async function post(url: string, method: string, params: object, revision?: string) {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(revision === undefined ? {} : { "mcp-protocol-version": revision }),
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return (await response.json()) as { result?: Record<string, unknown>; error?: { code: number } };
}

const initialize = (url: string, protocolVersion: string) =>
  post(url, "initialize", {
    protocolVersion,
    capabilities: {},
    clientInfo: { name: "raw", version: "1" },
  });

const discover = (url: string) =>
  post(
    url,
    "server/discover",
    { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } },
    "2026-07-28",
  );

/** Runs a server-only document; `drive` plays the client against its URL. */
async function serve(document: string, drive: (url: string) => Promise<void>) {
  const report = await runAttack(document, {
    gracePeriod: 0,
    onReady: async ({ endpoints }) => drive(endpoints.mcp.default!),
  });
  expect(report.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return report;
}

describe("the revision an mcp_server speaks", () => {
  it("negotiates as the official SDK's server when the state names none", async () => {
    const answers: unknown[] = [];
    await serve(server("      server_info: { name: s, version: '1' }"), async (url) => {
      for (const asked of ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", "1999-01-01"])
        answers.push((await initialize(url, asked)).result?.protocolVersion);
      answers.push((await discover(url)).result?.supportedVersions);
    });
    expect(answers).toEqual([
      "2025-11-25",
      "2025-06-18",
      "2025-03-26",
      "2024-11-05",
      "2025-11-25", // not one it knows: the binding's default
      ["2026-07-28"],
    ]);
  });

  it("answers a pinned revision as written; pinned before 2026 it knows no server/discover", async () => {
    const answers: unknown[] = [];
    await serve(server('      protocol_version: "2024-11-05"'), async (url) => {
      answers.push((await initialize(url, "2025-11-25")).result?.protocolVersion);
      answers.push((await discover(url)).error?.code);
    });
    expect(answers).toEqual(["2024-11-05", -32601]);
    const modern: unknown[] = [];
    await serve(server('      protocol_version: "2026-07-28"'), async (url) => {
      modern.push((await discover(url)).result?.supportedVersions);
      modern.push((await initialize(url, "2025-11-25")).result?.protocolVersion);
    });
    expect(modern).toEqual([["2026-07-28"], "2026-07-28"]);
  });
});

/** The weather document with the server's state pinned by `head`; the city is the finding. */
const weather = (head: string) =>
  asking(
    "VER-002",
    head,
    `      surface: tools/call
      direction: request
      target: arguments.city
      pattern: { contains: "Paris" }`,
  );

async function againstAgent(document: string, mcpSdk: "v1" | "v2") {
  const config = `${process.env.TMPDIR ?? "/tmp"}/oatf-run-versions-${process.pid}-${mcpSdk}.json`;
  const agent = await startAgent({ policy: "obedient", mcpConfig: config, mcpSdk });
  try {
    const report = await runAttack(document, {
      agent: agent.url,
      mcpConfig: config,
      gracePeriod: 100,
    });
    expect(report.runs).toHaveLength(1);
    return report;
  } finally {
    await agent.close();
  }
}

const wire = (report: RunReport, actor: string) =>
  report.runs[0]!.messages.filter((m) => m.actor === actor);
const ops = (report: RunReport, actor: string) =>
  wire(report, actor).map((m) => `${m.direction} ${m.operation}`);

describe("the official SDK clients against a pinned revision", () => {
  it("v2 falls back to initialize when the state pins 2025-11-25", async () => {
    const report = await againstAgent(
      weather('              protocol_version: "2025-11-25"'),
      "v2",
    );
    const seen = ops(report, "weather");
    expect(seen.slice(0, 4)).toEqual([
      "request server/discover",
      "response server/discover",
      "request initialize",
      "response initialize",
    ]);
    expect(wire(report, "weather")[1]!.content).toMatchObject({ code: -32601 });
    expect(seen).toContain("request tools/call");
    expect(report.runs[0]!.verdict.result).toBe("exploited");
  }, 60_000);

  it("v1 is downgraded to the pinned 2024-11-05 and still calls the tool", async () => {
    const report = await againstAgent(
      weather('              protocol_version: "2024-11-05"'),
      "v1",
    );
    const answer = wire(report, "weather").find(
      (m) => m.direction === "response" && m.operation === "initialize",
    );
    expect(answer?.content).toMatchObject({ protocolVersion: "2024-11-05" });
    expect(ops(report, "weather")).toContain("request tools/call");
  }, 60_000);
});

describe("declared capabilities (OATF-029)", () => {
  const OATF_029 = scenario("OATF-029_mcp-sampling-injection.yaml");
  const capabilities = "              capabilities:\n                sampling: {}\n";

  it("says when the state serves tools its capabilities do not declare", async () => {
    expect(OATF_029).toContain(capabilities);
    const report = await againstAgent(OATF_029, "v2");
    const said = report.diagnostics.filter((d) => d.code === "run/capabilities");
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({
      severity: "warning",
      actor: "mcp_sampling",
      path: "attack.execution.actors[1].phases[0].state.capabilities",
    });
    expect(said[0]!.message).toContain("do not declare `tools`");
    expect(said[0]!.message).toContain("`sampling` is a client capability");
    // Verbatim on the wire, and the host, honouring it, never listed the tools.
    const discovered = wire(report, "mcp_sampling").find(
      (m) => m.direction === "response" && m.operation === "server/discover",
    );
    expect(discovered?.content).toMatchObject({ capabilities: { sampling: {} } });
    expect(ops(report, "mcp_sampling")).not.toContain("request tools/list");
  }, 60_000);

  it("with `tools` declared, the tool is called and the sampling request reaches the client", async () => {
    const declared = OATF_029.replace(capabilities, `${capabilities}                tools: {}\n`);
    for (const mcpSdk of ["v1", "v2"] as const) {
      const report = await againstAgent(declared, mcpSdk);
      expect(report.diagnostics.filter((d) => d.code === "run/capabilities")).toEqual([]);
      const seen = ops(report, "mcp_sampling");
      expect(seen).toContain("request tools/list");
      expect(seen).toContain("request tools/call");
      expect(seen).toContain("request sampling/createMessage");
      expect(seen).toContain("response sampling/createMessage");
    }
  }, 120_000);
});
