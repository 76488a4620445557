// The options of a run, the same as the `oatf run` command's flags (one option per flag):
// where the agent is, where the rogue servers listen, how the agent is started, what is
// recorded, and the bounds. Read once, checked (loopback unless allowed), never trusted.
import type { CelEvaluator, GenerationProvider, SemanticEvaluator } from "@oatf/model";
import type { RunDiagnostic } from "./diagnostics.js";
import { type RunLimits, resolveLimits } from "./limits.js";
import { isLoopbackHost, isLoopbackUrl, parseListen } from "./net.js";
import type { RecordedMessage } from "./recording.js";
import type { RunEndpoints } from "./run.js";

export interface RunOptions {
  /** `--agent <url>`: the agent's AG-UI endpoint, where `ag_ui_client` actors post. */
  agent?: string;
  /** `--listen host:port`: where the rogue servers listen (default `127.0.0.1:0`). */
  listen?: string;
  /**
   * `--mcp-config <file>`: where the MCP config is written before the first message goes to
   * the agent. With `agentCommand` and no path, a temporary file is used.
   */
  mcpConfig?: string;
  /** `--agent-cmd "<command>"`: started after the servers are up, stopped after the run. */
  agentCommand?: string;
  /** How long the agent command may take to print `listening <url>` (ms, default 30,000). */
  agentReadyTimeout?: number;
  /**
   * `--stdio --actor NAME`: one `mcp_server` actor served over stdio. With `input` and
   * `output` (a host spawned this process), on those streams; without them, through the
   * stdio bridge the MCP config names, which joins this run.
   */
  stdio?: { actor: string; input?: NodeJS.ReadableStream; output?: NodeJS.WritableStream };
  /** `--server NAME=URL|command`: the server under test of each `mcp_client` / `a2a_client` actor. */
  servers?: Record<string, string>;
  /** `--allow-remote`: listen on, connect and post to addresses off this machine. */
  allowRemote?: boolean;
  /** `--timeout <ms>`: a run ends at this point whatever its actors do (default 120,000). */
  timeout?: number;
  /**
   * Observation window after every actor is done, in ms, when the document has no
   * `attack.grace_period` (format §4.2; default 250). Traffic in it restarts it.
   */
  gracePeriod?: number;
  /** `--repeat N`: runs of the document, one after the other (default 1). */
  repeat?: number;
  /**
   * `--out <file>`: the recording, written as the run goes: OATF JSON Lines (every line with
   * its `run`; repeats share the file), or HAR 1.2 when it ends in `.har` (the HTTP
   * exchanges, each entry with its run as `_run`).
   */
  out?: string;
  /** `--run NAME`: the run key (`NAME-1`, `NAME-2`, ... with repeats). Default: the attack id and a random suffix. */
  run?: string;
  /** The generation provider for `synthesize` blocks (SDK §6.3); see `openAiCompatibleProvider`. */
  generation?: GenerationProvider;
  /** CEL for expression indicators: @oatf/cel-default unless given; `null` evaluates without. */
  cel?: CelEvaluator | null;
  semantic?: SemanticEvaluator;
  limits?: Partial<RunLimits>;
  /** Each recorded message, as it is recorded. */
  onMessage?: (message: RecordedMessage) => void;
  /**
   * Called (and awaited) once the rogue servers listen and the MCP config is written, before
   * any client actor starts: where an in-process agent is started (the library's
   * `agentCommand`), or a test learns the endpoints. In a document without client actors,
   * nothing else drives the agent: the run settles only after it returns, so it can drive
   * the agent itself (`await myAgent.run(endpoints)`).
   */
  onReady?: (ready: RunReady) => void | Promise<void>;
  /** Aborting ends the current run (with what it recorded) and skips the repeats left. */
  signal?: AbortSignal;
}

/** What `onReady` is told: the run key, where the servers are, the MCP config written. */
export interface RunReady {
  run: string;
  endpoints: RunEndpoints;
  mcpConfig?: string;
}

export interface ResolvedOptions {
  agent: string | undefined;
  listen: { host: string; port: number };
  mcpConfig: string | undefined;
  agentCommand: string | undefined;
  agentReadyTimeout: number;
  stdio: RunOptions["stdio"];
  servers: Record<string, string>;
  allowRemote: boolean;
  timeout: number;
  gracePeriod: number;
  repeat: number;
  out: string | undefined;
  run: string | undefined;
  generation: GenerationProvider | undefined;
  limits: RunLimits;
  onMessage: RunOptions["onMessage"];
  onReady: RunOptions["onReady"];
  signal: AbortSignal | undefined;
}

const positive = (v: unknown, fallback: number) =>
  typeof v === "number" && Number.isFinite(v) && v > 0 ? v : fallback;

/** The options with defaults, or the diagnostics that say why they cannot be used. */
export function resolveOptions(
  options: RunOptions,
): { ok: true; value: ResolvedOptions } | { ok: false; problems: RunDiagnostic[] } {
  const o = (typeof options === "object" && options !== null ? options : {}) as RunOptions;
  const problems: RunDiagnostic[] = [];
  const bad = (message: string) =>
    problems.push({ severity: "error", code: "run/options", message });
  const allowRemote = o.allowRemote === true;
  const listen = parseListen(typeof o.listen === "string" ? o.listen : "127.0.0.1:0");
  if (listen === undefined) bad(`listen: ${JSON.stringify(o.listen)} is not host:port`);
  else if (!allowRemote && !isLoopbackHost(listen.host))
    bad(`listen: ${listen.host} is not a loopback address (allow remote addresses to use it)`);
  if (o.agent !== undefined) {
    if (typeof o.agent !== "string" || !/^https?:\/\//.test(o.agent)) bad("agent: an http(s) URL");
    else if (!allowRemote && !isLoopbackUrl(o.agent))
      bad(`agent: ${o.agent} is not on this machine (allow remote addresses to use it)`);
  }
  const servers: Record<string, string> = {};
  for (const [name, target] of Object.entries(o.servers ?? {})) {
    if (typeof target !== "string" || target.trim() === "")
      bad(`servers.${name}: a URL or a command`);
    else if (/^https?:\/\//.test(target) && !allowRemote && !isLoopbackUrl(target))
      bad(`servers.${name}: ${target} is not on this machine (allow remote addresses to use it)`);
    else servers[name] = target;
  }
  if (o.stdio !== undefined && (typeof o.stdio !== "object" || typeof o.stdio?.actor !== "string"))
    bad("stdio: { actor, input?, output? }");
  if (o.agentCommand !== undefined && typeof o.agentCommand !== "string")
    bad("agentCommand: a command line");
  const repeat = o.repeat === undefined ? 1 : o.repeat;
  if (!Number.isSafeInteger(repeat) || repeat < 1) bad("repeat: a positive integer");
  if (problems.length > 0 || listen === undefined) return { ok: false, problems };
  return {
    ok: true,
    value: {
      agent: o.agent,
      listen,
      mcpConfig: typeof o.mcpConfig === "string" ? o.mcpConfig : undefined,
      agentCommand: o.agentCommand,
      agentReadyTimeout: positive(o.agentReadyTimeout, 30_000),
      stdio: o.stdio,
      servers,
      allowRemote,
      timeout: positive(o.timeout, 120_000),
      gracePeriod: typeof o.gracePeriod === "number" && o.gracePeriod >= 0 ? o.gracePeriod : 250,
      repeat,
      out: typeof o.out === "string" ? o.out : undefined,
      run: typeof o.run === "string" && o.run !== "" ? o.run : undefined,
      generation: o.generation ?? undefined,
      limits: resolveLimits(o.limits),
      onMessage: typeof o.onMessage === "function" ? o.onMessage : undefined,
      onReady: typeof o.onReady === "function" ? o.onReady : undefined,
      signal: o.signal,
    },
  };
}
