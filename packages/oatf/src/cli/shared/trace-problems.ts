// What a trace reader said, as the commands that read traces report it (evaluate, record
// --evaluate, publish, monitor): one tally of the diagnostics, which decides the exit code
// (evaluate/report.ts `evaluateExitCode`), and one line per problem shown.
import { type Diagnostic, ruleInfo } from "@oatf/model";
import { safe } from "./terminal.js";

/** Trace problems printed before the rest are only counted. */
export const MAX_REPORTED = 20;

/** What the reader said about the trace's lines. */
export interface TraceProblems {
  /** The first MAX_REPORTED, in order; `source` is the trace's reported name. */
  shown: Diagnostic[];
  total: number;
  /** Errors (a problem that stopped reading too), and a trace that failed while being read. */
  errors: number;
  warnings: number;
  /** Messages that could not be correlated or attributed with certainty (issue 23). */
  unattributed: number;
  /** Reading stopped (a rule whose table entry says `stops`): nothing else is reported. */
  fatal: boolean;
}

/** No trace problems (yet). */
export function emptyProblems(): TraceProblems {
  return { shown: [], total: 0, errors: 0, warnings: 0, unattributed: 0, fatal: false };
}

/**
 * Counts one diagnostic of the trace reader in `problems`: its severity, whether it was read
 * without certain correlation (`unattributed`) or stopped reading (`stops`), as the rule
 * table says. True when it is among the first MAX_REPORTED, kept in `shown`.
 */
export function countProblem(problems: TraceProblems, d: Diagnostic): boolean {
  const rule = ruleInfo(d.rule);
  if (rule?.unattributed === true) problems.unattributed++;
  if (d.severity === "warning") problems.warnings++;
  else problems.errors++;
  if (rule?.stops === true) problems.fatal = true;
  if (problems.total++ >= MAX_REPORTED) return false;
  problems.shown.push(d);
  return true;
}

/** One trace problem as printed on stderr by `command` (evaluate, record, publish). */
export function renderTraceProblem(trace: string, d: Diagnostic, command = "evaluate"): string {
  const where = d.range === undefined ? trace : `${trace}:${d.range.start.line}`;
  const level = d.severity === "warning" ? "warning: " : "";
  return safe`oatf ${command}: ${where}: ${level}${d.message}\n`;
}
