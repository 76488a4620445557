// `oatf normalize <file|-> [--check|--write]`: print the canonical YAML (comments carried over
// from the source), check files already are canonical, or rewrite them in place.
// Arguments are parsed here and the inputs found; reading happens on demand and writing
// through the function handed to report.ts's `runNormalize`, whose report
// `normalizeExitCode` and `renderNormalize` turn into the exit code and the output.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { DEFAULT_LIMITS } from "@oatf/model";
import { option, type ParsedArgs, UsageError } from "../shared/args.js";
import type { CliContext } from "../shared/context.js";
import { expandInputs, readInput, readStdin, stdinName } from "../shared/files.js";
import {
  type NormalizeForm,
  type NormalizeInput,
  type NormalizeMode,
  type NormalizeReport,
  normalizeExitCode,
  renderNormalize,
  runNormalize,
} from "./report.js";

export const NORMALIZE_USAGE = `Usage: oatf normalize [--format] <file|-> | --check <files or globs...> | --write <files or globs...>

Prints the document in canonical form: normalized (every default and shorthand expanded, the multi-actor form) and serialized as canonical YAML, with the source's comments kept on the fields they belonged to (a comment on \`execution.state\` moves with it under the default actor's phase). '-' reads standard input. The canonical form is much longer than what authors write: to keep a document as written and only tidy it, use --format.

Options:
  --check                   print nothing on stdout; exit 1 when a file is not in canonical form, saying where on stderr. It checks the expanded form (defaults and shorthands written out, the multi-actor form, \`oatf\` first, fields in specification order), not formatting (quoting, indentation, flow or block style, comments, blank lines): a document as authors write it fails it. With --format it checks formatting only.
  --write                   rewrite each file in place in canonical form, comments kept; a file --write wrote passes --check
  --format                  no expansion: the document as written, only serialized as canonical YAML (\`oatf\` first, fields in specification order, one quoting and indentation style), comments kept; with --check, exit 1 when a file is not formatted so; with --write, format the files in place
  --stdin-filename <name>   the name '-' is reported under (default <stdin>)

Exit code: 0 done / canonical, 1 invalid document or not canonical, 2 usage error or missing/unreadable file.
`;

/** What the arguments of `oatf normalize` ask for. */
export interface NormalizeArgs {
  mode: NormalizeMode;
  form: NormalizeForm;
  /** The positional inputs: one file or `-`, or (check, write) files, globs and directories. */
  inputs: string[];
  stdinFilename?: string;
}

/** Reads the arguments, throwing `UsageError` for what does not go together. */
export function parseNormalizeArgs(args: ParsedArgs): NormalizeArgs {
  const check = args.options.has("--check");
  const write = args.options.has("--write");
  if (check && write) throw new UsageError("--check and --write do not go together");
  const inputs = args.positionals;
  if (inputs.length === 0) throw new UsageError("no file given");
  if (!check && !write && inputs.length !== 1) {
    throw new UsageError("expected exactly one file (--check and --write take several)");
  }
  const stdinFilename = option(args, "--stdin-filename");
  if (inputs.includes("-")) {
    if (write) throw new UsageError("--write rewrites files: it cannot take '-'");
    if (inputs.length > 1) throw new UsageError("'-' (standard input) goes alone");
  } else if (stdinFilename !== undefined) {
    throw new UsageError("--stdin-filename names standard input: give '-' as the input");
  }
  return {
    mode: check ? "check" : write ? "write" : "print",
    form: args.options.has("--format") ? "format" : "canonical",
    inputs,
    ...(stdinFilename !== undefined && { stdinFilename }),
  };
}

export async function normalizeCommand(args: ParsedArgs, ctx: CliContext): Promise<number> {
  const parsed = parseNormalizeArgs(args);
  const found = await findInputs(parsed, ctx);
  const writeFile = (file: string, text: string) => {
    // In place (the file keeps its mode, owner and links).
    writeFileSync(resolve(ctx.cwd, file), text);
  };
  const report: NormalizeReport = Array.isArray(found)
    ? await runNormalize(found, parsed.mode, writeFile, parsed.form)
    : { unmatched: found.unmatched, files: [] };
  const { stdout, stderr } = renderNormalize(report);
  if (stdout !== "") ctx.stdout.write(stdout);
  if (stderr !== "") ctx.stderr.write(stderr);
  return normalizeExitCode(report);
}

/** The inputs, each read when its turn comes, or the arguments that matched nothing. */
async function findInputs(
  parsed: NormalizeArgs,
  ctx: CliContext,
): Promise<NormalizeInput[] | { unmatched: string[] }> {
  const { inputs, mode } = parsed;
  if (inputs[0] === "-") {
    const read = () => readStdin(ctx.stdin ?? process.stdin, DEFAULT_LIMITS.maxBytes);
    return [{ file: stdinName(parsed.stdinFilename), read }];
  }
  // One file to print is read as given; --check and --write expand globs and directories.
  const expanded =
    mode === "print" ? { files: inputs, unmatched: [] } : await expandInputs(inputs, ctx.cwd);
  if (expanded.unmatched.length > 0) return { unmatched: expanded.unmatched };
  return expanded.files.map((file) => ({
    file,
    read: () => readInput(file, ctx.cwd, DEFAULT_LIMITS.maxBytes),
  }));
}
