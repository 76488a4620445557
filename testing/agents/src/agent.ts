// `startAgent`: a scripted agent under test. It serves AG-UI, uses the MCP servers and A2A
// agents of its configuration, and answers each run by its policy. Runs are carried out one at a
// time, in the order they arrive (a server's sampling request belongs to the run in progress).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { RunAgentInput } from "@ag-ui/core";
import type { A2aVersion } from "./a2a.js";
import { type RunReply, serveAgUi } from "./agui.js";
import { composeAnswer } from "./answer.js";
import { readRunInput } from "./input.js";
import type { McpHandlers, McpSdk } from "./mcp.js";
import { POLICIES, type PolicyName } from "./policy.js";
import { Run } from "./run.js";
import { answerElicitation, answerSampling } from "./server-requests.js";
import { Connections } from "./world.js";

export interface AgentOptions {
  policy: PolicyName;
  /** The `mcpServers`/`a2aAgents` configuration: a file path (read at every run) or the object. */
  mcpConfig?: string | object;
  /** Where to serve AG-UI (default `http://127.0.0.1:0/agent`: a free port). */
  listen?: string;
  /** The MCP SDK line: `v1` (@modelcontextprotocol/sdk, default) or `v2` (@modelcontextprotocol/client). */
  mcpSdk?: McpSdk;
  /** The A2A version to speak: `auto` (from each agent's card, default), `0.3` or `1.0`. */
  a2aVersion?: A2aVersion | "auto";
  /** Receives one line per thing the agent does (default: nothing). */
  log?: (line: string) => void;
}

export interface RunningAgent {
  /** The AG-UI endpoint: POST a RunAgentInput here. */
  url: string;
  /** Stops serving and closes every MCP session (stdio servers are stopped). */
  close(): Promise<void>;
}

export const DEFAULT_LISTEN = "http://127.0.0.1:0/agent";

export async function startAgent(options: AgentOptions): Promise<RunningAgent> {
  const policy = POLICIES[options.policy];
  if (!policy) throw new Error(`unknown policy ${String(options.policy)}: obedient or careful`);
  const log = options.log ?? (() => {});
  let current: Run | undefined;
  // Outside a run (a server asking on its own), the request is answered as by an idle agent.
  const activeRun = () => current ?? new Run(policy, world, "");
  const handlers: McpHandlers = {
    sample: async (server, params) => answerSampling(activeRun(), server, params),
    elicit: async (server, params) => answerElicitation(activeRun(), server, params),
    changed: (server) => world.markChanged(server),
    log,
  };
  const world = new Connections(
    {
      config: options.mcpConfig,
      mcpSdk: options.mcpSdk ?? "v1",
      a2aVersion: options.a2aVersion ?? "auto",
      log,
    },
    handlers,
  );

  const runOnce = async (input: RunAgentInput): Promise<RunReply> => {
    await world.sync();
    const request = readRunInput(input);
    world.frontendTools = request.frontendTools;
    const run = new Run(policy, world, request.request, request.done);
    log(`run ${input.runId} (${policy.name}): ${JSON.stringify(request.request)}`);
    current = run;
    try {
      await run.execute([...request.observations, ...world.descriptions()]);
    } finally {
      current = undefined;
    }
    return { answer: composeAnswer(run), frontendCalls: run.frontendCalls };
  };
  let queue: Promise<unknown> = Promise.resolve();
  const handle = (input: RunAgentInput): Promise<RunReply> => {
    const result = queue.then(() => runOnce(input));
    queue = result.catch(() => {});
    return result;
  };

  const listen = new URL(options.listen ?? DEFAULT_LISTEN);
  const path = listen.pathname || "/";
  const server = createServer((req, res) => {
    serveAgUi(req, res, path, handle).catch((error) => {
      log(`ag-ui: ${(error as Error).message}`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  const host = listen.hostname.replace(/^\[|\]$/g, "");
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(Number(listen.port || 80), host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `${listen.protocol}//${listen.hostname}:${port}${path}`;
  return {
    url,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await world.close();
    },
  };
}
