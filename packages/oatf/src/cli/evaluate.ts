// `oatf evaluate <documents or globs...> --trace <file|->`: streamed trace evaluation of one
// or many documents for CI gates (issue 14 §3): summary, JSON or JUnit, explicit exit codes.
import {
  createTraceEvaluator,
  type IndicatorCoverage,
  readTrace,
  TRACE_FORMATS,
  type TraceDiagnostic,
  type TraceFormat,
} from "@oatf/evaluate";
import { type AttackVerdict, type Document, TIERS, type Tier } from "@oatf/model";
import { escapeForTerminal } from "@oatf/model/terminal";
import { normalize } from "@oatf/normalize";
import { oneOfOption, option, type ParsedArgs, UsageError } from "./args.js";
import { celFor } from "./cel.js";
import { checkDocument } from "./check.js";
import { type CliContext, EXIT } from "./context.js";
import { expandInputs, readInput } from "./files.js";
import { type JunitCase, toJunit } from "./junit.js";
import { invalidDocument, plural } from "./report.js";
import { safe } from "./terminal.js";
import { openTrace } from "./trace.js";

export const EVALUATE_USAGE = `Usage: oatf evaluate <documents or globs...> --trace <file|-> [options]

Evaluates the documents' indicators over one observed trace (read as a stream; '-' reads standard input) and prints each attack verdict: for one document its indicators, for several a summary table, then totals.

Options:
  --trace <file|->          the trace (required)
  --trace-format <format>   ${TRACE_FORMATS.join(" | ")} (default: detected from the first lines; a line of each below)
  --format <format>         text | json | junit (default text)
  --fail-on-tier <tier>     fail only when max_tier >= tier (ingested < local_action < boundary_breach)
  --allow-empty-trace       a trace without messages is not an error (it still warns)
  --allow-uncorrelated      messages the reader could not correlate or attribute with certainty (a response whose request was forgotten or is ambiguous, a method of the other protocol) are not an error (they still warn); they are always evaluated against every indicator they could belong to

Trace formats, a line of each:
  oatf          {"protocol":"mcp","direction":"request","operation":"tools/call","content":{...}}
  jsonrpc       {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{...}}  or  {"direction":"send","actor":"a","message":{...JSON-RPC...}}
  ag_ui         data: {"type":"TOOL_CALL_START",...}  (SSE), or one event per line
  thoughtjack   {"seq":0,"actor":"default","direction":"Incoming","method":...,"content":{...}}

Expression indicators use the default CEL evaluator; semantic indicators are skipped. Evidence names the 1-based line of the trace. Reading stops early once every indicator of every document is decided.

Exit code:
  0  every document not_exploited (or exploited/partial below --fail-on-tier)
  1  some document exploited or partial (with --fail-on-tier: at or above the tier)
  2  usage error, no matching document, missing or unreadable file
  3  an invalid document, an error verdict, unreadable trace lines, an empty trace without --allow-empty-trace, or uncorrelated messages without --allow-uncorrelated (3 wins over 1)
`;

const FORMATS = ["text", "json", "junit"] as const;
/** Trace problems printed before the rest are only counted. */
const MAX_REPORTED = 20;
const PROGRESS_MS = 250;

interface Entry {
  file: string;
  name?: string;
  /** The normalized document, when it is valid. */
  document?: Document;
  verdict?: AttackVerdict;
  /** Per indicator: messages evaluated and target resolutions (issue 22 §5). */
  coverage?: IndicatorCoverage[];
}

export async function evaluateCommand(args: ParsedArgs, ctx: CliContext): Promise<number> {
  const format = oneOfOption(args, "--format", FORMATS, "text");
  const failOnTier = option(args, "--fail-on-tier");
  if (failOnTier !== undefined && !TIERS.includes(failOnTier as Tier)) {
    throw new UsageError(`--fail-on-tier must be one of ${TIERS.join(", ")}`);
  }
  const traceFormat = option(args, "--trace-format");
  if (traceFormat !== undefined && !TRACE_FORMATS.includes(traceFormat as TraceFormat)) {
    throw new UsageError(`--trace-format must be one of ${TRACE_FORMATS.join(", ")}`);
  }
  if (args.positionals.length === 0) throw new UsageError("no documents given");
  const tracePath = option(args, "--trace");
  if (tracePath === undefined) throw new UsageError("--trace <file|-> is required");
  const { files, unmatched } = expandInputs(args.positionals, ctx.cwd);
  if (unmatched.length > 0) {
    const list = unmatched.map((u) => `'${u}'`).join(", ");
    ctx.stderr.write(safe`oatf evaluate: no files match ${list}\n`);
    return EXIT.usage;
  }

  const entries: Entry[] = [];
  for (const file of files) {
    const doc = readInput(file, ctx.cwd);
    if (!doc.ok) return cannotRead(file, doc.reason, ctx);
    const checked = await checkDocument(doc.text);
    if (!checked.valid) {
      ctx.stderr.write(invalidDocument("evaluate", file, doc.text, checked.diagnostics));
      entries.push({ file });
      continue;
    }
    const name = checked.document.attack?.name;
    entries.push({
      file,
      document: normalize(checked.document),
      ...(typeof name === "string" ? { name } : {}),
    });
  }
  const trace = openTrace(tracePath, ctx.cwd, ctx.stdin ?? process.stdin);
  if (!trace.ok) return cannotRead(tracePath, trace.reason, ctx);

  const usable = entries.filter((e) => e.document !== undefined);
  const documents = usable.map((e) => e.document!);
  const started = Date.now();
  const cel = (await celFor(documents)) ?? undefined;
  const evaluator = createTraceEvaluator(documents, { source: "oatf-cli", cel });
  const progress = ctx.stderr.isTTY === true ? progressLine(ctx, started) : undefined;
  const problems = { reported: 0, errors: 0, warnings: 0, unattributed: 0, fatal: false };
  const report = (d: TraceDiagnostic) => {
    if (d.unattributed === true) problems.unattributed++;
    if (d.severity === "warning") problems.warnings++;
    else problems.errors++;
    if (d.severity === "fatal") problems.fatal = true;
    if (problems.reported++ >= MAX_REPORTED) return;
    const where = d.line === undefined ? tracePath : `${tracePath}:${d.line}`;
    const level = d.severity === "warning" ? "warning: " : "";
    progress?.clear();
    ctx.stderr.write(safe`oatf evaluate: ${where}: ${level}${d.message}\n`);
  };
  let lastLine = 0;
  try {
    for await (const record of readTrace(trace.source, {
      documents,
      ...(traceFormat === undefined ? {} : { format: traceFormat as TraceFormat }),
    })) {
      if (record.kind === "diagnostic") {
        report(record.diagnostic);
        continue;
      }
      lastLine = record.message.line;
      evaluator.push(record.message);
      progress?.tick(evaluator.count);
      if (evaluator.done) break;
    }
  } catch (error) {
    evaluator.fail(`the trace could not be read: ${(error as Error)?.message ?? String(error)}`);
    problems.errors++;
  } finally {
    trace.close();
    progress?.clear();
  }
  if (problems.reported > MAX_REPORTED) {
    const more = problems.reported - MAX_REPORTED;
    ctx.stderr.write(
      safe`oatf evaluate: ${tracePath}: ${plural(more, "more problem")} not shown\n`,
    );
  }
  if (problems.fatal) return EXIT.error;
  // A peer must not hide a message by breaking its correlation (issue 23): said, and failing.
  const allowUncorrelated = args.options.has("--allow-uncorrelated");
  if (problems.unattributed > 0) {
    const hint = allowUncorrelated ? "" : " (exit 3; --allow-uncorrelated accepts them)";
    ctx.stderr.write(
      safe`oatf evaluate: ${tracePath}: warning: ${plural(problems.unattributed, "message")} could not be correlated or attributed with certainty (read against every indicator they could belong to)${hint}\n`,
    );
  }
  const empty = evaluator.count === 0;
  if (empty) {
    const hint = args.options.has("--allow-empty-trace")
      ? ""
      : " (exit 3; --allow-empty-trace accepts it)";
    ctx.stderr.write(
      safe`oatf evaluate: ${tracePath}: warning: the trace has no messages, so no indicator can match${hint}\n`,
    );
  }

  for (const [i, verdict] of evaluator.verdicts().entries()) {
    const entry = usable[i]!;
    entry.verdict = ordered(verdict);
    entry.coverage = verdict.coverage;
    // Why the verdict is `error` when no indicator says so (no indicators: format §11.4).
    for (const d of verdict.diagnostics ?? []) {
      ctx.stderr.write(safe`oatf evaluate: ${entry.file}: ${d.severity}: ${d.message}\n`);
    }
  }
  const tier = failOnTier as Tier | undefined;
  const stoppedEarly = evaluator.done && evaluator.count > 0 ? lastLine : undefined;
  if (format === "json") ctx.stdout.write(`${JSON.stringify(toJson(entries), null, 2)}\n`);
  else if (format === "junit")
    ctx.stdout.write(toJunit(junitCases(entries, tier), (Date.now() - started) / 1000));
  else ctx.stdout.write(toText(entries, evaluator.count, stoppedEarly, tier));

  const failing = entries.some((e) => e.verdict !== undefined && fails(e.verdict, tier));
  const broken =
    entries.some((e) => e.verdict === undefined || e.verdict.result === "error") ||
    problems.errors > 0 ||
    (problems.unattributed > 0 && !allowUncorrelated) ||
    (empty && !args.options.has("--allow-empty-trace"));
  return broken ? EXIT.error : failing ? EXIT.failed : EXIT.ok;
}

function cannotRead(path: string, reason: string, ctx: CliContext): number {
  ctx.stderr.write(safe`oatf evaluate: cannot read ${path}: ${reason}\n`);
  return EXIT.usage;
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

/** The AttackVerdict with its fields in spec order (`max_tier` after `result`). */
function ordered(v: AttackVerdict): AttackVerdict {
  return {
    ...(v.attack_id === undefined ? {} : { attack_id: v.attack_id }),
    result: v.result,
    ...(v.max_tier === undefined ? {} : { max_tier: v.max_tier }),
    indicator_verdicts: v.indicator_verdicts,
    evaluation_summary: v.evaluation_summary,
    ...(v.timestamp === undefined ? {} : { timestamp: v.timestamp }),
    ...(v.source === undefined ? {} : { source: v.source }),
  };
}

function fails(v: AttackVerdict, failOnTier: Tier | undefined): boolean {
  if (v.result !== "exploited" && v.result !== "partial") return false;
  if (failOnTier === undefined) return true;
  const reached = v.max_tier === undefined ? -1 : TIERS.indexOf(v.max_tier);
  return reached >= TIERS.indexOf(failOnTier);
}

/**
 * One document: its AttackVerdict. Several: `[{document, verdict}]` (verdict null when invalid).
 * Each verdict carries `coverage` after the spec's fields (an SDK extra, issue 22 §5).
 */
function toJson(entries: Entry[]): unknown {
  const withCoverage = (e: Entry) =>
    e.verdict === undefined ? null : { ...e.verdict, coverage: e.coverage ?? [] };
  if (entries.length === 1 && entries[0]!.verdict !== undefined) return withCoverage(entries[0]!);
  return entries.map((e) => ({ document: e.file, verdict: withCoverage(e) }));
}

/** The coverage warnings of a document (targets that never resolved), terminal-safe. */
function warnings(e: Entry): string[] {
  return (e.coverage ?? []).flatMap((c) => (c.warning === undefined ? [] : [c.warning]));
}

function junitCases(entries: Entry[], tier: Tier | undefined): JunitCase[] {
  return entries.map((e) => ({
    file: e.file,
    name: [e.verdict?.attack_id, e.name].filter(Boolean).join(" ") || e.file,
    ...(e.verdict === undefined
      ? { problem: `${e.file} is not a valid OATF document (run oatf validate)` }
      : { verdict: e.verdict, warnings: warnings(e) }),
    failed: e.verdict !== undefined && fails(e.verdict, tier),
  }));
}

function toText(
  entries: Entry[],
  count: number,
  stoppedAt: number | undefined,
  tier: Tier | undefined,
): string {
  const over = `${plural(count, "trace message")}${
    stoppedAt === undefined ? "" : ` (read up to line ${stoppedAt}: every indicator was decided)`
  }`;
  if (entries.length === 1 && entries[0]!.verdict !== undefined) {
    const notes = warnings(entries[0]!).map((w) => `  warning: ${escapeForTerminal(w)}`);
    return (
      detail(entries[0]!.verdict, entries[0]!.name, over) + notes.map((n) => `${n}\n`).join("")
    );
  }
  const rows = entries.map((e) => {
    const v = e.verdict;
    const matched =
      v?.indicator_verdicts.filter((i) => i.result === "matched").map((i) => i.indicator_id) ?? [];
    const ids = matched.length ? ` ${matched.join(", ")}` : "";
    return [
      escapeForTerminal(e.file),
      v?.result ?? "invalid",
      v?.max_tier ?? "-",
      v === undefined
        ? "-"
        : `${matched.length}/${v.indicator_verdicts.length}${escapeForTerminal(ids)}`,
    ];
  });
  const header = ["DOCUMENT", "RESULT", "MAX_TIER", "MATCHED"];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) =>
    r
      .map((cell, c) => cell.padEnd(widths[c]!))
      .join("  ")
      .trimEnd();
  const tally = (result: string) =>
    entries.filter((e) => (e.verdict?.result ?? "invalid") === result).length;
  const failing = entries.filter((e) => e.verdict !== undefined && fails(e.verdict, tier)).length;
  const totals =
    `${plural(entries.length, "document")} over ${over}: ${tally("exploited")} exploited, ` +
    `${tally("partial")} partial, ${tally("not_exploited")} not_exploited, ${tally("error")} error` +
    `${tally("invalid") ? `, ${tally("invalid")} invalid` : ""}; ${failing} failing`;
  const notes = entries.flatMap((e) =>
    warnings(e).map((w) => `warning: ${escapeForTerminal(e.file)}: ${escapeForTerminal(w)}`),
  );
  return `${[line(header), ...rows.map(line), "", totals, ...notes].join("\n")}\n`;
}

function detail(v: AttackVerdict, name: string | undefined, over: string): string {
  const title =
    escapeForTerminal([v.attack_id, name ? `"${name}"` : undefined].filter(Boolean).join(" ")) ||
    "attack";
  const tier = v.max_tier ? ` (max_tier: ${v.max_tier})` : "";
  const lines = [`${title}: ${v.result}${tier} over ${over}`];
  const width = Math.max(...v.indicator_verdicts.map((i) => i.indicator_id.length), 0);
  for (const i of v.indicator_verdicts) {
    lines.push(
      `  ${i.result.padEnd(11)} ${escapeForTerminal(i.indicator_id.padEnd(width))}  ${escapeForTerminal(i.evidence ?? "")}`.trimEnd(),
    );
  }
  const s = v.evaluation_summary;
  lines.push(
    `  ${s.matched} matched, ${s.not_matched} not_matched, ${s.error} error, ${s.skipped} skipped`,
  );
  return `${lines.join("\n")}\n`;
}
