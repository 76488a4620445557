// `oatf run` past the run: its report as `oatf evaluate` prints verdicts (the same renderers,
// so the same text, JSON verdicts and JUnit, and the same exit codes), plus what only a run
// has: each run's key and how it ended, the attack success rate over repeats, the worst tier,
// and the runner's diagnostics. One entry per run in the evaluate report (`file [run key]`
// with repeats), so a table of repeats reads like a table of documents.
import type { Document, Tier } from "@oatf/model";
import { jsonForTerminal } from "@oatf/model/terminal";
import { normalize } from "@oatf/normalize";
import type { RunDiagnostic, RunReport, RunResult } from "@oatf/run";
import {
  documentEntry,
  type EvaluatedDocument,
  type EvaluateReport,
  evaluateExitCode,
  ordered,
  renderEvaluate,
  withVerdict,
} from "../evaluate/report.js";
import { EXIT } from "../shared/context.js";
import { plural } from "../shared/report.js";
import { safe } from "../shared/terminal.js";
import { emptyProblems } from "../shared/trace-problems.js";

export const RUN_FORMATS = ["text", "json", "junit", "sarif"] as const;
export type RunFormat = (typeof RUN_FORMATS)[number];

/**
 * A document's runs as `oatf evaluate` would report them, one entry per run; with the
 * document (SARIF's rules are its indicators), each entry carries it normalized.
 */
export function asEvaluateReport(
  file: string,
  report: RunReport,
  failOnTier: Tier | undefined,
  document?: Document,
): EvaluateReport {
  const label = (run: RunResult) => (report.runs.length === 1 ? file : `${file} [${run.run}]`);
  const normalized = document === undefined ? undefined : (normalize(document) as Document);
  const documents: EvaluatedDocument[] = report.runs.map((run) => {
    const entry = documentEntry(label(run), { attack: report.attack } as never);
    if (normalized !== undefined) entry.document = normalized;
    return withVerdict(entry, run.verdict);
  });
  return {
    unmatched: [],
    documents,
    trace: file,
    problems: emptyProblems(),
    messages: report.runs.reduce((n, run) => n + run.messages.length, 0),
    // A run that recorded nothing is said by the runner's own line (below), not as a trace.
    options: { allowEmptyTrace: true, ...(failOnTier === undefined ? {} : { failOnTier }) },
  };
}

/** Errors of the runner (before or during a run): the verdict cannot be trusted (exit 3). */
function runnerErrors(report: RunReport): number {
  const all = [...report.diagnostics, ...report.runs.flatMap((r) => r.diagnostics)];
  return all.filter((d) => d.severity === "error").length;
}

/** 3 for no run, a runner error or a run that recorded nothing; else `oatf evaluate`'s code. */
export function runExitCode(file: string, report: RunReport, failOnTier?: Tier): number {
  if (report.runs.length === 0 || runnerErrors(report) > 0) return EXIT.error;
  if (report.runs.some((r) => r.messages.length === 0)) return EXIT.error;
  return evaluateExitCode(asEvaluateReport(file, report, failOnTier));
}

/** A runner diagnostic as one terminal-safe line. */
export function diagnosticLine(command: string, file: string, d: RunDiagnostic): string {
  const where = [d.actor, d.phase].filter(Boolean).join("/");
  const at = where === "" ? "" : `[${where}] `;
  return safe`oatf ${command}: ${file}: ${d.severity}: ${at}${d.message} (${d.code})\n`;
}

/** The JSON of one run: its key, how it ended, the verdict as `oatf evaluate --format json` gives it. */
export function runJson(run: RunResult): unknown {
  return {
    run: run.run,
    ended: run.ended,
    duration_ms: run.duration,
    messages: run.messages.length,
    verdict: { ...ordered(run.verdict), coverage: run.verdict.coverage },
    phases: run.phases,
    extracted: run.extracted,
    diagnostics: run.diagnostics,
  };
}

/** The summary over a document's runs (issue 36 item 4). */
export function summaryJson(file: string, report: RunReport): Record<string, unknown> {
  return {
    document: file,
    attack: report.attack,
    result: report.result,
    ...(report.max_tier === undefined ? {} : { max_tier: report.max_tier }),
    success_rate: report.success_rate,
    counts: report.counts,
    runs: report.runs.map(runJson),
    diagnostics: report.diagnostics,
  };
}

/** The success rate and worst tier over repeats, as a line. */
export function summaryLine(report: RunReport): string {
  const exploited = report.counts.exploited;
  const rate = `${exploited}/${report.runs.length} exploited (success rate ${report.success_rate.toFixed(2)})`;
  return `${plural(report.runs.length, "run")}: ${rate}, worst tier: ${report.max_tier ?? "-"}\n`;
}

/**
 * What `oatf run` prints: the verdicts on stdout in `format`, diagnostics on stderr. SARIF
 * needs `document`; its findings are located in the document (a run has no trace file whose
 * lines the verdict's positions name: `--out` may hold earlier runs).
 */
export function renderRun(
  file: string,
  report: RunReport,
  format: RunFormat,
  failOnTier?: Tier,
  document?: Document,
): { stdout: string; stderr: string } {
  let stderr = "";
  for (const d of report.diagnostics) stderr += diagnosticLine("run", file, d);
  for (const run of report.runs) {
    for (const d of run.diagnostics) stderr += diagnosticLine("run", `${file} [${run.run}]`, d);
    if (run.ended !== "settled")
      stderr += safe`oatf run: ${file} [${run.run}]: the run ended early (${run.ended})\n`;
    if (run.messages.length === 0)
      stderr += safe`oatf run: ${file} [${run.run}]: error: nothing was recorded: the agent never answered or connected\n`;
  }
  if (report.runs.length === 0) {
    stderr += safe`oatf run: ${file}: no run took place\n`;
    return {
      stdout: format === "json" ? `${jsonForTerminal(summaryJson(file, report), 2)}\n` : "",
      stderr,
    };
  }
  if (format === "json")
    return { stdout: `${jsonForTerminal(summaryJson(file, report), 2)}\n`, stderr };
  const evaluated = asEvaluateReport(file, report, failOnTier, document);
  if (format === "sarif") evaluated.trace = "-";
  const rendered = renderEvaluate(evaluated, format, { command: "run" });
  const summary = format === "text" && report.runs.length > 1 ? summaryLine(report) : "";
  return { stdout: rendered.stdout + summary, stderr: stderr + rendered.stderr };
}

/** The endpoints of a run once its servers listen (stderr: stdout is the verdict's). */
export function readyLines(
  file: string,
  ready: {
    run: string;
    endpoints: { mcp: Record<string, string>; a2a: Record<string, string>; listen?: string };
    mcpConfig?: string;
  },
): string {
  const lines = [safe`oatf run: ${file}: run ${ready.run}`];
  if (ready.endpoints.listen !== undefined) lines.push(safe`  listening ${ready.endpoints.listen}`);
  for (const [name, url] of Object.entries(ready.endpoints.mcp))
    lines.push(safe`  mcp_server ${name}: ${url}`);
  for (const [name, url] of Object.entries(ready.endpoints.a2a))
    lines.push(safe`  a2a_server ${name}: ${url} (card: ${url}/.well-known/agent-card.json)`);
  if (ready.mcpConfig !== undefined) lines.push(safe`  MCP config: ${ready.mcpConfig}`);
  return `${lines.join("\n")}\n`;
}
