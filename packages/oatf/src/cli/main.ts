// The `oatf` command-line tool. Returns the exit code instead of exiting, so tests can call it.
import { VERSION } from "../version.js";
import { type ParsedArgs, parseArgs, UsageError } from "./args.js";
import { type CliContext, type CliStreams, EXIT } from "./context.js";
import { EVALUATE_USAGE, evaluateCommand } from "./evaluate.js";
import { NORMALIZE_USAGE, normalizeCommand } from "./normalize.js";
import { VALIDATE_USAGE, validateCommand } from "./validate.js";

export type { CliStreams } from "./context.js";

export const USAGE = `Usage: oatf <command> [options]

Commands:
  validate <files or globs...>          Validate OATF documents (--format text|stylish|json|sarif)
  normalize <file> [--check]            Print the canonical form of a document
  evaluate <documents...> --trace <file|->  Evaluate documents' indicators against a trace

Options:
  -h, --help              Show this help (also: oatf <command> --help)
  -v, --version           Show the version

Exit codes: 0 success, 1 invalid / failed / exploited, 2 usage error, 3 error.
`;

interface Command {
  usage: string;
  valued: readonly string[];
  flags: readonly string[];
  run: (args: ParsedArgs, ctx: CliContext) => Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  validate: {
    usage: VALIDATE_USAGE,
    valued: ["--format"],
    flags: ["--quiet"],
    run: validateCommand,
  },
  evaluate: {
    usage: EVALUATE_USAGE,
    valued: ["--trace", "--trace-format", "--format", "--fail-on-tier"],
    flags: ["--allow-empty-trace", "--allow-uncorrelated"],
    run: evaluateCommand,
  },
  normalize: { usage: NORMALIZE_USAGE, valued: [], flags: ["--check"], run: normalizeCommand },
};

export async function runCli(
  argv: string[],
  io: CliStreams & Partial<Pick<CliContext, "env" | "cwd">>,
): Promise<number> {
  const ctx: CliContext = { ...io, env: io.env ?? process.env, cwd: io.cwd ?? process.cwd() };
  const [name, ...rest] = argv;
  if (name === undefined || name === "-h" || name === "--help" || name === "help") {
    ctx.stdout.write(USAGE);
    return EXIT.ok;
  }
  if (name === "-v" || name === "--version") {
    ctx.stdout.write(`${VERSION}\n`);
    return EXIT.ok;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    ctx.stderr.write(`oatf: unknown command '${name}'\n\n${USAGE}`);
    return EXIT.usage;
  }
  if (rest.includes("-h") || rest.includes("--help")) {
    ctx.stdout.write(command.usage);
    return EXIT.ok;
  }
  try {
    return await command.run(parseArgs(rest, command.valued, command.flags), ctx);
  } catch (error) {
    if (error instanceof UsageError) {
      ctx.stderr.write(`oatf ${name}: ${error.message}\n\n${command.usage}`);
      return EXIT.usage;
    }
    // Commands report bad input themselves; anything reaching here is a bug, still one line.
    ctx.stderr.write(
      `oatf ${name}: internal error: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return EXIT.error;
  }
}
