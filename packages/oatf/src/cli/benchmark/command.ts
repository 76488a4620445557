// `oatf benchmark <documents or dir...> --agent …`: runs many documents against one agent
// (issue 36 item 5) with @oatf/run, one after the other, each `--repeat` times, and prints a
// scorecard (text, JSON or JUnit) and writes a self-contained HTML report. Resumable: each
// finished document is kept in the benchmark directory (results.ts) and not run again unless
// --rerun; progress on stderr when it is a terminal.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { TraceMessage } from "@oatf/evaluate";
import type { Document } from "@oatf/model";
import type { RunReport } from "@oatf/run";
import { readTraceText } from "@oatf/trace";
import { failOnTierOf } from "../run/command.js";
import {
  CONNECTION_FLAGS,
  CONNECTION_HELP,
  CONNECTION_VALUED,
  parseConnection,
  runOptionsOf,
} from "../run/connection.js";
import { diagnosticLine } from "../run/report.js";
import { oneOfOption, option, type ParsedArgs, UsageError } from "../shared/args.js";
import { checkDocument } from "../shared/check.js";
import { type CliContext, EXIT } from "../shared/context.js";
import { expandInputs, readInput } from "../shared/files.js";
import { safe } from "../shared/terminal.js";
import { type HtmlReportOptions, scorecardHtml } from "./html.js";
import { REPORT_PICTURES } from "./pictures.js";
import { type BenchmarkEntry, BenchmarkResults, type BenchmarkRun, sha256 } from "./results.js";
import {
  benchmarkExitCode,
  type Scorecard,
  scorecardJson,
  scorecardJunit,
  scorecardOf,
  scorecardText,
} from "./scorecard.js";

export const BENCHMARK_USAGE = `Usage: oatf benchmark <documents, globs or directories...> --agent <url> | --agent-cmd "<command>" [options]

Runs every document against one agent under test (as 'oatf run' does, one after the other, each --repeat times) and prints a scorecard: per document its result, worst tier and attack success rate, then totals. Resumable: finished documents are kept in the benchmark directory and not run again (the same text and --repeat) unless --rerun.

Options:
${CONNECTION_HELP}
  --dir <directory>         where results.jsonl, the recordings (traces/) and report.html go (default oatf-benchmark)
  --rerun                   run every document again, finished or not
  --format <format>         text | json | junit: the scorecard on stdout (default text)
  --html <file>             the HTML report (default <dir>/report.html)
  --fail-on-tier <tier>     fail only when max_tier >= tier (ingested < local_action < boundary_breach)

Exit code:
  0  every document not_exploited (or exploited/partial below --fail-on-tier)
  1  some document exploited or partial (with --fail-on-tier: at or above the tier)
  2  usage error, no matching document
  3  an invalid or unreadable document, an error verdict, or a document whose runs did not complete (3 wins over 1)
`;

export const BENCHMARK_VALUED = [
  ...CONNECTION_VALUED,
  "--dir",
  "--format",
  "--html",
  "--fail-on-tier",
] as const;
export const BENCHMARK_FLAGS = [...CONNECTION_FLAGS, "--rerun"] as const;

const FORMATS = ["text", "json", "junit"] as const;

export async function benchmarkCommand(args: ParsedArgs, ctx: CliContext): Promise<number> {
  const format = oneOfOption(args, "--format", FORMATS, "text");
  const failOnTier = failOnTierOf(args);
  const connection = parseConnection(args);
  if (connection.agent === undefined && connection.agentCommand === undefined)
    throw new UsageError("--agent <url> or --agent-cmd <command> is required");
  if (args.positionals.length === 0) throw new UsageError("no documents given");
  const { files, unmatched } = await expandInputs(args.positionals, ctx.cwd);
  if (unmatched.length > 0) {
    const list = unmatched.map((u) => `'${u}'`).join(", ");
    ctx.stderr.write(safe`oatf benchmark: no files match ${list}\n`);
    return EXIT.usage;
  }
  const dir = resolve(ctx.cwd, option(args, "--dir") ?? "oatf-benchmark");
  const html = resolve(ctx.cwd, option(args, "--html") ?? join(dir, "report.html"));
  const repeat = connection.repeat ?? 1;
  const results = new BenchmarkResults(dir);
  const runOptions = await runOptionsOf(connection, ctx.env);
  const { runAttack } = await import("@oatf/run");
  const progress = new Progress(ctx, files.length);
  const abort = new AbortController();
  const rerun = args.options.has("--rerun");
  const one: OneRun = {
    dir,
    repeat,
    rerun,
    results,
    progress,
    runOptions,
    runAttack,
    signal: abort.signal,
  };
  const onSigint = () => abort.abort();
  process.once("SIGINT", onSigint);
  const started = Date.now();
  const entries: BenchmarkEntry[] = [];
  const documents = new Map<BenchmarkEntry, Document>();
  try {
    for (const [i, file] of files.entries()) {
      if (abort.signal.aborted) break;
      const { entry, document } = await benchmarkOne(one, i, file, ctx);
      entries.push(entry);
      if (document !== undefined) documents.set(entry, document);
    }
  } finally {
    process.off("SIGINT", onSigint);
    progress.clear();
  }
  const agent = connection.agent ?? connection.agentCommand!;
  const card = scorecardOf(agent, dir, entries);
  writeHtml(html, card, documents, ctx);
  const seconds = (Date.now() - started) / 1000;
  ctx.stdout.write(
    format === "json"
      ? scorecardJson(card)
      : format === "junit"
        ? scorecardJunit(card, seconds, failOnTier)
        : scorecardText(card),
  );
  if (abort.signal.aborted)
    ctx.stderr.write(`oatf benchmark: interrupted; run it again to resume\n`);
  return benchmarkExitCode(card, failOnTier);
}

/** What running every document of a benchmark shares. */
interface OneRun {
  dir: string;
  repeat: number;
  rerun: boolean;
  results: BenchmarkResults;
  progress: Progress;
  runOptions: Awaited<ReturnType<typeof runOptionsOf>>;
  runAttack: typeof import("@oatf/run").runAttack;
  signal: AbortSignal;
}

/** Document `i` of a benchmark: not run (unreadable, invalid), resumed, or run now. */
async function benchmarkOne(
  one: OneRun,
  i: number,
  file: string,
  ctx: CliContext,
): Promise<{ entry: BenchmarkEntry; document?: Document }> {
  const { dir, repeat, results, progress } = one;
  const read = readInput(file, ctx.cwd);
  if (!read.ok)
    return { entry: notRun(file, "", repeat, "unreadable", [`cannot read: ${read.reason}`]) };
  const digest = sha256(read.text);
  const checked = await checkDocument(read.text);
  if (!checked.valid) {
    const errors = checked.diagnostics.filter((d) => d.severity === "error");
    const lines = errors.map((d) => `${d.code}: ${d.message}${d.path ? ` (${d.path})` : ""}`);
    const entry = notRun(file, digest, repeat, "invalid", lines);
    results.add(entry);
    return { entry };
  }
  const document = checked.document;
  const finished = one.rerun ? undefined : results.finished(file, digest, repeat);
  if (finished) {
    const entry = { ...finished, resumed: true };
    progress.done(i, file, entry);
    return { entry, document };
  }
  progress.running(i, file);
  const base = `${String(i + 1).padStart(3, "0")}-${slug(document.attack?.id ?? file)}`;
  const out = join(dir, "traces", `${base}-${Date.now().toString(36)}.jsonl`);
  const report = await one.runAttack(read.text, {
    ...one.runOptions,
    out,
    run: base,
    signal: one.signal,
  });
  const entry = entryOf(file, digest, repeat, report, dir, out);
  for (const d of [...report.diagnostics, ...report.runs.flatMap((r) => r.diagnostics)])
    if (d.severity === "error") progress.note(diagnosticLine("benchmark", file, d));
  results.add(entry);
  progress.done(i, file, entry);
  return { entry, document };
}

function notRun(
  file: string,
  digest: string,
  repeat: number,
  status: "invalid" | "unreadable",
  problems: string[],
): BenchmarkEntry {
  return {
    file,
    sha256: digest,
    repeat,
    attack: { name: file },
    status,
    runs: [],
    problems,
    // An invalid text stays invalid: it is finished. An unreadable file may be readable later.
    complete: status === "invalid",
  };
}

/** A document's entry from its runs: each run's verdict and where its recording is. */
function entryOf(
  file: string,
  digest: string,
  repeat: number,
  report: RunReport,
  dir: string,
  out: string,
): BenchmarkEntry {
  const trace = out.slice(dir.length + 1);
  const runs: BenchmarkRun[] = report.runs.map((r) => ({
    run: r.run,
    ended: r.ended,
    verdict: r.verdict,
    messages: r.messages.length,
    trace,
  }));
  const all = [...report.diagnostics, ...report.runs.flatMap((r) => r.diagnostics)];
  const problems = all
    .filter((d) => d.severity !== "info")
    .map((d) => `${d.severity}: ${d.actor ? `[${d.actor}] ` : ""}${d.message} (${d.code})`);
  for (const r of report.runs)
    for (const c of r.verdict.coverage)
      if (c.warning !== undefined) problems.push(`warning: ${r.run}: ${c.warning}`);
  const complete =
    report.runs.length === repeat &&
    report.runs.every((r) => r.ended === "settled" && r.messages.length > 0) &&
    !all.some((d) => d.severity === "error");
  return {
    file,
    sha256: digest,
    repeat,
    attack: report.attack,
    status: "ran",
    result: report.result,
    ...(report.max_tier === undefined ? {} : { max_tier: report.max_tier }),
    success_rate: report.success_rate,
    runs,
    problems,
    complete,
  };
}

/** An attack id as a file name part: letters, digits, dot, dash and underscore. */
function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 60) || "attack";
}

const MAX_PICTURED = 2_000;

/** Writes the HTML report, reading each run's messages back from its recording for pictures. */
function writeHtml(
  path: string,
  card: Scorecard,
  documents: Map<BenchmarkEntry, Document>,
  ctx: CliContext,
): void {
  const options: HtmlReportOptions = {
    documentOf: (entry) => documents.get(entry),
    messagesOf: (entry, index) => messagesOf(card.directory, entry.runs[index]!),
    ...(REPORT_PICTURES === undefined ? {} : { pictures: REPORT_PICTURES }),
  };
  try {
    writeFileText(path, scorecardHtml(card, options));
    ctx.stderr.write(safe`oatf benchmark: report ${path}\n`);
  } catch (error) {
    ctx.stderr.write(safe`oatf benchmark: cannot write ${path}: ${(error as Error).message}\n`);
  }
}

/** The messages of one run, from the recording its document's runs share (bounded). */
function messagesOf(dir: string, run: BenchmarkRun): TraceMessage[] | undefined {
  let text: string;
  try {
    text = readFileSync(join(dir, run.trace), "utf8");
  } catch {
    return undefined;
  }
  const messages: TraceMessage[] = [];
  for (const record of readTraceText(text, { format: "oatf" })) {
    if (record.kind !== "message") continue;
    if ((record.message as { run?: unknown }).run !== run.run) continue;
    messages.push(record.message);
    if (messages.length >= MAX_PICTURED) break;
  }
  return messages;
}

function writeFileText(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** One line on an interactive stderr: the document being run; a line per finished document. */
class Progress {
  readonly #ctx: CliContext;
  readonly #total: number;
  readonly #tty: boolean;
  #shown = false;

  constructor(ctx: CliContext, total: number) {
    this.#ctx = ctx;
    this.#total = total;
    this.#tty = ctx.stderr.isTTY === true;
  }

  running(index: number, file: string): void {
    if (!this.#tty) return;
    this.clear();
    this.#ctx.stderr.write(safe`[${index + 1}/${this.#total}] ${file}: running…\x1b[K`);
    this.#shown = true;
  }

  done(index: number, file: string, entry: BenchmarkEntry): void {
    if (!this.#tty) return;
    this.clear();
    const tier = entry.max_tier === undefined ? "" : ` (${entry.max_tier})`;
    const resumed = entry.resumed ? ", resumed" : "";
    this.#ctx.stderr.write(
      safe`[${index + 1}/${this.#total}] ${file}: ${entry.result ?? entry.status}${tier}${resumed}\n`,
    );
  }

  note(line: string): void {
    this.clear();
    this.#ctx.stderr.write(line);
  }

  clear(): void {
    if (this.#shown) this.#ctx.stderr.write("\r\x1b[K");
    this.#shown = false;
  }
}
