// `oatf validate` past its arguments: a pure `runValidate` that checks the inputs it is given
// into a report, `validateExitCode` (the exit code policy, in one place) and
// `renderValidate(report, format)` with one renderer per format (text, stylish, json, sarif).
import type { Diagnostic } from "@oatf/model";
import { formatStylish, jsonForTerminal } from "@oatf/model/terminal";
import { checkDocument, notUtf8Diagnostic, tooLargeDiagnostic } from "../shared/check.js";
import { EXIT } from "../shared/context.js";
import type { ReadResult } from "../shared/files.js";
import { formatFile, MAX_SHOWN, plural } from "../shared/report.js";
import { safe } from "../shared/terminal.js";
import { toSarif } from "./sarif.js";

export const VALIDATE_FORMATS = ["text", "stylish", "json", "sarif"] as const;
export type ValidateFormat = (typeof VALIDATE_FORMATS)[number];

/** One checked file: its text (for code frames) and every diagnostic. */
export interface ValidatedFile {
  file: string;
  valid: boolean;
  source: string;
  diagnostics: Diagnostic[];
}

export interface ValidateReport {
  /** Arguments that matched no file: nothing was checked. */
  unmatched: string[];
  /** The input that could not be read: checking stopped there. */
  unreadable?: { file: string; reason: string };
  /** The files checked, in input order. */
  files: ValidatedFile[];
  /** `--max-warnings`: -1 for no limit. */
  maxWarnings: number;
}

/** An input to check: its reported name and how to read it (the command's only I/O). */
export interface ValidateInput {
  file: string;
  read(): Promise<ReadResult> | ReadResult;
}

/**
 * Checks each input in order, reading it only when its turn comes; stops at the first that
 * cannot be read (a file over the size limit is an invalid file instead, never read in full).
 */
export async function runValidate(
  inputs: readonly ValidateInput[],
  maxWarnings: number,
  onProgress?: (index: number, file: string) => void,
): Promise<ValidateReport> {
  const files: ValidatedFile[] = [];
  for (const [i, { file, read: readInput }] of inputs.entries()) {
    onProgress?.(i, file);
    const read = await readInput();
    const refused = read.ok ? undefined : refusal(read);
    if (refused !== undefined) {
      files.push({ file, source: "", valid: false, diagnostics: [refused] });
      continue;
    }
    if (!read.ok)
      return { unmatched: [], unreadable: { file, reason: read.reason }, files, maxWarnings };
    const checked = await checkDocument(read.text);
    files.push({ file, source: read.text, valid: checked.valid, diagnostics: checked.diagnostics });
  }
  return { unmatched: [], files, maxWarnings };
}

/** The diagnostic of a file refused for what it holds (too large, not UTF-8); it is an invalid file. */
function refusal(read: Extract<ReadResult, { ok: false }>): Diagnostic | undefined {
  if (read.tooLarge !== undefined) return tooLargeDiagnostic(read.tooLarge);
  if (read.notUtf8 !== undefined)
    return notUtf8Diagnostic(read.reason, read.notUtf8.line, read.notUtf8.column);
  return undefined;
}

/** 2 when inputs were missing or unreadable; 1 for any invalid file or too many warnings. */
export function validateExitCode(report: ValidateReport): number {
  if (report.unmatched.length > 0 || report.unreadable) return EXIT.usage;
  if (tooManyWarnings(report)) return EXIT.failed;
  return report.files.every((f) => f.valid) ? EXIT.ok : EXIT.failed;
}

export interface RenderOptions {
  /** Hide warnings (text and stylish only). */
  quiet?: boolean;
  /** ANSI colour (text and stylish only). */
  color?: boolean;
}

/** What the command prints: the report on stdout, problems with the run itself on stderr. */
export function renderValidate(
  report: ValidateReport,
  format: ValidateFormat,
  options: RenderOptions = {},
): { stdout: string; stderr: string } {
  if (report.unmatched.length > 0) {
    const list = report.unmatched.map((u) => `'${u}'`).join(", ");
    return { stdout: "", stderr: safe`oatf validate: no files match ${list}\n` };
  }
  if (report.unreadable) {
    const { file, reason } = report.unreadable;
    return {
      stdout: "",
      stderr: safe`oatf validate: cannot read ${file}: ${reason}\n`,
    };
  }
  const { quiet = false, color = false } = options;
  const files = report.files;
  const stdout =
    format === "json"
      ? `${jsonForTerminal(toJson(files), 2)}\n`
      : format === "sarif"
        ? `${jsonForTerminal(toSarif(files), 2)}\n`
        : format === "stylish"
          ? toStylish(files, quiet, color, report.maxWarnings)
          : toText(files, quiet, color, report.maxWarnings);
  // On stderr, so JSON and SARIF on stdout stay one parseable document.
  const warnings = count(files, "warning");
  const stderr = tooManyWarnings(report)
    ? `oatf validate: ${plural(warnings, "warning")}, more than --max-warnings ${report.maxWarnings} allows\n`
    : "";
  return { stdout, stderr };
}

function tooManyWarnings(report: ValidateReport): boolean {
  return overLimit(report.files, report.maxWarnings);
}

/** `--format json`: every diagnostic of every file. */
export function toJson(files: readonly ValidatedFile[]): object {
  return {
    valid: files.every((r) => r.valid),
    files: files.map((r) => ({ file: r.file, valid: r.valid, diagnostics: r.diagnostics })),
  };
}

/** `--format stylish`: one line per problem, grouped by file, as ESLint. */
export function toStylish(
  files: readonly ValidatedFile[],
  quiet: boolean,
  color: boolean,
  maxWarnings = -1,
): string {
  const named = files.flatMap((r) => shown(r, quiet).map((d) => ({ ...d, source: r.file })));
  const text = formatStylish(named, { color, maxDiagnostics: MAX_SHOWN });
  return text === "" || overLimit(files, maxWarnings) ? text + summary(files, maxWarnings) : text;
}

/** `--format text`: code frames per file, then a summary line. */
export function toText(
  files: readonly ValidatedFile[],
  quiet: boolean,
  color: boolean,
  maxWarnings = -1,
): string {
  const out: string[] = [];
  for (const r of files) {
    const diagnostics = shown(r, quiet);
    if (diagnostics.length > 0) out.push(formatFile(r.file, r.source, diagnostics, color));
  }
  out.push(summary(files, maxWarnings));
  return out.join("\n");
}

function shown(r: ValidatedFile, quiet: boolean): Diagnostic[] {
  return quiet ? r.diagnostics.filter((d) => d.severity === "error") : r.diagnostics;
}

/** The last line: a success only when the run succeeds (valid, and within --max-warnings). */
function summary(reports: readonly ValidatedFile[], maxWarnings: number): string {
  const errors = count(reports, "error");
  const warnings = count(reports, "warning");
  const invalid = reports.filter((r) => !r.valid).length;
  const files = plural(reports.length, "file");
  if (invalid > 0)
    return `✖ ${invalid} of ${files} invalid: ${plural(errors, "error")}, ${plural(warnings, "warning")}\n`;
  if (overLimit(reports, maxWarnings))
    return `✖ ${files} valid, but ${plural(warnings, "warning")}: more than --max-warnings ${maxWarnings} allows\n`;
  return `✔ ${files} valid${warnings ? ` (${plural(warnings, "warning")})` : ""}\n`;
}

function overLimit(reports: readonly ValidatedFile[], maxWarnings: number): boolean {
  return maxWarnings >= 0 && count(reports, "warning") > maxWarnings;
}

function count(reports: readonly ValidatedFile[], severity: Diagnostic["severity"]): number {
  let n = 0;
  for (const r of reports) for (const d of r.diagnostics) if (d.severity === severity) n++;
  return n;
}
