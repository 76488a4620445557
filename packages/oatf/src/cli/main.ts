// The `oatf` command-line tool. Returns the exit code instead of exiting, so tests can call it.
import { VERSION } from "../version.js";
import { EVALUATE_USAGE, evaluateCommand } from "./evaluate/command.js";
import { LSP_USAGE, lspCommand } from "./lsp/command.js";
import { MONITOR_USAGE, monitorCommand } from "./monitor/command.js";
import { NORMALIZE_USAGE, normalizeCommand } from "./normalize/command.js";
import { PUBLISH_USAGE, publishCommand } from "./publish/command.js";
import { RECORD_USAGE, recordCommand } from "./record/command.js";
import { SCHEMA_USAGE, schemaCommand } from "./schema/command.js";
import { didYouMean, type ParsedArgs, parseArgs, UsageError } from "./shared/args.js";
import { type CliContext, type CliStreams, EXIT, type OutStream } from "./shared/context.js";
import { terminalWidth, wrapText } from "./shared/help.js";
import { safe } from "./shared/terminal.js";
import { VALIDATE_USAGE, validateCommand } from "./validate/command.js";

export type { CliStreams } from "./shared/context.js";

export const USAGE = `Usage: oatf <command> [options]

Commands:
  validate <files or globs...|->        Validate OATF documents (--format text|stylish|json|sarif)
  normalize <file|-> [--check|--write]  Print the canonical form of a document, or check or rewrite the file in place
  evaluate <documents...> --trace <file|->  Evaluate documents' indicators against a trace
  record --out <file> -- <server...>    Record a server's stdio traffic as a trace (or --listen/--upstream: an HTTP proxy)
  monitor <documents...> --redis <url> --stream <key> --group <name>
                                        Monitor sessions published to Redis Streams, one consumer of a group
  publish --trace <file|-> --redis <url> --stream <key>  Publish a trace's messages to Redis Streams, sharded by session
  lsp [--stdio] [--glob <pattern>]      Start the language server on stdin/stdout (OATF documents only)
  schema                                Print the JSON Schema of OATF documents (for editors)

Options:
  -h, --help              Show this help (also: oatf <command> --help)
  -v, --version           Show the version

Exit codes: 0 success, 1 invalid / failed / exploited, 2 usage error (also: no command), 3 error.
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
    valued: ["--format", "--max-warnings", "--stdin-filename"],
    flags: ["--quiet"],
    run: validateCommand,
  },
  evaluate: {
    usage: EVALUATE_USAGE,
    valued: ["--trace", "--trace-format", "--format", "--fail-on-tier", "--jobs"],
    flags: ["--allow-empty-trace", "--allow-uncorrelated"],
    run: evaluateCommand,
  },
  normalize: {
    usage: NORMALIZE_USAGE,
    valued: ["--stdin-filename"],
    flags: ["--check", "--write"],
    run: normalizeCommand,
  },
  record: {
    usage: RECORD_USAGE,
    valued: [
      "--out",
      "--listen",
      "--upstream",
      "--otlp",
      "--format",
      "--max-body",
      "--redis",
      "--stream",
      "--shards",
    ],
    flags: ["--evaluate", "--keep-credentials"],
    run: recordCommand,
  },
  monitor: {
    usage: MONITOR_USAGE,
    valued: [
      "--redis",
      "--stream",
      "--group",
      "--consumer",
      "--shards",
      "--alerts-stream",
      "--lease-ms",
      "--batch",
      "--idle-ms",
    ],
    flags: ["--drain"],
    run: monitorCommand,
  },
  publish: {
    usage: PUBLISH_USAGE,
    valued: ["--trace", "--trace-format", "--redis", "--stream", "--shards"],
    flags: [],
    run: publishCommand,
  },
  lsp: { usage: LSP_USAGE, valued: ["--glob"], flags: ["--stdio"], run: lspCommand },
  schema: { usage: SCHEMA_USAGE, valued: [], flags: [], run: schemaCommand },
};

export async function runCli(
  argv: string[],
  io: CliStreams & Partial<Pick<CliContext, "env" | "cwd">>,
): Promise<number> {
  const ctx: CliContext = { ...io, env: io.env ?? process.env, cwd: io.cwd ?? process.cwd() };
  const [name, ...rest] = argv;
  // No command is a usage error (exit 2), as in git and npm; help asked for is not.
  if (name === undefined) {
    help(ctx.stderr, USAGE, ctx);
    return EXIT.usage;
  }
  if (name === "-h" || name === "--help" || name === "help") {
    help(ctx.stdout, USAGE, ctx);
    return EXIT.ok;
  }
  if (name === "-v" || name === "--version") {
    ctx.stdout.write(`${VERSION}\n`);
    return EXIT.ok;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    const known = [...Object.keys(COMMANDS), "help", "--help", "--version"];
    ctx.stderr.write(`${safe`oatf: unknown command '${name}'`}${didYouMean(name, known)}\n\n`);
    help(ctx.stderr, USAGE, ctx);
    return EXIT.usage;
  }
  // What follows `--` is not ours (`oatf record -- server --help`).
  const own = rest.includes("--") ? rest.slice(0, rest.indexOf("--")) : rest;
  if (own.includes("-h") || own.includes("--help")) {
    help(ctx.stdout, command.usage, ctx);
    return EXIT.ok;
  }
  try {
    return await command.run(parseArgs(rest, command.valued, command.flags), ctx);
  } catch (error) {
    if (error instanceof UsageError) {
      ctx.stderr.write(`${safe`oatf ${name}: ${error.message}`}\n\n`);
      help(ctx.stderr, command.usage, ctx);
      return EXIT.usage;
    }
    // Commands report bad input themselves; anything reaching here is a bug, still one line.
    const message = error instanceof Error ? error.message : String(error);
    ctx.stderr.write(safe`oatf ${name}: internal error: ${message}\n`);
    return EXIT.error;
  }
}

/** Writes help text wrapped to the width of the stream it goes to. */
function help(stream: OutStream, text: string, ctx: CliContext): void {
  stream.write(wrapText(text, terminalWidth(stream, ctx.env)));
}
