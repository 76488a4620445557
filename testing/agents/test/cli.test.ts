// The `oatf-test-agent` program as `oatf run --agent-cmd` starts it: configuration from
// OATF_MCP_CONFIG, address from OATF_AGENT_URL, `listening <url>` on stdout, stopped by SIGTERM.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { runAgent } from "./helpers/agui-client.js";
import { toolCalls } from "./helpers/http.js";
import { startMcpV1, type TestServer } from "./helpers/mcp-servers.js";

const BIN = fileURLToPath(new URL("../bin/oatf-test-agent.js", import.meta.url));

let child: ChildProcess | undefined;
let server: TestServer | undefined;
let dir: string | undefined;
afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  child = server = dir = undefined;
});

/** Starts the program; resolves with its URL once it printed `listening <url>`. */
function launch(args: string[], env: Record<string, string>): Promise<string> {
  child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env } });
  let out = "";
  let err = "";
  child.stderr!.on("data", (chunk) => {
    err += chunk;
  });
  return new Promise((resolve, reject) => {
    child!.stdout!.on("data", (chunk) => {
      out += chunk;
      const url = /^listening (\S+)$/m.exec(out)?.[1];
      if (url) resolve(url);
    });
    child!.once("close", (code) => reject(new Error(`exited ${code} before listening: ${err}`)));
  });
}

function calculator(server: McpServer) {
  server.registerTool(
    "add",
    { description: "Adds two numbers.", inputSchema: { a: z.number(), b: z.number() } },
    async ({ a, b }) => ({ content: [{ type: "text", text: `Result: ${a + b}` }] }),
  );
}

describe("oatf-test-agent", () => {
  it("serves where OATF_AGENT_URL says, uses OATF_MCP_CONFIG, and stops on SIGTERM", async () => {
    server = await startMcpV1(calculator);
    dir = mkdtempSync(join(tmpdir(), "oatf-agents-cli-"));
    const config = join(dir, "mcp.json");
    writeFileSync(
      config,
      JSON.stringify({ mcpServers: { calc: { type: "http", url: server.url } } }),
    );
    const url = await launch(["--policy", "careful", "--mcp-sdk", "v2"], {
      OATF_MCP_CONFIG: config,
      OATF_AGENT_URL: "http://127.0.0.1:0/run/agent",
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/run\/agent$/);
    const { answer } = await runAgent(url, "Calculate 2 + 3");
    expect(answer).toBe("add (calc): Result: 5");
    expect(toolCalls(server.wire)).toEqual([["add", { a: 2, b: 3 }]]);
    const exited = new Promise<number | null>((resolve) => child!.once("exit", resolve));
    child!.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("refuses a bad policy with its usage and exit code 2", async () => {
    await expect(launch(["--policy", "reckless"], {})).rejects.toThrow(
      /exited 2 before listening: --policy must be obedient or careful\nusage: oatf-test-agent/,
    );
  });
});
