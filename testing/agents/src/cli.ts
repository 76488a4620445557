// `oatf-test-agent`: a scripted agent as a program, for `oatf run --agent-cmd`. Prints
// `listening <url>` once it serves AG-UI; stops on SIGTERM or SIGINT; logs to stderr.
import { parseArgs } from "node:util";
import type { A2aVersion } from "./a2a.js";
import { DEFAULT_LISTEN, startAgent } from "./agent.js";
import type { McpSdk } from "./mcp.js";
import type { PolicyName } from "./policy.js";

export const USAGE =
  "usage: oatf-test-agent --policy obedient|careful [--listen URL] [--mcp-config FILE] [--mcp-sdk v1|v2] [--a2a-version auto|0.3|1.0] [--quiet]\n" +
  "  --listen defaults to $OATF_AGENT_URL, then " +
  DEFAULT_LISTEN +
  "; --mcp-config to $OATF_MCP_CONFIG\n";

interface Io {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/** Starts the agent; resolves with a stop function, or with an exit code on bad arguments. */
export async function main(
  argv: string[],
  env: Record<string, string | undefined>,
  io: Io = process,
): Promise<number | (() => Promise<void>)> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        policy: { type: "string" },
        listen: { type: "string" },
        "mcp-config": { type: "string" },
        "mcp-sdk": { type: "string" },
        "a2a-version": { type: "string" },
        quiet: { type: "boolean" },
        help: { type: "boolean" },
      },
    }));
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  const policy = values.policy;
  const sdk = values["mcp-sdk"] ?? "v1";
  const a2a = values["a2a-version"] ?? "auto";
  if (policy !== "obedient" && policy !== "careful") {
    io.stderr.write(`--policy must be obedient or careful\n${USAGE}`);
    return 2;
  }
  if (sdk !== "v1" && sdk !== "v2") {
    io.stderr.write(`--mcp-sdk must be v1 or v2\n${USAGE}`);
    return 2;
  }
  if (a2a !== "auto" && a2a !== "0.3" && a2a !== "1.0") {
    io.stderr.write(`--a2a-version must be auto, 0.3 or 1.0\n${USAGE}`);
    return 2;
  }
  const mcpConfig = (values["mcp-config"] as string | undefined) ?? env.OATF_MCP_CONFIG;
  const listen = (values.listen as string | undefined) ?? env.OATF_AGENT_URL ?? DEFAULT_LISTEN;
  const agent = await startAgent({
    policy: policy as PolicyName,
    ...(mcpConfig ? { mcpConfig } : {}),
    listen,
    mcpSdk: sdk as McpSdk,
    a2aVersion: a2a as A2aVersion | "auto",
    ...(values.quiet
      ? {}
      : { log: (line: string) => io.stderr.write(`oatf-test-agent: ${line}\n`) }),
  });
  io.stdout.write(`listening ${agent.url}\n`);
  return () => agent.close();
}
