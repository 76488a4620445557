// `oatf evaluate <documents or globs...> --trace <file|->`: streamed trace evaluation of one
// or many documents for CI gates (issue 14 §3): summary, JSON or JUnit, explicit exit codes.
// Arguments are parsed here, the inputs found (each read or opened on demand) and progress
// shown; evaluating, the exit code and the output are report.ts's (`runEvaluate`,
// `evaluateExitCode`, `renderEvaluate`).
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { TIERS, type Tier } from "@oatf/model";
import { MAX_JOBS } from "../../node/evaluate-jobs.js";
import {
  maxWarningsOption,
  oneOfOption,
  option,
  type ParsedArgs,
  UsageError,
} from "../shared/args.js";
import type { CliContext } from "../shared/context.js";
import { expandInputs, readInput } from "../shared/files.js";
import { CLI_TRACE_FORMATS, type CliTraceFormat } from "../shared/otlp-trace.js";
import { startProgress } from "../shared/progress.js";
import { openTrace } from "../shared/trace.js";
import { emptyProblems } from "../shared/trace-problems.js";
import {
  EVALUATE_FORMATS,
  type EvaluateFormat,
  type EvaluateOptions,
  type EvaluateProgress,
  type EvaluateReport,
  evaluateExitCode,
  renderEvaluate,
  renderProgress,
  runEvaluate,
} from "./report.js";

export const EVALUATE_USAGE = `Usage: oatf evaluate <documents or globs...> --trace <file|-> [options]

Evaluates the documents' indicators over one observed trace (read as a stream; '-' reads standard input) and prints each attack verdict: for one document its indicators, for several a summary table, then totals. The documents' validation warnings go to stderr.

Verdicts are per run: when the trace's messages carry a "run" key (oatf record --run, oatf publish --run, @oatf/run), each run (one execution of the attack against one agent) is judged on its own messages, and a document's verdict is the summary of its runs (exploited if any run is, else partial, else error, else not_exploited), each run listed. Lines without a run key are the one run of the trace. Sessions and connections only correlate messages: a run may span several.

An indicator that no message reached (its protocol, surface, actor or direction matched none), or that only messages which did not capture what it reads reached, was not evaluated: it is skipped, with a warning naming why (the nearest surfaces the trace had); a document whose every indicator is skipped is an error (format §9.2).

Options:
  --trace <file|->          the trace (required)
  --trace-format <format>   ${CLI_TRACE_FORMATS.join(" | ")} (default: detected from the first lines; a line of each below)
  --format <format>         text | json | junit | sarif (default text; sarif: one rule per indicator, one result per match at its trace line)
  --fail-on-tier <tier>     fail only when max_tier >= tier (ingested < local_action < boundary_breach)
  --jobs <n>                evaluate in n threads (this one and n - 1 workers; at most one a core), an OATF JSON Lines trace sharded by session (its lines' session, else actor), or by document when its first lines are of one session (each thread reads every line against a share of the documents); other formats, and a trace the workers would not repay (a file too small for what they cost in CPU, a pipe when they would take every core, or one session and one document), are read in one thread, said on stderr; the same output and exit code (default 1)
  --max-warnings <n>        exit 1 when there are more than n warnings in all: the documents' validation warnings, the indicators' (skipped, partly blind, a target that never resolved) and the trace's (a line read with a warning), as ESLint; -1 (the default) means no limit
  --allow-empty-trace       a trace without messages is not an error (it still warns; its verdicts are error: nothing was evaluated)
  --allow-uncorrelated      messages the reader could not correlate or attribute with certainty (a response whose request was forgotten or is ambiguous, a method of the other protocol) are not an error (they still warn); they are always evaluated against every indicator they could belong to

Trace formats, a line of each:
  oatf          {"protocol":"mcp","direction":"request","operation":"tools/call","content":{...}}
  jsonrpc       {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{...}}  or  {"direction":"send","actor":"a","message":{...JSON-RPC...}}
  ag_ui         data: {"type":"TOOL_CALL_START",...}  (SSE), or one event per line
  thoughtjack   {"seq":0,"actor":"default","direction":"Incoming","method":...,"content":{...}}
  har           {"log":{"version":"1.2","entries":[...]}}  (HAR 1.2 from browser devtools, Playwright, mitmproxy: JSON-RPC, agent card and AG-UI bodies; read entry by entry)
  otlp          {"resourceSpans":[...]}  (OpenTelemetry spans: the collector file exporter's JSON lines or protobuf, an OTLP/HTTP body, 'oatf record --otlp'; MCP and A2A spans become their calls' messages; read in one thread)

Expression indicators use the default CEL evaluator; semantic indicators are skipped. Evidence names the 1-based line of the trace (in a HAR, the line its entry starts on). The whole trace is read, whatever is decided and whatever --jobs: every line is checked and counted (coverage counts are the whole trace's), so the output and the exit code are the same with any --jobs.

Exit code:
  0  every document not_exploited (or exploited/partial below --fail-on-tier)
  1  some run exploited or partial (with --fail-on-tier: at or above the tier), or more warnings than --max-warnings
  2  usage error, no matching document, missing or unreadable file
  3  an invalid document, an error verdict (a document with no run failing and some run error), unreadable trace lines, an empty trace without --allow-empty-trace, or uncorrelated messages without --allow-uncorrelated (3 wins over 1)
`;

/** What the arguments of `oatf evaluate` ask for. */
export interface EvaluateArgs extends EvaluateOptions {
  format: EvaluateFormat;
  /** The positional inputs: files, globs and directories. */
  inputs: string[];
  /** The trace file, or `-` for standard input. */
  trace: string;
}

/** Reads the arguments, throwing `UsageError` for what does not go together. */
export function parseEvaluateArgs(args: ParsedArgs): EvaluateArgs {
  const format = oneOfOption(args, "--format", EVALUATE_FORMATS, "text");
  const failOnTier = option(args, "--fail-on-tier");
  if (failOnTier !== undefined && !TIERS.includes(failOnTier as Tier)) {
    throw new UsageError(`--fail-on-tier must be one of ${TIERS.join(", ")}`);
  }
  const traceFormat = option(args, "--trace-format");
  if (traceFormat !== undefined && !CLI_TRACE_FORMATS.includes(traceFormat as CliTraceFormat)) {
    throw new UsageError(`--trace-format must be one of ${CLI_TRACE_FORMATS.join(", ")}`);
  }
  if (args.positionals.length === 0) throw new UsageError("no documents given");
  const trace = option(args, "--trace");
  if (trace === undefined) throw new UsageError("--trace <file|-> is required");
  const jobsText = option(args, "--jobs") ?? "1";
  const jobs = Number(jobsText);
  if (!/^[0-9]+$/.test(jobsText) || jobs < 1 || jobs > MAX_JOBS)
    throw new UsageError(`--jobs must be a whole number from 1 to ${MAX_JOBS}`);
  return {
    format,
    inputs: args.positionals,
    trace,
    ...(traceFormat === undefined ? {} : { traceFormat: traceFormat as CliTraceFormat }),
    ...(failOnTier === undefined ? {} : { failOnTier: failOnTier as Tier }),
    allowEmptyTrace: args.options.has("--allow-empty-trace"),
    allowUncorrelated: args.options.has("--allow-uncorrelated"),
    maxWarnings: maxWarningsOption(args),
    ...(jobs === 1 ? {} : { jobs }),
  };
}

export async function evaluateCommand(args: ParsedArgs, ctx: CliContext): Promise<number> {
  const { format, inputs, trace, ...options } = parseEvaluateArgs(args);
  const { files, unmatched } = await expandInputs(inputs, ctx.cwd);
  let report: EvaluateReport;
  if (unmatched.length > 0) {
    report = { unmatched, documents: [], trace, problems: emptyProblems(), messages: 0, options };
  } else {
    const started = Date.now();
    const progress = startProgress(ctx.stderr, "evaluating");
    // Invalid documents and trace problems are printed as they come (a live trace may be long).
    const onProgress = (event: EvaluateProgress) => {
      if (event.kind === "messages") return progress.update(event.count);
      const text = renderProgress(trace, event);
      if (text === "") return;
      progress.clear();
      ctx.stderr.write(text);
    };
    const documents = files.map((file) => ({ file, read: () => readInput(file, ctx.cwd) }));
    const opened = {
      file: trace,
      ...(options.jobs === undefined ? {} : { bytes: fileBytes(trace, ctx.cwd) }),
      open: () => openTrace(trace, ctx.cwd, ctx.stdin ?? process.stdin),
    };
    try {
      report = await runEvaluate(documents, opened, options, onProgress);
    } finally {
      progress.stop();
    }
    report.elapsedMs = Date.now() - started;
  }
  const { stdout, stderr } = renderEvaluate(report, format, { streamed: true });
  if (stderr !== "") ctx.stderr.write(stderr);
  if (stdout !== "") ctx.stdout.write(stdout);
  return evaluateExitCode(report);
}

/** A regular file's size; `undefined` for `-`, a pipe, or a file that cannot be read (`open` says why). */
function fileBytes(path: string, cwd: string): number | undefined {
  if (path === "-") return undefined;
  try {
    const stat = statSync(resolve(cwd, path));
    return stat.isFile() ? stat.size : undefined;
  } catch {
    return undefined;
  }
}
