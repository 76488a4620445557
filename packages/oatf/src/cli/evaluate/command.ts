// `oatf evaluate <documents or globs...> --trace <file|->`: streamed trace evaluation of one
// or many documents for CI gates (issue 14 §3): summary, JSON or JUnit, explicit exit codes.
// Arguments are parsed here, the inputs found (each read or opened on demand) and progress
// shown; evaluating, the exit code and the output are report.ts's (`runEvaluate`,
// `evaluateExitCode`, `renderEvaluate`).
import { TIERS, type Tier } from "@oatf/model";
import { MAX_JOBS } from "../../node/evaluate-jobs.js";
import { oneOfOption, option, type ParsedArgs, UsageError } from "../shared/args.js";
import type { CliContext } from "../shared/context.js";
import { expandInputs, readInput } from "../shared/files.js";
import { CLI_TRACE_FORMATS, type CliTraceFormat } from "../shared/otlp-trace.js";
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

Evaluates the documents' indicators over one observed trace (read as a stream; '-' reads standard input) and prints each attack verdict: for one document its indicators, for several a summary table, then totals.

Options:
  --trace <file|->          the trace (required)
  --trace-format <format>   ${CLI_TRACE_FORMATS.join(" | ")} (default: detected from the first lines; a line of each below)
  --format <format>         text | json | junit (default text)
  --fail-on-tier <tier>     fail only when max_tier >= tier (ingested < local_action < boundary_breach)
  --jobs <n>                evaluate in n threads (this one and n - 1 workers), an OATF JSON Lines trace sharded by session (its lines' session, else actor; other formats are read in one thread, said on stderr); the same verdicts, no early stop (default 1)
  --allow-empty-trace       a trace without messages is not an error (it still warns)
  --allow-uncorrelated      messages the reader could not correlate or attribute with certainty (a response whose request was forgotten or is ambiguous, a method of the other protocol) are not an error (they still warn); they are always evaluated against every indicator they could belong to

Trace formats, a line of each:
  oatf          {"protocol":"mcp","direction":"request","operation":"tools/call","content":{...}}
  jsonrpc       {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{...}}  or  {"direction":"send","actor":"a","message":{...JSON-RPC...}}
  ag_ui         data: {"type":"TOOL_CALL_START",...}  (SSE), or one event per line
  thoughtjack   {"seq":0,"actor":"default","direction":"Incoming","method":...,"content":{...}}
  har           {"log":{"version":"1.2","entries":[...]}}  (HAR 1.2 from browser devtools, Playwright, mitmproxy: JSON-RPC, agent card and AG-UI bodies; read entry by entry)
  otlp          {"resourceSpans":[...]}  (OpenTelemetry spans: the collector file exporter's JSON lines or protobuf, an OTLP/HTTP body, 'oatf record --otlp'; MCP and A2A spans become their calls' messages; read in one thread)

Expression indicators use the default CEL evaluator; semantic indicators are skipped. Evidence names the 1-based line of the trace (in a HAR, the line its entry starts on). Reading stops early once every indicator of every document is decided.

Exit code:
  0  every document not_exploited (or exploited/partial below --fail-on-tier)
  1  some document exploited or partial (with --fail-on-tier: at or above the tier)
  2  usage error, no matching document, missing or unreadable file
  3  an invalid document, an error verdict, unreadable trace lines, an empty trace without --allow-empty-trace, or uncorrelated messages without --allow-uncorrelated (3 wins over 1)
`;

const PROGRESS_MS = 250;

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
    ...(jobs === 1 ? {} : { jobs }),
  };
}

export async function evaluateCommand(args: ParsedArgs, ctx: CliContext): Promise<number> {
  const { format, inputs, trace, ...options } = parseEvaluateArgs(args);
  const { files, unmatched } = expandInputs(inputs, ctx.cwd);
  let report: EvaluateReport;
  if (unmatched.length > 0) {
    report = { unmatched, documents: [], trace, problems: emptyProblems(), messages: 0, options };
  } else {
    const started = Date.now();
    const progress = ctx.stderr.isTTY === true ? progressLine(ctx, started) : undefined;
    // Invalid documents and trace problems are printed as they come (a live trace may be long).
    const onProgress = (event: EvaluateProgress) => {
      if (event.kind === "messages") return progress?.tick(event.count);
      const text = renderProgress(trace, event);
      if (text === "") return;
      progress?.clear();
      ctx.stderr.write(text);
    };
    const documents = files.map((file) => ({ file, read: () => readInput(file, ctx.cwd) }));
    const opened = {
      file: trace,
      open: () => openTrace(trace, ctx.cwd, ctx.stdin ?? process.stdin),
    };
    report = await runEvaluate(documents, opened, options, onProgress);
    progress?.clear();
    report.elapsedMs = Date.now() - started;
  }
  const { stdout, stderr } = renderEvaluate(report, format, { streamed: true });
  if (stderr !== "") ctx.stderr.write(stderr);
  if (stdout !== "") ctx.stdout.write(stdout);
  return evaluateExitCode(report);
}

/** On an interactive stderr: messages read and their rate, redrawn at most every 250 ms. */
function progressLine(ctx: CliContext, started: number) {
  let last = started;
  let shown = false;
  return {
    tick(count: number) {
      if ((count & 1023) !== 0) return;
      const now = Date.now();
      if (now - last < PROGRESS_MS) return;
      last = now;
      shown = true;
      const rate = Math.round(count / ((now - started) / 1000));
      ctx.stderr.write(`\revaluating: ${count} messages (${rate} messages/s)\x1b[K`);
    },
    clear() {
      if (shown) ctx.stderr.write("\r\x1b[K");
      shown = false;
    },
  };
}
