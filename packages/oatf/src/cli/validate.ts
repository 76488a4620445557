// `oatf validate <files or globs...>`: ESLint-style report, or JSON, or SARIF 2.1.0.

import { DEFAULT_LIMITS, escapeForTerminal, formatStylish } from "@oatf/model";
import { oneOfOption, option, type ParsedArgs, UsageError } from "./args.js";
import { checkDocument, type FileDiagnostic, tooLargeDiagnostic } from "./check.js";
import { type CliContext, EXIT } from "./context.js";
import { expandInputs, type ReadResult, readInput, readStdin, stdinName } from "./files.js";
import { formatFile, MAX_SHOWN, plural } from "./report.js";
import { type FileReport, toSarif } from "./sarif.js";
import { safe } from "./terminal.js";

export const VALIDATE_USAGE = `Usage: oatf validate <files or globs...|-> [options]

Validates OATF documents. Globs are expanded by oatf ('examples/**/*.yaml'); a directory means every .yaml/.yml file under it; '-' reads standard input.

Options:
  --format <format>         text (code frames) | stylish (one line per problem, grouped by file, as ESLint) | json | sarif (SARIF 2.1.0); default text
  --quiet                   hide warnings in text and stylish output (they still count for --max-warnings)
  --max-warnings <n>        exit 1 when there are more than n warnings in all (as ESLint; -1, the default, means no limit)
  --stdin-filename <name>   the name '-' is reported under (default <stdin>)

Text and stylish output show at most ${MAX_SHOWN} diagnostics per file (JSON and SARIF have them all). Files larger than ${DEFAULT_LIMITS.maxBytes} bytes or with more than ${DEFAULT_LIMITS.maxNodes} YAML nodes are rejected unread; FIFOs and devices are refused.

Exit code: 0 all valid, 1 any invalid or more warnings than --max-warnings, 2 usage error or missing/unreadable input.
`;

const FORMATS = ["text", "stylish", "json", "sarif"] as const;
/** Above this many files, an interactive stderr shows progress. */
const PROGRESS_THRESHOLD = 10;

interface Report extends FileReport {
  valid: boolean;
  source: string;
}

export async function validateCommand(args: ParsedArgs, ctx: CliContext): Promise<number> {
  const format = oneOfOption(args, "--format", FORMATS, "text");
  const maxWarnings = maxWarningsOption(args);
  if (args.positionals.length === 0) throw new UsageError("no files given");
  const stdinCount = args.positionals.filter((p) => p === "-").length;
  if (stdinCount > 1) throw new UsageError("'-' (standard input) can be given once");
  const stdinFilename = option(args, "--stdin-filename");
  if (stdinFilename !== undefined && stdinCount === 0) {
    throw new UsageError("--stdin-filename names standard input: give '-' as an input");
  }
  // Standard input keeps its place among the inputs.
  const at = args.positionals.indexOf("-");
  const before = expandInputs(at < 0 ? args.positionals : args.positionals.slice(0, at), ctx.cwd);
  const after = expandInputs(at < 0 ? [] : args.positionals.slice(at + 1), ctx.cwd);
  const files: (string | typeof STDIN)[] = [
    ...before.files,
    ...(at < 0 ? [] : ([STDIN] as const)),
    ...after.files.filter((f) => !before.files.includes(f)),
  ];
  const unmatched = [...before.unmatched, ...after.unmatched];
  if (unmatched.length > 0) {
    const list = unmatched.map((u) => `'${u}'`).join(", ");
    ctx.stderr.write(safe`oatf validate: no files match ${list}\n`);
    return EXIT.usage;
  }
  const progress = files.length > PROGRESS_THRESHOLD && ctx.stderr.isTTY === true;
  const reports: Report[] = [];
  for (const [i, input] of files.entries()) {
    const file = input === STDIN ? stdinName(stdinFilename) : input;
    if (progress) {
      ctx.stderr.write(`\rvalidating ${i + 1}/${files.length} ${escapeForTerminal(file)}\x1b[K`);
    }
    const read: ReadResult =
      input === STDIN
        ? await readStdin(ctx.stdin ?? process.stdin, DEFAULT_LIMITS.maxBytes)
        : readInput(file, ctx.cwd, DEFAULT_LIMITS.maxBytes);
    if (!read.ok && read.tooLarge !== undefined) {
      reports.push({
        file,
        source: "",
        valid: false,
        diagnostics: [tooLargeDiagnostic(read.tooLarge)],
      });
      continue;
    }
    if (!read.ok) {
      if (progress) ctx.stderr.write("\r\x1b[K");
      ctx.stderr.write(safe`oatf validate: cannot read ${file}: ${read.reason}\n`);
      return EXIT.usage;
    }
    const checked = await checkDocument(read.text);
    reports.push({
      file,
      source: read.text,
      valid: checked.valid,
      diagnostics: checked.diagnostics,
    });
  }
  if (progress) ctx.stderr.write("\r\x1b[K");

  if (format === "json") ctx.stdout.write(`${JSON.stringify(toJson(reports), null, 2)}\n`);
  else if (format === "sarif") ctx.stdout.write(`${JSON.stringify(toSarif(reports), null, 2)}\n`);
  else {
    const color = ctx.stdout.isTTY === true && ctx.env.NO_COLOR === undefined;
    const quiet = args.options.has("--quiet");
    ctx.stdout.write(
      format === "stylish" ? toStylish(reports, quiet, color) : toText(reports, quiet, color),
    );
  }
  const warnings = count(reports, "warning");
  if (maxWarnings >= 0 && warnings > maxWarnings) {
    // On stderr, so JSON and SARIF on stdout stay one parseable document.
    ctx.stderr.write(
      `oatf validate: ${plural(warnings, "warning")}, more than --max-warnings ${maxWarnings} allows\n`,
    );
    return EXIT.failed;
  }
  return reports.every((r) => r.valid) ? EXIT.ok : EXIT.failed;
}

/** Marks standard input among the inputs (a file named `-` is given as `./-`). */
const STDIN: unique symbol = Symbol("stdin");

/** `--max-warnings <n>`: an integer, -1 (the default) for no limit (ESLint's convention). */
function maxWarningsOption(args: ParsedArgs): number {
  const value = option(args, "--max-warnings");
  if (value === undefined) return -1;
  if (!/^-?\d+$/.test(value) || Number(value) < -1) {
    throw new UsageError(
      `--max-warnings must be a whole number, or -1 for no limit (got '${value}')`,
    );
  }
  return Number(value);
}

function toJson(reports: Report[]): object {
  return {
    valid: reports.every((r) => r.valid),
    files: reports.map((r) => ({ file: r.file, valid: r.valid, diagnostics: r.diagnostics })),
  };
}

function shown(r: Report, quiet: boolean): FileDiagnostic[] {
  return quiet ? r.diagnostics.filter((d) => d.severity === "error") : r.diagnostics;
}

function toStylish(reports: Report[], quiet: boolean, color: boolean): string {
  const files = reports.map((r) => ({ fileName: r.file, diagnostics: shown(r, quiet) }));
  const text = formatStylish(files, { color, maxDiagnostics: MAX_SHOWN });
  return text === "" ? summary(reports) : text;
}

function toText(reports: Report[], quiet: boolean, color: boolean): string {
  const out: string[] = [];
  for (const r of reports) {
    const diagnostics = shown(r, quiet);
    if (diagnostics.length > 0) out.push(formatFile(r.file, r.source, diagnostics, color));
  }
  out.push(summary(reports));
  return out.join("\n");
}

function summary(reports: Report[]): string {
  const errors = count(reports, "error");
  const warnings = count(reports, "warning");
  const invalid = reports.filter((r) => !r.valid).length;
  const files = plural(reports.length, "file");
  return invalid === 0
    ? `✔ ${files} valid${warnings ? ` (${plural(warnings, "warning")})` : ""}\n`
    : `✖ ${invalid} of ${files} invalid: ${plural(errors, "error")}, ${plural(warnings, "warning")}\n`;
}

function count(reports: Report[], severity: FileDiagnostic["severity"]): number {
  let n = 0;
  for (const r of reports) for (const d of r.diagnostics) if (d.severity === severity) n++;
  return n;
}
