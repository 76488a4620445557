// One run of a document against an agent (format §11.3): every supported actor on its own
// connection, concurrently. Order: the rogue servers listen (and their actors enter their
// first phase), the MCP config is written, the agent command starts and says it listens,
// then the client actors start (readiness, format §5.1). The run ends when every actor is
// settled (done, or waiting for a peer that is done) and the observation window (format
// format §4.2 `grace_period`) has passed quietly; or at the timeout; or when a bound is reached.
// Every message is recorded with the run's key and evaluated as it comes; the verdict is the
// document's indicators over the recording.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createTraceEvaluator, type TraceEvaluator, type TraceVerdict } from "@oatf/evaluate";
import type { CelEvaluator, NormalizedDocument, SemanticEvaluator } from "@oatf/model";
import { parseDuration } from "@oatf/model";
import { A2aClientActor } from "./a2a/client.js";
import { A2aServerActor } from "./a2a/server.js";
import { AgUiClientActor } from "./ag-ui/client.js";
import { type McpConfig, writeMcpConfig } from "./agent/mcp-config.js";
import { type AgentProcess, startAgent } from "./agent/process.js";
import type { PhaseTransition, RunContext } from "./context.js";
import { Diagnostics, type RunDiagnostic } from "./diagnostics.js";
import { isSupportedMode } from "./document.js";
import { ExtractorStore } from "./extractors.js";
import { Synthesizer } from "./generation/synthesizer.js";
import { plain, RunServer } from "./http.js";
import { McpClientActor } from "./mcp/client.js";
import { McpHttpTransport } from "./mcp/http.js";
import { McpServerActor } from "./mcp/server.js";
import { serveStdio } from "./mcp/stdio.js";
import type { ResolvedOptions } from "./options.js";
import type { RunOutput } from "./out.js";
import { PhaseMachine } from "./phase-machine.js";
import { type RecordedMessage, Recording } from "./recording.js";
import { Settlement } from "./settlement.js";

/** How a run ended. */
export type RunEnd = "settled" | "timeout" | "limit" | "aborted" | "failed";

/** Where the run's rogue servers were reached. */
export interface RunEndpoints {
  /** The listener's base URL (`http://127.0.0.1:PORT`), when one was needed. */
  listen?: string;
  /** MCP actor → its Streamable HTTP URL (`…/mcp/NAME`). */
  mcp: Record<string, string>;
  /** A2A actor → its base URL (`…/a2a/NAME`; card at `…/.well-known/agent-card.json`). */
  a2a: Record<string, string>;
}

/** One run of a document: its verdict and what it recorded. */
export interface RunResult {
  /** The run key every recorded message carries. */
  run: string;
  /** The document's indicators over the recording (SDK §4.5, with coverage). */
  verdict: TraceVerdict;
  /** Every message of every actor, in the order the runner saw them. */
  messages: RecordedMessage[];
  /** Each actor's phase changes, in order. */
  phases: PhaseTransition[];
  /** Values the extractors captured, qualified by actor (`mcp_rug.token`). */
  extracted: Record<string, string>;
  diagnostics: RunDiagnostic[];
  ended: RunEnd;
  endpoints: RunEndpoints;
  /** The MCP config file written for the agent, when one was. */
  mcpConfig?: string;
  /** Milliseconds from start to end. */
  duration: number;
}

export interface RunSetup {
  document: NormalizedDocument;
  options: ResolvedOptions;
  run: string;
  /** The `out` file, when there is one. */
  output: RunOutput | undefined;
  cel: CelEvaluator | undefined;
  semantic: SemanticEvaluator | undefined;
}

/** The stdio bridge a host spawns for an actor served over stdio in the main run. */
export const STDIO_BRIDGE = fileURLToPath(new URL("../bin/stdio-bridge.mjs", import.meta.url));

type Adapter = McpServerActor | A2aServerActor | AgUiClientActor | McpClientActor | A2aClientActor;

/** What the steps of a run share. */
interface Stage {
  setup: RunSetup;
  ctx: RunContext;
  end: Settlement;
  diagnostics: Diagnostics;
  endpoints: RunEndpoints;
  /** Undone in reverse order when the run ends. */
  cleanups: (() => void | Promise<void>)[];
  adapters: Map<PhaseMachine, Adapter>;
  servers: PhaseMachine[];
  clients: PhaseMachine[];
  /** The secret a stdio bridge of this run shows. */
  token: string;
  agent: AgentProcess | undefined;
  agentExited: boolean;
  mcpConfig: string | undefined;
}

export async function runOnce(setup: RunSetup): Promise<RunResult> {
  const { document, options } = setup;
  const started = Date.now();
  const diagnostics = new Diagnostics();
  const abort = new AbortController();
  const evaluator = createTraceEvaluator([document], {
    source: "@oatf/run",
    ...(setup.cel === undefined ? {} : { cel: setup.cel }),
    ...(setup.semantic === undefined ? {} : { semantic: setup.semantic }),
  });
  const machines: PhaseMachine[] = [];
  // Without client actors, nothing in the document drives the agent: the run waits for what
  // does. The agent command ending, else `onReady` having returned (an in-process agent's
  // work, awaited), else (an agent the runner does not know) its first traffic.
  const driven = () => {
    if (stage.clients.length > 0) return true;
    if (options.agentCommand !== undefined) return stage.agentExited;
    return options.onReady !== undefined || ctx.recording.count > 0;
  };
  const end = new Settlement(machines, driven, graceOf(document, options.gracePeriod), diagnostics);
  const ctx = contextOf(
    setup,
    end,
    sinksOf(setup, evaluator, end, diagnostics),
    diagnostics,
    abort,
  );
  const adapters = cast(setup, ctx, machines);
  const stage: Stage = {
    setup,
    ctx,
    end,
    diagnostics,
    endpoints: { mcp: {}, a2a: {} },
    cleanups: [],
    adapters,
    servers: machines.filter((m) => m.role === "server"),
    clients: machines.filter((m) => m.role === "client"),
    token: randomUUID(),
    agent: undefined,
    agentExited: false,
    mcpConfig: undefined,
  };
  end.arm(options.timeout);
  const onAbort = () => end.finish("aborted");
  options.signal?.addEventListener("abort", onAbort, { once: true });
  if (options.signal?.aborted) end.finish("aborted");

  try {
    await listen(stage);
    writeConfig(stage);
    await startAgentCommand(stage);
    await callerReady(stage);
    end.starting = false;
    if (end.ended === undefined) for (const machine of stage.clients) machine.start();
    end.poke();
    await end.done;
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
    end.close();
    abort.abort();
    for (const machine of machines) machine.stop();
    await cleanUp(stage);
  }
  return resultOf(stage, evaluator, started);
}

/** Undoes what the run set up, in reverse order, then stops the agent command. */
async function cleanUp(stage: Stage): Promise<void> {
  for (const cleanup of stage.cleanups.reverse()) {
    try {
      await cleanup();
    } catch {
      // a cleanup that fails leaves the others to run
    }
  }
  await stage.agent?.stop();
}

/** The run's verdict and what it recorded, once it ended. */
function resultOf(
  { setup, ctx, end, diagnostics, endpoints, mcpConfig }: Stage,
  evaluator: TraceEvaluator,
  started: number,
): RunResult {
  const ended = end.ended!;
  // A run cut short did not see what the agent did next: undecided indicators say so (error).
  if (ended !== "settled")
    evaluator.fail(`the run ended early (${ended}): what the agent did next was not observed`);
  const verdict = evaluator.verdicts()[0]!;
  return {
    run: setup.run,
    verdict,
    messages: ctx.recording.messages,
    phases: ctx.transitions,
    extracted: ctx.extractors.all(),
    diagnostics: diagnostics.finish(),
    ended,
    endpoints,
    ...(mcpConfig === undefined ? {} : { mcpConfig }),
    duration: Date.now() - started,
  };
}

/** What the actors of a run share: its recording, extractors, bounds, and its end. */
function contextOf(
  { run, options, output }: RunSetup,
  end: Settlement,
  sinks: ((m: RecordedMessage) => void)[],
  diagnostics: Diagnostics,
  abort: AbortController,
): RunContext {
  return {
    run,
    recording: new Recording(run, sinks),
    extractors: new ExtractorStore(),
    diagnostics,
    limits: options.limits,
    synthesizer: new Synthesizer(options.generation),
    transitions: [],
    signal: abort.signal,
    allowRemote: options.allowRemote,
    fetch: output?.har?.fetch ?? fetch,
    poke: () => end.poke(),
    stop(why) {
      if (end.ended !== undefined) return;
      diagnostics.report({
        severity: "error",
        code: "run/limit",
        message: `the run ended early: ${why}`,
      });
      end.finish("limit");
    },
  };
}

/**
 * Where every recorded message goes: the evaluator, the run's settlement, the `out` file and
 * the caller's callback. The file and the callback may fail (a full disk, a bug): said once,
 * never breaking the exchange being recorded.
 */
function sinksOf(
  setup: RunSetup,
  evaluator: { push(m: RecordedMessage): void },
  end: Settlement,
  diagnostics: Diagnostics,
): ((m: RecordedMessage) => void)[] {
  const guarded = (name: string, sink: (m: RecordedMessage) => void) => {
    let failed = false;
    return (m: RecordedMessage) => {
      if (failed) return;
      try {
        sink(m);
      } catch (error) {
        failed = true;
        diagnostics.report({
          severity: "error",
          code: "run/options",
          message: `${name} failed, and gets no more messages: ${(error as Error)?.message ?? error}`,
        });
      }
    };
  };
  const { output, options } = setup;
  return [
    (m: RecordedMessage) => evaluator.push(m),
    (_m: RecordedMessage) => end.traffic(),
    ...(output ? [guarded("out", (m) => output.write(m))] : []),
    ...(options.onMessage ? [guarded("onMessage", options.onMessage)] : []),
  ];
}

/** The actors this runner executes (document.ts warned about the others), each with its adapter. */
function cast(
  { document, options }: RunSetup,
  ctx: RunContext,
  machines: PhaseMachine[],
): Map<PhaseMachine, Adapter> {
  const adapters = new Map<PhaseMachine, Adapter>();
  for (const actor of document.attack.execution.actors ?? []) {
    if (!isSupportedMode(actor.mode)) continue;
    const machine = new PhaseMachine(actor, ctx);
    machines.push(machine);
    if (actor.mode === "mcp_server") adapters.set(machine, new McpServerActor(machine));
    else if (actor.mode === "a2a_server") adapters.set(machine, new A2aServerActor(machine));
    else if (actor.mode === "ag_ui_client")
      adapters.set(machine, new AgUiClientActor(machine, options.agent));
    else if (actor.mode === "mcp_client")
      adapters.set(machine, new McpClientActor(machine, options.servers[actor.name]));
    else adapters.set(machine, new A2aClientActor(machine, options.servers[actor.name]));
  }
  const stdioActor = options.stdio?.actor;
  if (
    stdioActor !== undefined &&
    !machines.some((m) => m.name === stdioActor && m.mode === "mcp_server")
  )
    ctx.diagnostics.report({
      severity: "error",
      code: "run/options",
      message: `stdio: ${stdioActor} is not an mcp_server actor of the document`,
    });
  return adapters;
}

/** 1. The rogue servers listen, and their actors enter their first phase. */
async function listen(stage: Stage): Promise<void> {
  const { setup, servers, adapters, endpoints, cleanups, end } = stage;
  const { options } = setup;
  const http = servers.some((m) => m.mode === "mcp_server" || m.mode === "a2a_server")
    ? new RunServer(setup.output?.har)
    : undefined;
  if (http) {
    for (const machine of servers) route(stage, http, machine);
    try {
      endpoints.listen = await http.listen(options.listen.host, options.listen.port);
    } catch (error) {
      stage.diagnostics.report({
        severity: "error",
        code: "run/options",
        message: `cannot listen on ${options.listen.host}:${options.listen.port}: ${(error as Error).message}`,
      });
      end.finish("failed");
    }
    cleanups.push(() => http.close());
    for (const machine of servers) {
      const adapter = adapters.get(machine)!;
      if (adapter instanceof McpServerActor)
        endpoints.mcp[machine.name] = `${endpoints.listen}/mcp/${machine.name}`;
      if (adapter instanceof A2aServerActor) {
        adapter.baseUrl = `${endpoints.listen}/a2a/${machine.name}`;
        endpoints.a2a[machine.name] = adapter.baseUrl;
      }
    }
  }
  const stdio = stdioStreams(setup);
  for (const machine of servers) {
    if (end.ended !== undefined) break;
    machine.start();
    const adapter = adapters.get(machine);
    if (machine.name === options.stdio?.actor && stdio && adapter instanceof McpServerActor)
      cleanups.push(serveStdio(adapter, { input: stdio.input!, output: stdio.output! }));
  }
}

/** The stdio streams the caller serves an actor on, when it gave both. */
const stdioStreams = ({ options }: RunSetup) =>
  options.stdio?.input && options.stdio.output ? options.stdio : undefined;

/** A server actor's routes: MCP Streamable HTTP and its stdio bridge, or A2A. */
function route(stage: Stage, http: RunServer, machine: PhaseMachine): void {
  const { cleanups, token } = stage;
  const adapter = stage.adapters.get(machine)!;
  if (adapter instanceof McpServerActor) {
    const transport = new McpHttpTransport(adapter);
    cleanups.push(() => transport.close());
    http.route(`/mcp/${machine.name}`, (req, res) => transport.handle(req, res));
    http.route(`/stdio/${machine.name}`, (req, res) => {
      if (req.method !== "POST" || req.headers["x-oatf-run-token"] !== token)
        return plain(res, 403, "not a stdio bridge of this run");
      res.writeHead(200, { "content-type": "application/x-ndjson" });
      res.flushHeaders();
      const stop = serveStdio(adapter, { input: req, output: res });
      res.on("close", stop);
      // The host closed the server's stdin: the bridge may exit.
      req.on("end", () => res.end());
      cleanups.push(() => {
        stop();
        res.end();
      });
    });
  } else if (adapter instanceof A2aServerActor)
    http.route(`/a2a/${machine.name}`, (req, res, rest) => adapter.handle(req, res, rest));
}

/** 2. The MCP config, before the first message goes to the agent. */
function writeConfig(stage: Stage): void {
  const { options } = stage.setup;
  if (
    stage.end.ended !== undefined ||
    (options.mcpConfig === undefined && options.agentCommand === undefined)
  )
    return;
  let mcpConfig = options.mcpConfig;
  if (mcpConfig === undefined) {
    const dir = mkdtempSync(join(tmpdir(), "oatf-run-"));
    mcpConfig = join(dir, "mcp-config.json");
    stage.cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  }
  stage.mcpConfig = mcpConfig;
  const served = stdioStreams(stage.setup) !== undefined;
  writeMcpConfig(mcpConfig, configOf(stage.endpoints, options.stdio?.actor, served, stage.token));
}

/** 3. The agent command, once the servers listen. */
async function startAgentCommand(stage: Stage): Promise<void> {
  const { setup, end, diagnostics, clients, mcpConfig } = stage;
  const { options } = setup;
  if (end.ended !== undefined || options.agentCommand === undefined) return;
  let agentUrl = options.agent;
  const agent = startAgent(
    options.agentCommand,
    {
      ...(mcpConfig === undefined ? {} : { mcpConfig }),
      ...(agentUrl === undefined ? {} : { agentUrl }),
    },
    options.agentReadyTimeout,
  );
  stage.agent = agent;
  void agent.exited.then((code) => {
    stage.agentExited = true;
    if (end.ended === undefined)
      diagnostics.report({
        severity: clients.length > 0 ? "warning" : "info",
        code: "run/agent",
        message: `the agent command ended (${code}) during the run: ${agent.tail().slice(-400)}`,
      });
    end.poke();
  });
  const printed = await Promise.race([agent.ready, end.done.then(() => undefined)]);
  if (printed === undefined && end.ended === undefined) {
    const why = `the agent command did not print "listening <url>" within ${options.agentReadyTimeout} ms: ${agent.tail().slice(-400)}`;
    if (agentUrl === undefined && clients.some((m) => m.mode === "ag_ui_client")) {
      diagnostics.report({ severity: "error", code: "run/agent", message: why });
      end.finish("failed");
    } else diagnostics.report({ severity: "warning", code: "run/agent", message: why });
  }
  agentUrl ??= printed;
  for (const adapter of stage.adapters.values())
    if (adapter instanceof AgUiClientActor) adapter.url = agentUrl;
}

/**
 * 4. The caller's own start (an in-process agent); the client actors start after it: every
 * server actor accepts connections by now (format §5.1).
 */
async function callerReady(stage: Stage): Promise<void> {
  const { setup, end, mcpConfig } = stage;
  const { options, run } = setup;
  if (end.ended !== undefined || !options.onReady) return;
  try {
    await options.onReady({
      run,
      endpoints: stage.endpoints,
      ...(mcpConfig === undefined ? {} : { mcpConfig }),
    });
  } catch (error) {
    stage.diagnostics.report({
      severity: "error",
      code: "run/options",
      message: `onReady failed: ${(error as Error)?.message ?? error}`,
    });
    end.finish("failed");
  }
}

/** Format §4.2: the document's `grace_period` when it has one, else the option. */
function graceOf(document: NormalizedDocument, fallback: number): number {
  const grace = document.attack.grace_period;
  if (typeof grace !== "string") return fallback;
  const parsed = parseDuration(grace);
  return parsed.ok ? parsed.value : fallback;
}

/** The MCP config (RUN-CONTRACT.md): HTTP actors by URL, the stdio actor through its bridge. */
function configOf(
  endpoints: RunEndpoints,
  stdioActor: string | undefined,
  stdioServed: boolean,
  token: string,
): McpConfig {
  const config: McpConfig = { mcpServers: {}, a2aAgents: {} };
  for (const [name, url] of Object.entries(endpoints.mcp)) {
    config.mcpServers[name] =
      name === stdioActor && !stdioServed
        ? {
            type: "stdio",
            command: process.execPath,
            args: [STDIO_BRIDGE, "--join", `${endpoints.listen}/stdio/${name}`],
            env: { OATF_RUN_TOKEN: token },
          }
        : { type: "http", url };
  }
  for (const [name, url] of Object.entries(endpoints.a2a)) config.a2aAgents[name] = { url };
  return config;
}
