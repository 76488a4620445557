// `oatf normalize <file|-> [--check|--write]`: print the canonical YAML (comments carried over
// from the source), check files already are canonical, or rewrite them in place.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { DEFAULT_LIMITS, serialize } from "@oatf/model";
import { normalize } from "@oatf/normalize";
import { carryComments } from "@oatf/normalize/comments";
import { option, type ParsedArgs, UsageError } from "./args.js";
import { canonicalDifference } from "./canonical.js";
import { checkDocument } from "./check.js";
import { type CliContext, EXIT } from "./context.js";
import { expandInputs, type ReadResult, readInput, readStdin, stdinName } from "./files.js";
import { invalidDocument, plural } from "./report.js";
import { safe } from "./terminal.js";

export const NORMALIZE_USAGE = `Usage: oatf normalize <file|-> | --check <files or globs...> | --write <files or globs...>

Prints the document in canonical form: normalized (every default and shorthand expanded, the multi-actor form) and serialized as canonical YAML, with the source's comments kept on the fields they belonged to (a comment on \`execution.state\` moves with it under the default actor's phase). '-' reads standard input.

Options:
  --check                   print nothing on stdout; exit 1 when a file is not in canonical form, saying where on stderr. Only what the spec fixes counts (defaults and shorthands expanded, the multi-actor form, \`oatf\` first, fields in specification order), not formatting (quoting, indentation, flow or block style, comments, blank lines).
  --write                   rewrite each file in place in canonical form, comments kept; a file --write wrote passes --check
  --stdin-filename <name>   the name '-' is reported under (default <stdin>)

Exit code: 0 done / canonical, 1 invalid document or not canonical, 2 usage error or missing/unreadable file.
`;

export async function normalizeCommand(args: ParsedArgs, ctx: CliContext): Promise<number> {
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
  // One file to print is read as given; --check and --write expand globs and directories.
  const files = inputs[0] === "-" || (!check && !write) ? inputs : expandInputs(inputs, ctx.cwd);
  if (!Array.isArray(files) && files.unmatched.length > 0) {
    const list = files.unmatched.map((u) => `'${u}'`).join(", ");
    ctx.stderr.write(safe`oatf normalize: no files match ${list}\n`);
    return EXIT.usage;
  }
  let code: number = EXIT.ok;
  for (const file of Array.isArray(files) ? files : files.files) {
    const name = file === "-" ? stdinName(stdinFilename) : file;
    const read: ReadResult =
      file === "-"
        ? await readStdin(ctx.stdin ?? process.stdin, DEFAULT_LIMITS.maxBytes)
        : readInput(file, ctx.cwd, DEFAULT_LIMITS.maxBytes);
    if (!read.ok) {
      ctx.stderr.write(safe`oatf normalize: cannot read ${name}: ${read.reason}\n`);
      if (read.tooLarge === undefined) return EXIT.usage;
      code = EXIT.failed;
      continue;
    }
    const result = await normalizeOne(name, read.text, ctx, { check, write });
    if (result === EXIT.usage) return result;
    if (result !== EXIT.ok) code = result;
  }
  return code;
}

async function normalizeOne(
  file: string,
  text: string,
  ctx: CliContext,
  mode: { check: boolean; write: boolean },
): Promise<number> {
  const checked = await checkDocument(text);
  if (!checked.valid) {
    ctx.stderr.write(invalidDocument("normalize", file, text, checked.diagnostics));
    return EXIT.failed;
  }
  const canonical = serialize(normalize(checked.document));
  if (mode.check) {
    const difference = canonicalDifference(text, canonical);
    if (difference === undefined) return EXIT.ok;
    ctx.stderr.write(
      safe`oatf normalize: ${file} is not in canonical form: ${difference}; 'oatf normalize --write ${file}' rewrites it\n`,
    );
    return EXIT.failed;
  }
  const { text: output, dropped } = carryComments(text, canonical);
  if (dropped > 0) {
    ctx.stderr.write(
      safe`oatf normalize: ${file}: warning: ${plural(dropped, "comment")} had no place in the canonical form and ${dropped === 1 ? "was" : "were"} left out\n`,
    );
  }
  if (!mode.write) {
    ctx.stdout.write(output);
    return EXIT.ok;
  }
  if (output === text) return EXIT.ok;
  try {
    // In place (the file keeps its mode, owner and links).
    writeFileSync(resolve(ctx.cwd, file), output);
  } catch (error) {
    ctx.stderr.write(safe`oatf normalize: cannot write ${file}: ${(error as Error).message}\n`);
    return EXIT.error;
  }
  ctx.stderr.write(safe`oatf normalize: wrote ${file}\n`);
  return EXIT.ok;
}
