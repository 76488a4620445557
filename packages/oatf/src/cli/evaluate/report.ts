// `oatf evaluate` past its arguments: a `runEvaluate` that evaluates the documents and the
// trace it is given (reading only through the functions it is handed) into a report,
// `evaluateExitCode` (the exit code policy, in one place) and `renderEvaluate(report, format)`
// with one renderer per format (text, json, junit).
import { createTraceEvaluator, type IndicatorCoverage, type TraceVerdict } from "@oatf/evaluate";
import { type AttackVerdict, type Diagnostic, type Document, TIERS, type Tier } from "@oatf/model";
import { escapeForTerminal, jsonForTerminal } from "@oatf/model/terminal";
import { normalize } from "@oatf/normalize";
import { readTrace, type TraceFormat } from "@oatf/trace";
import { loadCelFor } from "../../default-cel.js";
import {
  type EvaluationThreads,
  evaluateInThreads,
  startEvaluationThreads,
  type ThreadedEvaluation,
} from "../../node/evaluate-jobs.js";
import { checkDocument } from "../shared/check.js";
import { EXIT } from "../shared/context.js";
import type { ReadResult } from "../shared/files.js";
import { type CliTraceFormat, peekOtlp } from "../shared/otlp-trace.js";
import { invalidDocument, plural } from "../shared/report.js";
import { safe } from "../shared/terminal.js";
import {
  countProblem,
  emptyProblems,
  MAX_REPORTED,
  renderTraceProblem,
  type TraceProblems,
} from "../shared/trace-problems.js";
import { type JunitCase, toJunit } from "./junit.js";

export const EVALUATE_FORMATS = ["text", "json", "junit"] as const;
export type EvaluateFormat = (typeof EVALUATE_FORMATS)[number];

/** A document to evaluate: its reported name and how to read it. */
export interface EvaluateInput {
  file: string;
  read(): Promise<ReadResult> | ReadResult;
}

/** The opened trace: its chunks (as `readTrace` takes them) and how to let it go. */
export type OpenedTrace =
  | { ok: true; source: AsyncIterable<Uint8Array | string>; close(): void }
  | { ok: false; reason: string };

/** The trace: its reported name, opened only once every document has been read. */
export interface TraceInput {
  file: string;
  open(): OpenedTrace;
}

export interface EvaluateOptions {
  /** The trace format (default: detected from the first lines). */
  traceFormat?: CliTraceFormat;
  /** `--fail-on-tier`: exploited/partial fail only at or above it. */
  failOnTier?: Tier;
  allowEmptyTrace?: boolean;
  allowUncorrelated?: boolean;
  /**
   * `--jobs`: threads evaluating the trace sharded by session, this one and `jobs - 1`
   * workers (default 1: this thread alone, stopping early once every indicator is decided).
   * Verdicts are the same.
   */
  jobs?: number;
}

/** As the run goes: each document checked, the messages so far, each trace problem shown. */
export type EvaluateProgress =
  | { kind: "document"; document: EvaluatedDocument }
  | { kind: "messages"; count: number }
  | { kind: "problem"; diagnostic: Diagnostic }
  /** Something about how the run went (a trace `--jobs` could not shard). */
  | { kind: "note"; text: string };

/** One document: its verdict, or why it has none. */
export interface EvaluatedDocument {
  file: string;
  name?: string;
  /** Set when the document is not valid: its text (for code frames) and its errors. */
  invalid?: { source: string; diagnostics: Diagnostic[] };
  /** The AttackVerdict, fields in spec order. */
  verdict?: AttackVerdict;
  /** Per indicator: messages evaluated and target resolutions (issue 22 §5). */
  coverage?: IndicatorCoverage[];
  /** Why the verdict is `error` when no indicator says so (no indicators: format §11.4). */
  diagnostics?: NonNullable<TraceVerdict["diagnostics"]>;
}

export interface EvaluateReport {
  /** Arguments that matched no file: nothing was done. */
  unmatched: string[];
  /** The document or trace that could not be read: evaluation stopped there. */
  unreadable?: { file: string; reason: string };
  /** The documents read, in input order. */
  documents: EvaluatedDocument[];
  /** The trace's reported name. */
  trace: string;
  problems: TraceProblems;
  /** Messages evaluated. */
  messages: number;
  /** The line reading stopped at once every indicator was decided. */
  stoppedAt?: number;
  options: EvaluateOptions;
  /** Why `--jobs` evaluated the trace in one thread after all (said on stderr). */
  serial?: string;
  /** Time taken, as the command measured it (JUnit's `time`). */
  elapsedMs?: number;
}

/**
 * Reads and checks each document in order (stopping at one that cannot be read), then opens
 * the trace and evaluates every valid document over it in one pass, stopping early once every
 * indicator is decided.
 */
export async function runEvaluate(
  inputs: readonly EvaluateInput[],
  trace: TraceInput,
  options: EvaluateOptions = {},
  onProgress?: (event: EvaluateProgress) => void,
): Promise<EvaluateReport> {
  if ((options.jobs ?? 1) <= 1) return evaluateIn(undefined, inputs, trace, options, onProgress);
  // The workers start while the documents are read and checked.
  const workers = await startEvaluationThreads(options.jobs!);
  try {
    return await evaluateIn(workers, inputs, trace, options, onProgress);
  } finally {
    await workers.destroy();
  }
}

async function evaluateIn(
  workers: EvaluationThreads | undefined,
  inputs: readonly EvaluateInput[],
  trace: TraceInput,
  options: EvaluateOptions,
  onProgress: ((event: EvaluateProgress) => void) | undefined,
): Promise<EvaluateReport> {
  const report: EvaluateReport = {
    unmatched: [],
    documents: [],
    trace: trace.file,
    problems: emptyProblems(),
    messages: 0,
    options,
  };
  // The valid documents, normalized (the evaluator's input), and their report entries.
  const normalized: Document[] = [];
  const usable: EvaluatedDocument[] = [];
  for (const { file, read: readInput } of inputs) {
    const read = await readInput();
    if (!read.ok) return { ...report, unreadable: { file, reason: read.reason } };
    const result = await checkDocument(read.text);
    if (!result.valid) {
      const invalid = { source: read.text, diagnostics: result.diagnostics };
      report.documents.push({ file, invalid });
      onProgress?.({ kind: "document", document: { file, invalid } });
      continue;
    }
    const entry = documentEntry(file, result.document);
    report.documents.push(entry);
    usable.push(entry);
    normalized.push(normalize(result.document));
    onProgress?.({ kind: "document", document: entry });
  }
  const opened = trace.open();
  if (!opened.ok) return { ...report, unreadable: { file: trace.file, reason: opened.reason } };

  // OTLP is read by its own reader, in this thread (`--jobs` shards the other formats).
  const peeked = await peekOtlp(opened.source, options.traceFormat);
  let source = peeked.source;
  const format = peeked.otlp ? undefined : (options.traceFormat as TraceFormat | undefined);
  const cel = await loadCelFor(normalized);
  const problems = report.problems;
  const problem = (diagnostic: Diagnostic) => {
    const d = { ...diagnostic, source: trace.file };
    if (countProblem(problems, d)) onProgress?.({ kind: "problem", diagnostic: d });
  };
  if (workers !== undefined && peeked.otlp) {
    report.serial = `--jobs ${workers.jobs}: evaluated in one thread: OTLP is read in one thread`;
    onProgress?.({ kind: "note", text: report.serial });
  } else if (workers !== undefined) {
    let sharded: ThreadedEvaluation;
    try {
      sharded = await evaluateInThreads(workers, normalized, source, {
        source: "oatf-cli",
        cel,
        ...(format === undefined ? {} : { format }),
      });
    } catch (error) {
      opened.close();
      throw error;
    }
    if (sharded.kind === "sharded") {
      opened.close();
      for (const d of sharded.diagnostics) problem(d);
      if (sharded.readError !== undefined) problems.errors++;
      report.messages = sharded.count;
      return withVerdicts(report, usable, sharded.verdicts);
    }
    // Said, never silent: the verdicts are the same, only slower.
    report.serial = `--jobs ${workers.jobs}: evaluated in one thread: ${sharded.reason}`;
    onProgress?.({ kind: "note", text: report.serial });
    source = sharded.source;
  }
  const sink = createTraceEvaluator(normalized, { source: "oatf-cli", cel });
  let count = 0;
  let lastLine = 0;
  let readError: unknown;
  // The reader's messages, its problems counted on the way; ends once every indicator is
  // decided (as `pushAll` would, but after the first message: it is counted even then).
  async function* messages() {
    try {
      const records = peeked.otlp
        ? (await import("@oatf/trace/otlp")).readOtlp(source)
        : readTrace(source, { documents: normalized, ...(format === undefined ? {} : { format }) });
      for await (const record of records) {
        if (record.kind === "diagnostic") {
          problem(record.diagnostic);
          continue;
        }
        lastLine = record.message.line;
        yield record.message;
        onProgress?.({ kind: "messages", count: ++count });
        if (sink.done) return;
      }
    } catch (error) {
      readError = error;
    }
  }
  try {
    for await (const message of messages()) sink.push(message);
  } finally {
    opened.close();
  }
  if (readError !== undefined) {
    sink.fail(`the trace could not be read: ${(readError as Error)?.message ?? String(readError)}`);
    problems.errors++;
  }
  report.messages = sink.count;
  if (sink.done && sink.count > 0) report.stoppedAt = lastLine;
  return withVerdicts(report, usable, sink.verdicts());
}

/** The report with each usable document's verdict (in input order) and coverage. */
function withVerdicts(
  report: EvaluateReport,
  usable: EvaluatedDocument[],
  verdicts: TraceVerdict[],
): EvaluateReport {
  for (const [i, verdict] of verdicts.entries()) withVerdict(usable[i]!, verdict);
  return report;
}

/** A document's entry in a report: its file and its attack's name, no verdict yet. */
export function documentEntry(file: string, document: Document | undefined): EvaluatedDocument {
  const name = document?.attack?.name;
  return { file, ...(typeof name === "string" ? { name } : {}) };
}

/** `entry` with its verdict (fields in spec order), coverage and diagnostics. */
export function withVerdict(entry: EvaluatedDocument, verdict: TraceVerdict): EvaluatedDocument {
  entry.verdict = ordered(verdict);
  entry.coverage = verdict.coverage;
  if (verdict.diagnostics !== undefined) entry.diagnostics = verdict.diagnostics;
  return entry;
}

/** The AttackVerdict with its fields in spec order (`max_tier` after `result`). */
export function ordered(v: AttackVerdict): AttackVerdict {
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

function isFailing(d: EvaluatedDocument, tier: Tier | undefined): boolean {
  return d.verdict !== undefined && fails(d.verdict, tier);
}

/** A trace without messages: no indicator could match. */
function isEmpty(report: EvaluateReport): boolean {
  return report.messages === 0;
}

/**
 * 2: missing or unreadable input; 3: an invalid document, an error verdict, unreadable trace
 * lines, or an empty or uncorrelated trace not accepted (3 wins over 1); 1: a failing verdict.
 */
export function evaluateExitCode(report: EvaluateReport): number {
  if (report.unmatched.length > 0 || report.unreadable !== undefined) return EXIT.usage;
  const { problems, options } = report;
  if (problems.fatal) return EXIT.error;
  const broken =
    report.documents.some((d) => d.verdict === undefined || d.verdict.result === "error") ||
    problems.errors > 0 ||
    (problems.unattributed > 0 && options.allowUncorrelated !== true) ||
    (isEmpty(report) && options.allowEmptyTrace !== true);
  if (broken) return EXIT.error;
  return report.documents.some((d) => isFailing(d, options.failOnTier)) ? EXIT.failed : EXIT.ok;
}

function renderInvalid(d: EvaluatedDocument, command: string): string {
  if (d.invalid === undefined) return "";
  return invalidDocument(command, d.file, d.invalid.source, d.invalid.diagnostics);
}

/**
 * What the command prints on stderr as the run goes (a live trace may be long): an invalid
 * document, a trace problem. `renderEvaluate(report, format, { streamed: true })` is the rest.
 */
export function renderProgress(trace: string, event: EvaluateProgress): string {
  if (event.kind === "document") return renderInvalid(event.document, "evaluate");
  if (event.kind === "problem") return renderTraceProblem(trace, event.diagnostic);
  if (event.kind === "note") return renderNote(trace, event.text, "evaluate");
  return "";
}

function renderNote(trace: string, text: string, command: string): string {
  return safe`oatf ${command}: ${trace}: ${text}\n`;
}

export interface EvaluateRenderOptions {
  /** What `renderProgress` prints was printed as the run went: leave it out. */
  streamed?: boolean;
  /** The command whose report it is, as its lines name it (default `evaluate`; `monitor`). */
  command?: string;
}

/** What the command prints: the verdicts on stdout in `format`, problems and warnings on stderr. */
export function renderEvaluate(
  report: EvaluateReport,
  format: EvaluateFormat,
  options: EvaluateRenderOptions = {},
): { stdout: string; stderr: string } {
  const command = options.command ?? "evaluate";
  if (report.unmatched.length > 0) {
    const list = report.unmatched.map((u) => `'${u}'`).join(", ");
    return { stdout: "", stderr: safe`oatf ${command}: no files match ${list}\n` };
  }
  const streamed = options.streamed === true;
  let stderr = "";
  if (!streamed) for (const d of report.documents) stderr += renderInvalid(d, command);
  if (report.unreadable !== undefined) {
    const { file, reason } = report.unreadable;
    return { stdout: "", stderr: stderr + safe`oatf ${command}: cannot read ${file}: ${reason}\n` };
  }
  const { problems, options: run, trace } = report;
  if (!streamed && report.serial !== undefined) stderr += renderNote(trace, report.serial, command);
  if (!streamed) for (const d of problems.shown) stderr += renderTraceProblem(trace, d, command);
  if (problems.total > MAX_REPORTED) {
    const more = problems.total - MAX_REPORTED;
    stderr += safe`oatf ${command}: ${trace}: ${plural(more, "more problem")} not shown\n`;
  }
  if (problems.fatal) return { stdout: "", stderr };
  // A peer must not hide a message by breaking its correlation (issue 23): said, and failing.
  if (problems.unattributed > 0) {
    const hint = run.allowUncorrelated ? "" : " (exit 3; --allow-uncorrelated accepts them)";
    stderr += safe`oatf ${command}: ${trace}: warning: ${plural(problems.unattributed, "message")} could not be correlated or attributed with certainty (read against every indicator they could belong to)${hint}\n`;
  }
  if (isEmpty(report)) {
    const hint = run.allowEmptyTrace ? "" : " (exit 3; --allow-empty-trace accepts it)";
    stderr += safe`oatf ${command}: ${trace}: warning: the trace has no messages, so no indicator can match${hint}\n`;
  }
  for (const d of report.documents) {
    for (const v of d.diagnostics ?? []) {
      stderr += safe`oatf ${command}: ${d.file}: ${v.severity}: ${v.message}\n`;
    }
  }
  return { stdout: renderVerdicts(report, format), stderr };
}

function renderVerdicts(report: EvaluateReport, format: EvaluateFormat): string {
  const tier = report.options.failOnTier;
  if (format === "json") return `${jsonForTerminal(toJson(report.documents), 2)}\n`;
  if (format === "junit") {
    return toJunit(junitCases(report.documents, tier), (report.elapsedMs ?? 0) / 1000);
  }
  return toText(report.documents, report.messages, report.stoppedAt, tier);
}

/**
 * One document: its AttackVerdict. Several: `[{document, verdict}]` (verdict null when invalid).
 * Each verdict carries `coverage` after the spec's fields (an SDK extra, issue 22 §5).
 */
function toJson(entries: EvaluatedDocument[]): unknown {
  const withCoverage = (e: EvaluatedDocument) =>
    e.verdict === undefined ? null : { ...e.verdict, coverage: e.coverage ?? [] };
  if (entries.length === 1 && entries[0]!.verdict !== undefined) return withCoverage(entries[0]!);
  return entries.map((e) => ({ document: e.file, verdict: withCoverage(e) }));
}

/** The coverage warnings of a document (targets that never resolved). */
function warnings(e: EvaluatedDocument): string[] {
  return (e.coverage ?? []).flatMap((c) => (c.warning === undefined ? [] : [c.warning]));
}

function junitCases(entries: EvaluatedDocument[], tier: Tier | undefined): JunitCase[] {
  return entries.map((e) => ({
    file: e.file,
    name: [e.verdict?.attack_id, e.name].filter(Boolean).join(" ") || e.file,
    ...(e.verdict === undefined
      ? { problem: `${e.file} is not a valid OATF document (run oatf validate)` }
      : { verdict: e.verdict, warnings: warnings(e) }),
    failed: isFailing(e, tier),
  }));
}

function toText(
  entries: EvaluatedDocument[],
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
  const failing = entries.filter((e) => isFailing(e, tier)).length;
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
