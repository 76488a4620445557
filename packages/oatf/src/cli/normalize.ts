// `oatf normalize <file> [--check]`: print the canonical YAML, or check a file already is.
import { DEFAULT_LIMITS, escapeForTerminal, serialize } from "@oatf/model";
import { normalize } from "@oatf/normalize";
import { type ParsedArgs, UsageError } from "./args.js";
import { checkDocument } from "./check.js";
import { type CliContext, EXIT } from "./context.js";
import { readInput } from "./files.js";
import { invalidDocument } from "./report.js";
import { safe } from "./terminal.js";

export const NORMALIZE_USAGE = `Usage: oatf normalize <file> [--check]

Prints the document in canonical form: normalized (every default and shorthand expanded)
and serialized as canonical YAML. --check prints nothing on stdout and exits 1 when the file is
not already byte-for-byte in canonical form (for CI), saying where on stderr.
Exit code: 0 done / canonical, 1 invalid document or not canonical, 2 usage error or
missing/unreadable file.
`;

export async function normalizeCommand(args: ParsedArgs, ctx: CliContext): Promise<number> {
  if (args.positionals.length !== 1) throw new UsageError("expected exactly one file");
  const file = args.positionals[0]!;
  const read = readInput(file, ctx.cwd, DEFAULT_LIMITS.maxBytes);
  if (!read.ok) {
    ctx.stderr.write(safe`oatf normalize: cannot read ${file}: ${read.reason}\n`);
    return read.tooLarge === undefined ? EXIT.usage : EXIT.failed;
  }
  const checked = await checkDocument(read.text);
  if (!checked.valid) {
    ctx.stderr.write(invalidDocument("normalize", file, read.text, checked.diagnostics));
    return EXIT.failed;
  }
  const canonical = serialize(normalize(checked.document));
  if (!args.options.has("--check")) {
    ctx.stdout.write(canonical);
    return EXIT.ok;
  }
  if (canonical === read.text) return EXIT.ok;
  ctx.stderr.write(
    `oatf normalize: ${escapeForTerminal(file)} is not in canonical form (${firstDifference(read.text, canonical)}); run 'oatf normalize ${escapeForTerminal(file)}' to see it\n`,
  );
  return EXIT.failed;
}

function firstDifference(actual: string, canonical: string): string {
  const a = actual.split("\n");
  const c = canonical.split("\n");
  for (let i = 0; i < Math.max(a.length, c.length); i++) {
    if (a[i] !== c[i]) return `first difference at line ${i + 1}`;
  }
  return "line endings differ";
}
