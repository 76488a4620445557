// `oatf validate <files or globs...>`: ESLint-style report, or JSON, or SARIF 2.1.0.

import { DEFAULT_LIMITS, escapeForTerminal, formatStylish } from "@oatf/model";
import { oneOfOption, type ParsedArgs, UsageError } from "./args.js";
import { checkDocument, type FileDiagnostic, tooLargeDiagnostic } from "./check.js";
import { type CliContext, EXIT } from "./context.js";
import { expandInputs, readInput } from "./files.js";
import { formatFile, MAX_SHOWN, plural } from "./report.js";
import { type FileReport, toSarif } from "./sarif.js";
import { safe } from "./terminal.js";

export const VALIDATE_USAGE = `Usage: oatf validate <files or globs...> [--format text|stylish|json|sarif] [--quiet]

Validates OATF documents. Globs are expanded by oatf ('examples/**/*.yaml'); a directory
means every .yaml/.yml file under it. text shows code frames, stylish one line per problem
grouped by file (as ESLint). --quiet hides warnings in text and stylish output, which show at
most ${MAX_SHOWN} diagnostics per file (JSON and SARIF have them all). Files larger than
${DEFAULT_LIMITS.maxBytes} bytes or with more than ${DEFAULT_LIMITS.maxNodes} YAML nodes are
rejected unread; FIFOs and devices are refused.
Exit code: 0 all valid, 1 any invalid, 2 usage error or missing/unreadable input.
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
  if (args.positionals.length === 0) throw new UsageError("no files given");
  const { files, unmatched } = expandInputs(args.positionals, ctx.cwd);
  if (unmatched.length > 0) {
    const list = unmatched.map((u) => `'${u}'`).join(", ");
    ctx.stderr.write(safe`oatf validate: no files match ${list}\n`);
    return EXIT.usage;
  }
  const progress = files.length > PROGRESS_THRESHOLD && ctx.stderr.isTTY === true;
  const reports: Report[] = [];
  for (const [i, file] of files.entries()) {
    if (progress) {
      ctx.stderr.write(`\rvalidating ${i + 1}/${files.length} ${escapeForTerminal(file)}\x1b[K`);
    }
    const read = readInput(file, ctx.cwd, DEFAULT_LIMITS.maxBytes);
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
  return reports.every((r) => r.valid) ? EXIT.ok : EXIT.failed;
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
