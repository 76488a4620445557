// `oatf run <document> --agent …`: executes a document against an agent under test with
// @oatf/run (its rogue servers, its clients), records every message (`--out trace.jsonl` or
// `.har`) and prints the verdicts as `oatf evaluate` does, with its exit codes. The runner is
// loaded on demand (a package of its own, Node only), so other commands never load it.

import { resolve } from "node:path";
import { TIERS, type Tier } from "@oatf/model";
import type { RunOptions, RunReady, RunReport } from "@oatf/run";
import { oneOfOption, option, type ParsedArgs, UsageError } from "../shared/args.js";
import { checkDocument } from "../shared/check.js";
import { type CliContext, EXIT } from "../shared/context.js";
import { readInput } from "../shared/files.js";
import { invalidDocument } from "../shared/report.js";
import { safe } from "../shared/terminal.js";
import {
  CONNECTION_FLAGS,
  CONNECTION_HELP,
  CONNECTION_VALUED,
  parseConnection,
  runOptionsOf,
} from "./connection.js";
import { RUN_FORMATS, type RunFormat, readyLines, renderRun, runExitCode } from "./report.js";

export const RUN_USAGE = `Usage: oatf run <document> --agent <url> | --agent-cmd "<command>" [options]

Runs an OATF document against an agent under test: its mcp_server and a2a_server actors listen as rogue servers the agent connects to, its ag_ui_client actors post to the agent, every message is recorded, and the document's indicators are evaluated over the recording, printed as 'oatf evaluate' prints them.

Options:
${CONNECTION_HELP}
  --stdio --actor <name>    serve the mcp_server actor NAME over stdio: on this process's stdin/stdout (a host spawned 'oatf run'; the verdict goes to stderr), or, with --agent-cmd or --mcp-config, through the stdio bridge the MCP config names, which joins this run
  --out <file>              the recording: OATF JSON Lines (.jsonl, appended, each line with its run key; 'oatf evaluate' reads it) or HAR 1.2 (.har: the HTTP exchanges, each entry with its run key '_run')
  --run <name>              the run key (NAME-1, NAME-2 with --repeat; default the attack id and a random suffix)
  --format <format>         text | json | junit | sarif (default text; sarif: a rule per indicator, a result per match, located in the document)
  --fail-on-tier <tier>     fail only when max_tier >= tier (ingested < local_action < boundary_breach)

Nothing in a document is ever executed as a command: commands come from --agent-cmd and --server only.

Exit code (as 'oatf evaluate'):
  0  not_exploited (or exploited/partial below --fail-on-tier) in every run
  1  exploited or partial in some run (with --fail-on-tier: at or above the tier)
  2  usage error, missing or unreadable document
  3  an invalid document, an error verdict, a runner error (the agent unreachable, an option refused, a bound reached) or a run that recorded nothing (3 wins over 1)
`;

export const RUN_VALUED = [
  ...CONNECTION_VALUED,
  "--actor",
  "--out",
  "--run",
  "--format",
  "--fail-on-tier",
] as const;
export const RUN_FLAGS = [...CONNECTION_FLAGS, "--stdio"] as const;

/** What the arguments of `oatf run` ask for. */
export interface RunArgs {
  document: string;
  format: RunFormat;
  failOnTier?: Tier;
  options: ReturnType<typeof parseConnection> & Pick<RunOptions, "out" | "run">;
  /** `--stdio --actor NAME`, and whether this process's own stdin/stdout carry it. */
  stdio?: { actor: string; ownStreams: boolean };
}

/** The tier `--fail-on-tier` names, checked. */
export function failOnTierOf(args: ParsedArgs): Tier | undefined {
  const value = option(args, "--fail-on-tier");
  if (value !== undefined && !TIERS.includes(value as Tier))
    throw new UsageError(`--fail-on-tier must be one of ${TIERS.join(", ")}`);
  return value as Tier | undefined;
}

/** Reads the arguments, throwing `UsageError` for what does not go together. */
export function parseRunArgs(args: ParsedArgs): RunArgs {
  const format = oneOfOption(args, "--format", RUN_FORMATS, "text");
  if (args.positionals.length !== 1)
    throw new UsageError(
      args.positionals.length === 0
        ? "no document given"
        : "one document per run (oatf benchmark runs many)",
    );
  const connection = parseConnection(args);
  const actor = option(args, "--actor");
  const stdio = args.options.has("--stdio");
  if (stdio !== (actor !== undefined)) throw new UsageError("--stdio and --actor go together");
  const out = option(args, "--out");
  if (out !== undefined && !/\.(jsonl|har)$/i.test(out))
    throw new UsageError("--out names a .jsonl or a .har file");
  const run = option(args, "--run");
  const failOnTier = failOnTierOf(args);
  const served = connection.agentCommand === undefined && connection.mcpConfig === undefined;
  return {
    document: args.positionals[0]!,
    format,
    ...(failOnTier === undefined ? {} : { failOnTier }),
    options: {
      ...connection,
      ...(out === undefined ? {} : { out }),
      ...(run === undefined ? {} : { run }),
    },
    ...(actor === undefined ? {} : { stdio: { actor, ownStreams: served } }),
  };
}

export async function runCommand(args: ParsedArgs, ctx: CliContext): Promise<number> {
  const parsed = parseRunArgs(args);
  const { document: file } = parsed;
  const read = readInput(file, ctx.cwd);
  if (!read.ok) {
    ctx.stderr.write(safe`oatf run: cannot read ${file}: ${read.reason}\n`);
    return EXIT.usage;
  }
  const checked = await checkDocument(read.text);
  if (!checked.valid) {
    ctx.stderr.write(invalidDocument("run", file, read.text, checked.diagnostics));
    return EXIT.error;
  }
  // On this process's stdio, stdout carries MCP: the report goes to stderr.
  const ownStreams = parsed.stdio?.ownStreams === true;
  const actors = checked.document.attack?.execution?.actors ?? [];
  const drivesAgent = actors.some((a) => /_client$/.test(String(a.mode)));
  const report = await runDocument(read.text, file, parsed, ctx, drivesAgent);
  const { stdout, stderr } = renderRun(
    file,
    report,
    parsed.format,
    parsed.failOnTier,
    checked.document,
  );
  ctx.stderr.write(stderr);
  (ownStreams ? ctx.stderr : ctx.stdout).write(stdout);
  return runExitCode(file, report, parsed.failOnTier);
}

/** Runs the document as the arguments say; Ctrl-C ends the run with what it recorded. */
async function runDocument(
  text: string,
  file: string,
  parsed: RunArgs,
  ctx: CliContext,
  drivesAgent: boolean,
): Promise<RunReport> {
  const { runAttack } = await import("@oatf/run");
  const abort = new AbortController();
  const onSigint = () => abort.abort();
  process.once("SIGINT", onSigint);
  try {
    const options = await runOptionsOf(parsed.options, ctx.env);
    const stdio = parsed.stdio;
    return await runAttack(text, {
      ...options,
      ...(parsed.options.out === undefined ? {} : { out: resolvePath(ctx, parsed.options.out) }),
      ...(parsed.options.mcpConfig === undefined
        ? {}
        : { mcpConfig: resolvePath(ctx, parsed.options.mcpConfig) }),
      ...(stdio === undefined
        ? {}
        : {
            stdio: stdio.ownStreams
              ? { actor: stdio.actor, input: process.stdin, output: process.stdout }
              : { actor: stdio.actor },
          }),
      ...waitForAgent(parsed, drivesAgent, abort.signal, (ready) =>
        ctx.stderr.write(readyLines(file, ready)),
      ),
      signal: abort.signal,
    });
  } finally {
    process.off("SIGINT", onSigint);
  }
}

function resolvePath(ctx: CliContext, path: string): string {
  return resolve(ctx.cwd, path);
}

/**
 * `onReady` prints the endpoints. A run whose document drives nothing (server actors only)
 * and no agent command settles once `onReady` returns, so `onReady` waits for what drives
 * the agent: the host's end of this process's stdin when a host spawned it (`--stdio` on
 * its own streams: the session lasts as long as the host keeps it), else the agent's first
 * message (what the runner does without `onReady`), so a host has time to connect.
 */
function waitForAgent(
  parsed: RunArgs,
  drivesAgent: boolean,
  signal: AbortSignal,
  print: (ready: RunReady) => void,
): Pick<RunOptions, "onReady" | "onMessage"> {
  if (drivesAgent || parsed.options.agentCommand !== undefined)
    return { onReady: (ready) => void print(ready) };
  let driven: () => void = () => {};
  const done = new Promise<void>((r) => {
    driven = r;
  });
  signal.addEventListener("abort", () => driven(), { once: true });
  if (parsed.stdio?.ownStreams) {
    process.stdin.once("end", () => driven());
    process.stdin.once("close", () => driven());
  }
  return {
    ...(parsed.stdio?.ownStreams ? {} : { onMessage: () => driven() }),
    onReady: async (ready) => {
      print(ready);
      await done;
    },
  };
}
