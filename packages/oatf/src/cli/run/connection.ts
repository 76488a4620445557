// The flags that say how the agent under test is reached, shared by `oatf run` and
// `oatf benchmark` (one flag per option of @oatf/run's `RunOptions`, RUN-CONTRACT.md):
// where the agent is, where the rogue servers listen, the MCP config, the agent command,
// the servers under test, the bounds. Read here once; @oatf/run checks the values again
// (loopback only unless --allow-remote) and says what it refuses as diagnostics.
import type { RunOptions } from "@oatf/run";
import { option, type ParsedArgs, repeatedOption, UsageError } from "../shared/args.js";

/** The valued flags of a run's connection (`--server` may repeat). */
export const CONNECTION_VALUED = [
  "--agent",
  "--agent-cmd",
  "--listen",
  "--mcp-config",
  "--server",
  "--timeout",
  "--grace",
  "--repeat",
  "--generation-url",
  "--generation-model",
] as const;

export const CONNECTION_FLAGS = ["--allow-remote"] as const;

/**
 * The help lines of those flags, shared by both commands' usage; a term as wide as the column
 * puts its description on the next line (the wrapper finds a row by its two-space gap).
 */
export const CONNECTION_HELP = `  --agent <url>             the agent's AG-UI endpoint (ag_ui_client actors post there)
  --agent-cmd "<command>"   start the agent once the servers listen (OATF_MCP_CONFIG, OATF_AGENT_URL in its environment, {mcp_config} replaced); it prints 'listening <url>'; stopped after the run
  --listen <host:port>      where the rogue servers listen (default 127.0.0.1:0): MCP actor NAME at /mcp/NAME, A2A actor at /a2a/NAME
  --mcp-config <file>       write the MCP config there before the first message goes to the agent ({"mcpServers": {...}, "a2aAgents": {...}})
  --server NAME=URL|command
                            the server under test of the mcp_client / a2a_client actor NAME (repeatable)
  --allow-remote            listen on, connect and post to addresses off this machine (loopback only otherwise)
  --timeout <ms>            a run ends at this point whatever its actors do (default 120000)
  --grace <ms>              observation window after every actor is done, when the document has no grace_period (default 250)
  --repeat <n>              runs of each document, one after the other (agents are not deterministic; default 1)
  --generation-url <url>    an OpenAI-compatible chat-completions endpoint for synthesize blocks (with --generation-model)
  --generation-model <name>
                            the model to ask there (OATF_GENERATION_API_KEY in the environment: its bearer token)`;

function wholeNumber(args: ParsedArgs, name: string, min: number): number | undefined {
  const text = option(args, name);
  if (text === undefined) return undefined;
  if (!/^[0-9]+$/.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text)))
    throw new UsageError(`${name} must be a whole number of at least ${min}`);
  return Number(text);
}

/** `--server NAME=target`, repeatable: the servers under test by actor name. */
function servers(args: ParsedArgs): Record<string, string> | undefined {
  const given = repeatedOption(args, "--server");
  if (given.length === 0) return undefined;
  const out: Record<string, string> = Object.create(null);
  for (const one of given) {
    const eq = one.indexOf("=");
    if (eq <= 0 || eq === one.length - 1)
      throw new UsageError(`--server must be NAME=URL or NAME="command" (got '${one}')`);
    const name = one.slice(0, eq);
    if (name in out) throw new UsageError(`--server ${name} is given twice`);
    out[name] = one.slice(eq + 1);
  }
  return out;
}

/**
 * The run options the flags ask for (everything but `out`, `run`, `stdio` and the
 * generation provider, which is made only when a run starts: see `generationOf`).
 */
export function parseConnection(args: ParsedArgs): RunOptions & {
  generationUrl?: string;
  generationModel?: string;
} {
  const agent = option(args, "--agent");
  const agentCommand = option(args, "--agent-cmd");
  const listen = option(args, "--listen");
  const mcpConfig = option(args, "--mcp-config");
  const timeout = wholeNumber(args, "--timeout", 1);
  const gracePeriod = wholeNumber(args, "--grace", 0);
  const repeat = wholeNumber(args, "--repeat", 1);
  const generationUrl = option(args, "--generation-url");
  const generationModel = option(args, "--generation-model");
  if ((generationUrl === undefined) !== (generationModel === undefined))
    throw new UsageError("--generation-url and --generation-model go together");
  const named = servers(args);
  return {
    ...(agent === undefined ? {} : { agent }),
    ...(agentCommand === undefined ? {} : { agentCommand }),
    ...(listen === undefined ? {} : { listen }),
    ...(mcpConfig === undefined ? {} : { mcpConfig }),
    ...(named === undefined ? {} : { servers: named }),
    ...(args.options.has("--allow-remote") ? { allowRemote: true } : {}),
    ...(timeout === undefined ? {} : { timeout }),
    ...(gracePeriod === undefined ? {} : { gracePeriod }),
    ...(repeat === undefined ? {} : { repeat }),
    ...(generationUrl === undefined ? {} : { generationUrl, generationModel: generationModel! }),
  };
}

/** The run options, with the generation provider the flags name (made only when asked for). */
export async function runOptionsOf(
  connection: ReturnType<typeof parseConnection>,
  env: Record<string, string | undefined>,
): Promise<RunOptions> {
  const { generationUrl, generationModel, ...options } = connection;
  if (generationUrl === undefined || generationModel === undefined) return options;
  const { openAiCompatibleProvider } = await import("@oatf/run");
  const generation = openAiCompatibleProvider({
    url: generationUrl,
    model: generationModel,
    ...(env.OATF_GENERATION_API_KEY ? { apiKey: env.OATF_GENERATION_API_KEY } : {}),
    ...(options.allowRemote ? { allowRemote: true } : {}),
  });
  return { ...options, generation };
}
