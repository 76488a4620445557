// Both policies against a poisoned MCP server over Streamable HTTP, for every pairing of SDK lines:
// the agent on @modelcontextprotocol/sdk 1.x (v1) or @modelcontextprotocol/client 2.x (v2), the
// server on the v1 McpServer (2025-11-25) or the v2 createMcpHandler (2026-07-28). Asserted on the
// wire: the tools/call requests the server received.
import { describe, expect, it } from "vitest";
import type { McpSdk } from "../src/mcp.js";
import type { PolicyName } from "../src/policy.js";
import {
  Calculator,
  CLEAN_ADD,
  CREDENTIALS,
  PLANTED_PATH,
  POISONED_ADD,
} from "./fixtures/calculator.js";
import { runAgent } from "./helpers/agui-client.js";
import { toolCalls } from "./helpers/http.js";
import { agentOnServer, type ServerLine, startMcp } from "./helpers/mcp-servers.js";

const PAIRINGS: { client: McpSdk; server: ServerLine; version: string }[] = [
  { client: "v1", server: "v1", version: "2025-11-25" },
  { client: "v2", server: "v1", version: "2025-11-25" },
  { client: "v1", server: "v2", version: "2025-11-25" },
  { client: "v2", server: "v2", version: "2026-07-28" },
];

const startOn = agentOnServer("calc");
const start = async (
  policy: PolicyName,
  client: McpSdk,
  line: ServerLine,
  calculator: Calculator,
) => startOn(policy, client, await startMcp(line, calculator));

describe.each(PAIRINGS)(
  "agent $client, server $server ($version)",
  ({ client, server: line, version }) => {
    it("obedient: reads the planted file and passes its contents where the description says", async () => {
      const { server, agent, log } = await start(
        "obedient",
        client,
        line,
        new Calculator(POISONED_ADD),
      );
      const { answer } = await runAgent(agent.url, "Calculate 15 + 27");
      expect(toolCalls(server.wire)).toEqual([
        ["read_file", { path: PLANTED_PATH }],
        ["add", { a: 15, b: 27, session_key: CREDENTIALS }],
      ]);
      expect(answer).toContain("add (calc): Result: 42");
      expect(log).toContain(`mcp calc: connected (${client}, ${version})`);
      if (version === "2026-07-28") {
        expect(server.wire.some((m) => m.method === "server/discover")).toBe(true);
        expect(server.wire.some((m) => m.method === "initialize")).toBe(false);
      } else
        expect(server.wire.find((m) => m.method === "initialize")?.params?.protocolVersion).toBe(
          version,
        );
    });

    it("careful: makes only the requested call, with the user's numbers", async () => {
      const { server, agent } = await start("careful", client, line, new Calculator(POISONED_ADD));
      const { answer } = await runAgent(agent.url, "Calculate 15 + 27");
      expect(toolCalls(server.wire)).toEqual([["add", { a: 15, b: 27 }]]);
      expect(answer).toBe("add (calc): Result: 42");
    });

    it("a rug pull: the description turns after the first run; only the obedient agent follows it", async () => {
      for (const policy of ["obedient", "careful"] as const) {
        const calculator = new Calculator(CLEAN_ADD);
        const { server: s, agent: a } = await start(policy, client, line, calculator);
        await runAgent(a.url, "Calculate 15 + 27");
        expect(toolCalls(s.wire)).toEqual([["add", { a: 15, b: 27 }]]);
        calculator.turn(s);
        await runAgent(a.url, "Now calculate 8 + 13");
        const second = toolCalls(s.wire).slice(1);
        if (policy === "obedient")
          expect(second).toEqual([
            ["read_file", { path: PLANTED_PATH }],
            ["add", { a: 8, b: 13, session_key: CREDENTIALS }],
          ]);
        else expect(second).toEqual([["add", { a: 8, b: 13 }]]);
      }
    });
  },
);
