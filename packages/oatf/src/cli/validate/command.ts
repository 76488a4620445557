// `oatf validate <files or globs...>`: ESLint-style report, or JSON, or SARIF 2.1.0.

// Arguments are parsed here, the inputs found and read on demand; checking, the exit code and
// the output are report.ts's (`runValidate`, `validateExitCode`, `renderValidate`).
import { DEFAULT_LIMITS } from "@oatf/model";
import { escapeForTerminal } from "@oatf/model/terminal";
import {
  maxWarningsOption,
  oneOfOption,
  option,
  type ParsedArgs,
  UsageError,
} from "../shared/args.js";
import type { CliContext } from "../shared/context.js";
import { expandInputs, readInput, readStdin, stdinName } from "../shared/files.js";
import { MAX_SHOWN } from "../shared/report.js";
import { type FixMode, fixingInputs } from "./fix.js";
import {
  renderValidate,
  runValidate,
  VALIDATE_FORMATS,
  type ValidateFormat,
  type ValidateInput,
  type ValidateReport,
  validateExitCode,
} from "./report.js";

export { warmCompileCache } from "./warm-up.js";

export const VALIDATE_USAGE = `Usage: oatf validate <files or globs...|-> [options]

Validates OATF documents. Globs are expanded by oatf ('examples/**/*.yaml'); a directory means every .yaml/.yml file under it; '-' reads standard input.

Options:
  --format <format>         text (code frames) | stylish (one line per problem, grouped by file, as ESLint) | json | sarif (SARIF 2.1.0); default text
  --quiet                   hide warnings in text and stylish output (they still count for --max-warnings)
  --max-warnings <n>        exit 1 when there are more than n warnings in all (as ESLint; -1, the default, means no limit)
  --stdin-filename <name>   the name '-' is reported under (default <stdin>)
  --fix                     apply the language server's safe quick fixes and rewrite the files (comments and layout kept): a did-you-mean with one candidate (enum value, field name, surface, trigger event), a missing oatf: "0.1"; each fix is said on stderr, then what remains is reported
  --fix-dry-run             the same without writing: the fixes are said and the fixed text is validated (standard input is never written)

Text and stylish output show at most ${MAX_SHOWN} diagnostics per file (JSON and SARIF have them all). Files larger than ${DEFAULT_LIMITS.maxBytes} bytes or with more than ${DEFAULT_LIMITS.maxNodes} YAML nodes are rejected unread; FIFOs and devices are refused.

Exit code: 0 all valid, 1 any invalid or more warnings than --max-warnings, 2 usage error or missing/unreadable input.
`;

/** Above this many files, an interactive stderr shows progress. */
const PROGRESS_THRESHOLD = 10;

/** What the arguments of `oatf validate` ask for. */
export interface ValidateArgs {
  format: ValidateFormat;
  maxWarnings: number;
  quiet: boolean;
  /** The positional inputs: files, globs, directories and at most one `-`. */
  inputs: string[];
  stdinFilename?: string;
}

/** Reads the arguments, throwing `UsageError` for what does not go together. */
export function parseValidateArgs(args: ParsedArgs): ValidateArgs {
  const format = oneOfOption(args, "--format", VALIDATE_FORMATS, "text");
  const maxWarnings = maxWarningsOption(args);
  if (args.positionals.length === 0) throw new UsageError("no files given");
  const stdinCount = args.positionals.filter((p) => p === "-").length;
  if (stdinCount > 1) throw new UsageError("'-' (standard input) can be given once");
  const stdinFilename = option(args, "--stdin-filename");
  if (stdinFilename !== undefined && stdinCount === 0) {
    throw new UsageError("--stdin-filename names standard input: give '-' as an input");
  }
  return {
    format,
    maxWarnings,
    quiet: args.options.has("--quiet"),
    inputs: args.positionals,
    ...(stdinFilename !== undefined && { stdinFilename }),
  };
}

export async function validateCommand(args: ParsedArgs, ctx: CliContext): Promise<number> {
  const parsed = parseValidateArgs(args);
  const found = await findInputs(parsed, ctx);
  const progress = Array.isArray(found) ? progressOn(found.length, ctx) : undefined;
  const fixing = fixMode(args);
  const inputs =
    Array.isArray(found) && fixing !== undefined
      ? fixingInputs(found, fixing, stdinName(parsed.stdinFilename), ctx)
      : found;
  const report: ValidateReport = Array.isArray(inputs)
    ? await runValidate(inputs, parsed.maxWarnings, progress)
    : { unmatched: inputs.unmatched, files: [], maxWarnings: parsed.maxWarnings };
  if (progress) ctx.stderr.write("\r\x1b[K"); // cleared before anything else is printed
  const color = ctx.stdout.isTTY === true && ctx.env.NO_COLOR === undefined;
  const { stdout, stderr } = renderValidate(report, parsed.format, { quiet: parsed.quiet, color });
  if (stdout !== "") ctx.stdout.write(stdout);
  if (stderr !== "") ctx.stderr.write(stderr);
  return validateExitCode(report);
}

/** The inputs in order, each read when checked, or the arguments that matched nothing. */
async function findInputs(
  parsed: ValidateArgs,
  ctx: CliContext,
): Promise<ValidateInput[] | { unmatched: string[] }> {
  const { inputs } = parsed;
  // Standard input keeps its place among the inputs.
  const at = inputs.indexOf("-");
  const before = await expandInputs(at < 0 ? inputs : inputs.slice(0, at), ctx.cwd);
  const after = await expandInputs(at < 0 ? [] : inputs.slice(at + 1), ctx.cwd);
  const unmatched = [...before.unmatched, ...after.unmatched];
  if (unmatched.length > 0) return { unmatched };
  const file = (name: string): ValidateInput => ({
    file: name,
    read: () => readInput(name, ctx.cwd, DEFAULT_LIMITS.maxBytes),
  });
  const stdin: ValidateInput = {
    file: stdinName(parsed.stdinFilename),
    read: () => readStdin(ctx.stdin ?? process.stdin, DEFAULT_LIMITS.maxBytes),
  };
  return [
    ...before.files.map(file),
    ...(at < 0 ? [] : [stdin]),
    ...after.files.filter((f) => !before.files.includes(f)).map(file),
  ];
}

/** Progress on an interactive stderr for many files: one line, rewritten per file. */
function progressOn(
  total: number,
  ctx: CliContext,
): ((i: number, file: string) => void) | undefined {
  if (total <= PROGRESS_THRESHOLD || ctx.stderr.isTTY !== true) return undefined;
  return (i, file) => {
    ctx.stderr.write(`\rvalidating ${i + 1}/${total} ${escapeForTerminal(file)}\x1b[K`);
  };
}

/** `--fix` or `--fix-dry-run` (not both), or undefined. */
function fixMode(args: ParsedArgs): FixMode | undefined {
  const fix = args.options.has("--fix");
  const dry = args.options.has("--fix-dry-run");
  if (fix && dry) throw new UsageError("--fix and --fix-dry-run do not go together");
  return fix ? "fix" : dry ? "dry-run" : undefined;
}
