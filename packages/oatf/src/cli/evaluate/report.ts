// `oatf evaluate` past its arguments: a `runEvaluate` that evaluates the documents and the
// trace it is given (reading only through the functions it is handed) into a report,
// `evaluateExitCode` (the exit code policy, in one place) and `renderEvaluate(report, format)`
// with one renderer per format (text, json, junit).
import { createTraceEvaluator, type IndicatorCoverage, type TraceVerdict } from "@oatf/evaluate";
import {
  type AttackVerdict,
  type CelEvaluator,
  type Diagnostic,
  type Document,
  TIERS,
  type Tier,
} from "@oatf/model";
import { jsonForTerminal } from "@oatf/model/terminal";
import { normalize } from "@oatf/normalize";
import { readTrace, type TraceFormat } from "@oatf/trace";
import { loadCelFor } from "../../default-cel.js";
import {
  type EvaluationThreads,
  evaluateInThreads,
  startEvaluationThreads,
  type ThreadedEvaluation,
} from "../../node/evaluate-jobs.js";
import { threadsFor, tooSmallForThreads } from "../../node/threads-worth.js";
import { type Checked, checkDocument } from "../shared/check.js";
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
import { evaluateSarif } from "./sarif.js";
import { coverageWarnings, runLabel, toText, warningsOf } from "./text.js";

export const EVALUATE_FORMATS = ["text", "json", "junit", "sarif"] as const;
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
  /** Its size when known before reading (a file): `--jobs` starts no workers for a small one. */
  bytes?: number;
  open(): OpenedTrace;
}

export interface EvaluateOptions {
  /** The trace format (default: detected from the first lines). */
  traceFormat?: CliTraceFormat;
  /** `--fail-on-tier`: exploited/partial fail only at or above it. */
  failOnTier?: Tier;
  allowEmptyTrace?: boolean;
  allowUncorrelated?: boolean;
  /** `--max-warnings`: more warnings than this (the documents' and the indicators') exit 1. */
  maxWarnings?: number;
  /**
   * `--jobs`: threads evaluating the trace sharded by session (or by document), this one and `jobs - 1`
   * workers (default 1: this thread alone, stopping early once every indicator is decided).
   * Verdicts are the same.
   */
  jobs?: number;
  /** The cores `--jobs` may take (default: the machine's): how many threads repay their start. */
  cores?: number;
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
  /** The valid document's validation warnings (on stderr; counted by `--max-warnings`). */
  warnings?: Diagnostic[];
  /** The document as evaluated (normalized): SARIF reads its indicators and classification. */
  document?: Document;
  /** The AttackVerdict, fields in spec order: with runs, the summary (the deciding run's). */
  verdict?: AttackVerdict;
  /** Per indicator: messages evaluated and target resolutions (issue 22 §5). */
  coverage?: IndicatorCoverage[];
  /** Why the verdict is `error` when no indicator says so (no indicators: format §11.4). */
  diagnostics?: NonNullable<TraceVerdict["diagnostics"]>;
  /** When messages carried run keys: the run deciding the summary. */
  run?: string;
  /** When messages carried run keys: each run's verdict, by run name. */
  runs?: EvaluatedRun[];
}

/** One run's verdict (fields in spec order) and coverage. */
export interface EvaluatedRun {
  run: string;
  verdict: AttackVerdict;
  coverage: IndicatorCoverage[];
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
  options: EvaluateOptions;
  /** Why `--jobs` ran fewer threads than asked (said on stderr). */
  threads?: string;
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
  const asked = options.jobs ?? 1;
  if (asked <= 1) return evaluateIn(undefined, inputs, trace, options, onProgress);
  const { threads: jobs, fewer } = threadsFor(asked, options.cores);
  // Said, never silent: the same verdicts, sooner.
  const note = (text: string) => {
    onProgress?.({ kind: "note", text });
    return text;
  };
  const threads = fewer === undefined ? {} : { threads: note(`--jobs ${asked}: ${fewer}`) };
  const small = jobs > 1 ? tooSmallForThreads(jobs, trace.bytes, options.cores) : undefined;
  if (jobs <= 1 || small !== undefined) {
    const serial =
      small === undefined
        ? {}
        : { serial: note(`--jobs ${asked}: evaluated in one thread: ${small}`) };
    const report = await evaluateIn(undefined, inputs, trace, options, onProgress);
    return { ...report, ...threads, ...serial };
  }
  // The workers start while the documents are read and checked.
  const workers = await startEvaluationThreads(jobs);
  try {
    return { ...(await evaluateIn(workers, inputs, trace, options, onProgress)), ...threads };
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
  const checked = await checkDocuments(inputs, report, onProgress);
  if (!checked.ok) return { ...report, unreadable: checked.unreadable };
  const { normalized, usable } = checked;
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
    report.serial = `--jobs ${options.jobs}: evaluated in one thread: OTLP is read in one thread`;
    onProgress?.({ kind: "note", text: report.serial });
  } else if (workers !== undefined) {
    let sharded: ThreadedEvaluation;
    try {
      sharded = await evaluateInThreads(workers, normalized, source, {
        source: "oatf-cli",
        cel,
        ...(format === undefined ? {} : { format }),
        ...(trace.bytes === undefined ? {} : { bytes: trace.bytes }),
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
    report.serial = `--jobs ${options.jobs}: evaluated in one thread: ${sharded.reason}`;
    onProgress?.({ kind: "note", text: report.serial });
    source = sharded.source;
  }
  const read = { documents: normalized, cel, format, otlp: peeked.otlp };
  try {
    const evaluated = await evaluateInThisThread(source, read, problem, onProgress);
    if (evaluated.readError) problems.errors++;
    report.messages = evaluated.count;
    return withVerdicts(report, usable, evaluated.verdicts);
  } finally {
    opened.close();
  }
}

/**
 * Reads and checks each document in order, reporting each; stops at one that cannot be read.
 * The valid documents, normalized (the evaluator's input), and their report entries.
 */
async function checkDocuments(
  inputs: readonly EvaluateInput[],
  report: EvaluateReport,
  onProgress: ((event: EvaluateProgress) => void) | undefined,
): Promise<
  | { ok: true; normalized: Document[]; usable: EvaluatedDocument[] }
  | { ok: false; unreadable: { file: string; reason: string } }
> {
  // Every text up to the first that cannot be read; those are checked and reported.
  const texts: { file: string; text: string }[] = [];
  let unreadable: { file: string; reason: string } | undefined;
  for (const { file, read: readInput } of inputs) {
    const read = await readInput();
    if (!read.ok) {
      unreadable = { file, reason: read.reason };
      break;
    }
    texts.push({ file, text: read.text });
  }
  // In this thread, with or without workers: checking costs mostly what the first document
  // costs (loading and warming the parser, the validator, CEL and regex compilation; the next
  // 30 documents cost a quarter of the first 30), which a worker would pay again for little.
  const checked: Checked[] = [];
  for (const { text } of texts) checked.push(await checkDocument(text));
  const normalized: Document[] = [];
  const usable: EvaluatedDocument[] = [];
  texts.forEach(({ file, text }, i) => {
    const result = checked[i]!;
    if (!result.valid) {
      const invalid = { source: text, diagnostics: result.diagnostics };
      report.documents.push({ file, invalid });
      onProgress?.({ kind: "document", document: { file, invalid } });
      return;
    }
    const entry = documentEntry(file, result.document);
    const warnings = result.diagnostics.filter((d) => d.severity === "warning");
    if (warnings.length > 0) entry.warnings = warnings;
    report.documents.push(entry);
    usable.push(entry);
    entry.document = normalize(result.document);
    normalized.push(entry.document);
    onProgress?.({ kind: "document", document: entry });
  });
  if (unreadable !== undefined) return { ok: false, unreadable };
  return { ok: true, normalized, usable };
}

/**
 * Reads the trace and evaluates it in this thread, its problems counted on the way, to the
 * trace's end whatever is decided: every line checked and counted, as by `--jobs` (issue 33:
 * one rule); a source that fails makes what was undecided `error`.
 */
async function evaluateInThisThread(
  source: AsyncIterable<Uint8Array | string>,
  read: {
    documents: Document[];
    cel: CelEvaluator | undefined;
    format: TraceFormat | undefined;
    /** OTLP, read by its own reader. */
    otlp: boolean;
  },
  problem: (diagnostic: Diagnostic) => void,
  onProgress: ((event: EvaluateProgress) => void) | undefined,
): Promise<{ verdicts: TraceVerdict[]; count: number; readError: boolean }> {
  const sink = createTraceEvaluator(read.documents, { source: "oatf-cli", cel: read.cel });
  let readError: unknown;
  async function* messages() {
    try {
      const records = read.otlp
        ? (await import("@oatf/trace/otlp")).readOtlp(source)
        : readTrace(source, {
            documents: read.documents,
            ...(read.format === undefined ? {} : { format: read.format }),
          });
      for await (const record of records) {
        if (record.kind === "diagnostic") {
          problem(record.diagnostic);
          continue;
        }
        yield record.message;
        onProgress?.({ kind: "messages", count: sink.count }); // pushed while suspended
      }
    } catch (error) {
      readError = error;
    }
  }
  for await (const message of messages()) sink.push(message);
  if (readError !== undefined)
    sink.fail(`the trace could not be read: ${(readError as Error)?.message ?? String(readError)}`);
  return { verdicts: sink.verdicts(), count: sink.count, readError: readError !== undefined };
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

/** `entry` with its verdict (fields in spec order), coverage, diagnostics and runs. */
export function withVerdict(entry: EvaluatedDocument, verdict: TraceVerdict): EvaluatedDocument {
  entry.verdict = ordered(verdict);
  entry.coverage = verdict.coverage;
  if (verdict.diagnostics !== undefined) entry.diagnostics = verdict.diagnostics;
  if (verdict.runs !== undefined) {
    entry.run = verdict.run!;
    entry.runs = verdict.runs.map((r) => ({
      run: r.run,
      verdict: ordered(r),
      coverage: r.coverage,
    }));
  }
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

/** The verdicts a document's gate looks at: each run's, else the document's one. */
function gated(d: EvaluatedDocument): AttackVerdict[] {
  return d.runs?.map((r) => r.verdict) ?? (d.verdict === undefined ? [] : [d.verdict]);
}

/** Exploited or partial at or above the tier, in some run. */
export function isFailing(d: EvaluatedDocument, tier: Tier | undefined): boolean {
  return gated(d).some((v) => fails(v, tier));
}

/**
 * No verdict, or (no run failing) an `error` run; with `acceptEmpty` (an empty trace the user
 * accepts) not an error whose every indicator was skipped for want of messages.
 */
function isBroken(d: EvaluatedDocument, tier: Tier | undefined, acceptEmpty: boolean): boolean {
  if (d.verdict === undefined) return true;
  const nothingSeen = (v: AttackVerdict) =>
    acceptEmpty &&
    v.indicator_verdicts.length > 0 &&
    v.evaluation_summary.skipped === v.indicator_verdicts.length;
  return !isFailing(d, tier) && gated(d).some((v) => v.result === "error" && !nothingSeen(v));
}

/** A trace without messages: no indicator could match. */
function isEmpty(report: EvaluateReport): boolean {
  return report.messages === 0;
}

/**
 * Every warning `--max-warnings` counts, as ESLint counts every warning it reports: the
 * documents', their indicators' (per run) and the trace's (its lines' warnings).
 */
export function warningCount(report: EvaluateReport): number {
  return report.documents.reduce(
    (n, d) => n + (d.warnings?.length ?? 0) + coverageWarnings(d).length,
    report.problems.warnings,
  );
}

/** More warnings than `--max-warnings` allows: a failure (exit 1), said as one. */
function tooManyWarnings(report: EvaluateReport): boolean {
  const max = report.options.maxWarnings ?? -1;
  return max >= 0 && warningCount(report) > max;
}

/** The failure `--max-warnings` adds, in words (empty when within the limit). */
function warningLimitNote(report: EvaluateReport): string {
  if (!tooManyWarnings(report)) return "";
  return `${plural(warningCount(report), "warning")}, more than --max-warnings ${report.options.maxWarnings} allows (exit 1)`;
}

/**
 * 2: missing or unreadable input; 3: an invalid document, an error verdict, unreadable trace
 * lines, or an empty or uncorrelated trace not accepted (3 wins over 1); 1: a failing verdict.
 */
export function evaluateExitCode(report: EvaluateReport): number {
  if (report.unmatched.length > 0 || report.unreadable !== undefined) return EXIT.usage;
  const { problems, options } = report;
  if (problems.fatal) return EXIT.error;
  const tier = options.failOnTier;
  const acceptEmpty = isEmpty(report) && options.allowEmptyTrace === true;
  const broken =
    report.documents.some((d) => isBroken(d, tier, acceptEmpty)) ||
    problems.errors > 0 ||
    (problems.unattributed > 0 && options.allowUncorrelated !== true) ||
    (isEmpty(report) && options.allowEmptyTrace !== true);
  if (broken) return EXIT.error;
  if (tooManyWarnings(report)) return EXIT.failed;
  return report.documents.some((d) => isFailing(d, tier)) ? EXIT.failed : EXIT.ok;
}

/** An unusable document's errors, or a valid one's validation warnings (one line each). */
function renderInvalid(d: EvaluatedDocument, command: string): string {
  if (d.invalid !== undefined)
    return invalidDocument(command, d.file, d.invalid.source, d.invalid.diagnostics);
  return (d.warnings ?? [])
    .map((w) => {
      const at = w.range === undefined ? "" : `:${w.range.start.line}:${w.range.start.column}`;
      const path = w.path ? ` (${w.path})` : "";
      return safe`oatf ${command}: ${d.file}${at}: warning ${w.code}: ${w.message}${path}\n`;
    })
    .join("");
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
  if (!streamed && report.threads !== undefined)
    stderr += renderNote(trace, report.threads, command);
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
    // Skipped, partly blind, never resolved: on stderr whatever the format (JSON and JUnit too).
    for (const w of coverageWarnings(d))
      stderr += safe`oatf ${command}: ${d.file}: warning: ${w}\n`;
  }
  const limit = warningLimitNote(report);
  if (limit !== "") stderr += safe`oatf ${command}: ${limit}\n`;
  return { stdout: renderVerdicts(report, format, command), stderr };
}

function renderVerdicts(report: EvaluateReport, format: EvaluateFormat, command: string): string {
  const tier = report.options.failOnTier;
  if (format === "json") return `${jsonForTerminal(toJson(report.documents), 2)}\n`;
  if (format === "sarif") return `${jsonForTerminal(evaluateSarif(report), 2)}\n`;
  if (format === "junit") {
    return toJunit(junitCases(report.documents, tier), (report.elapsedMs ?? 0) / 1000, {
      command: `oatf ${command}`,
    });
  }
  const text = toText(report.documents, report.messages, (e) => isFailing(e, tier));
  // The verdicts may all pass: the text must not read as a success when the run fails.
  const limit = warningLimitNote(report);
  return limit === "" ? text : `${text}failing: ${limit}\n`;
}

/**
 * One document: its AttackVerdict. Several: `[{document, verdict}]` (verdict null when invalid).
 * Each verdict carries `coverage` after the spec's fields (an SDK extra, issue 22 §5), and with
 * run keys `run` (the run deciding it) and `runs`: `[{run, ...AttackVerdict, coverage}]`.
 */
function toJson(entries: EvaluatedDocument[]): unknown {
  const withCoverage = (e: EvaluatedDocument) => {
    if (e.verdict === undefined) return null;
    const runs = e.runs?.map(({ run, verdict, coverage }) => ({ run, ...verdict, coverage }));
    return {
      ...e.verdict,
      coverage: e.coverage ?? [],
      ...(runs === undefined ? {} : { run: e.run, runs }),
    };
  };
  if (entries.length === 1 && entries[0]!.verdict !== undefined) return withCoverage(entries[0]!);
  return entries.map((e) => ({ document: e.file, verdict: withCoverage(e) }));
}

function junitCases(entries: EvaluatedDocument[], tier: Tier | undefined): JunitCase[] {
  return entries.flatMap((e): JunitCase[] => {
    const name = [e.verdict?.attack_id, e.name].filter(Boolean).join(" ") || e.file;
    if (e.verdict === undefined)
      return [
        {
          file: e.file,
          name,
          problem: `${e.file} is not a valid OATF document (run oatf validate)`,
          failed: false,
        },
      ];
    // With run keys, a test case per run.
    const runs = e.runs ?? [{ run: undefined, verdict: e.verdict, coverage: e.coverage ?? [] }];
    return runs.map(({ run, verdict, coverage }) => ({
      file: e.file,
      name: run === undefined ? name : `${name} [${runLabel(run)}]`,
      verdict,
      warnings: warningsOf(coverage),
      failed: fails(verdict, tier),
    }));
  });
}
