// The `oatf` command-line tool. Returns the exit code instead of exiting, so tests can call it.
import { VERSION } from "../version.js";
import { commandCode, commandRunning } from "./command-code.js";
import { didYouMean, type ParsedArgs, parseArgs, UsageError } from "./shared/args.js";
import { type CliContext, type CliStreams, EXIT, type OutStream } from "./shared/context.js";
import { terminalWidth, wrapText } from "./shared/help.js";
import { safe } from "./shared/terminal.js";

export type { CliStreams } from "./shared/context.js";

export const USAGE = `Usage: oatf <command> [options]

Commands:
  validate <files or globs...|->        Validate OATF documents (--format text|stylish|json|sarif)
  normalize <file|-> [--check|--write]  Print the canonical form of a document, or check or rewrite the file in place
  evaluate <documents...> --trace <file|->  Evaluate documents' indicators against a trace
  run <document> --agent <url>          Run a document against an agent: rogue servers, recording, verdicts
  benchmark <documents...> --agent <url>  Run many documents against an agent: a scorecard (text, JSON, JUnit, HTML)
  record --out <file> -- <server...>    Record a server's stdio traffic as a trace (or --listen/--upstream: an HTTP proxy)
  monitor <documents...> --redis <url> --stream <key> --group <name>
                                        Monitor sessions published to Redis Streams, one consumer of a group
  publish --trace <file|-> --redis <url> --stream <key>  Publish a trace's messages to Redis Streams, sharded by session
  lsp [--stdio] [--glob <pattern>]      Start the language server on stdin/stdout (OATF documents only)
  schema                                Print the JSON Schema of OATF documents (for editors)

Options:
  -h, --help              Show this help (a command's: oatf help <command>, or oatf <command> --help)
  -v, --version           Show the version

Exit codes: 0 success, 1 invalid / failed / exploited, 2 usage error (also: no command), 3 error.
`;

interface Command {
  usage: string;
  valued: readonly string[];
  flags: readonly string[];
  run: (args: ParsedArgs, ctx: CliContext) => Promise<number>;
}

// Each command's code is loaded only when that command runs (or its help is asked for):
// `oatf validate` must not read and compile the evaluator, the trace readers, CEL, the runner
// or the language server (issue 32 §5: a command loads only its own code, start <= 2.5x
// `node -e 0`). Keep this file's imports to the few shared helpers above; test/cli-split.test.ts
// checks the built CLI's graph.
const COMMANDS: Record<string, () => Promise<Command>> = {
  validate: async () => {
    const { VALIDATE_USAGE, validateCommand } = await commandCode.validate();
    return {
      usage: VALIDATE_USAGE,
      valued: ["--format", "--max-warnings", "--stdin-filename"],
      flags: ["--quiet", "--fix", "--fix-dry-run"],
      run: validateCommand,
    };
  },
  evaluate: async () => {
    const { EVALUATE_USAGE, evaluateCommand } = await commandCode.evaluate();
    return {
      usage: EVALUATE_USAGE,
      valued: [
        "--trace",
        "--trace-format",
        "--format",
        "--fail-on-tier",
        "--jobs",
        "--max-warnings",
      ],
      flags: ["--allow-empty-trace", "--allow-uncorrelated"],
      run: evaluateCommand,
    };
  },
  normalize: async () => {
    const { NORMALIZE_USAGE, normalizeCommand } = await commandCode.normalize();
    return {
      usage: NORMALIZE_USAGE,
      valued: ["--stdin-filename"],
      flags: ["--check", "--write", "--format"],
      run: normalizeCommand,
    };
  },
  record: async () => {
    const { RECORD_USAGE, recordCommand } = await commandCode.record();
    return {
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
        "--run",
      ],
      flags: ["--evaluate", "--keep-credentials"],
      run: recordCommand,
    };
  },
  monitor: async () => {
    const { MONITOR_USAGE, monitorCommand } = await commandCode.monitor();
    return {
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
        "--alerts",
      ],
      flags: ["--drain"],
      run: monitorCommand,
    };
  },
  publish: async () => {
    const { PUBLISH_USAGE, publishCommand } = await commandCode.publish();
    return {
      usage: PUBLISH_USAGE,
      valued: ["--trace", "--trace-format", "--redis", "--stream", "--shards", "--run"],
      flags: [],
      run: publishCommand,
    };
  },
  run: async () => {
    const { RUN_FLAGS, RUN_USAGE, RUN_VALUED, runCommand } = await commandCode.run();
    return { usage: RUN_USAGE, valued: RUN_VALUED, flags: RUN_FLAGS, run: runCommand };
  },
  benchmark: async () => {
    const { BENCHMARK_FLAGS, BENCHMARK_USAGE, BENCHMARK_VALUED, benchmarkCommand } =
      await commandCode.benchmark();
    return {
      usage: BENCHMARK_USAGE,
      valued: BENCHMARK_VALUED,
      flags: BENCHMARK_FLAGS,
      run: benchmarkCommand,
    };
  },
  lsp: async () => {
    const { LSP_USAGE, lspCommand } = await commandCode.lsp();
    return { usage: LSP_USAGE, valued: ["--glob"], flags: ["--stdio"], run: lspCommand };
  },
  schema: async () => {
    const { SCHEMA_USAGE, schemaCommand } = await commandCode.schema();
    return { usage: SCHEMA_USAGE, valued: [], flags: [], run: schemaCommand };
  },
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
    // `oatf help <command>` is `oatf <command> --help`.
    const topic = name === "help" ? rest[0] : undefined;
    if (topic === undefined) {
      help(ctx.stdout, USAGE, ctx);
      return EXIT.ok;
    }
    const load = Object.hasOwn(COMMANDS, topic) ? COMMANDS[topic] : undefined;
    if (load === undefined) {
      const known = Object.keys(COMMANDS);
      ctx.stderr.write(
        `${safe`oatf help: unknown command '${topic}'`}${didYouMean(topic, known)}\n\n`,
      );
      help(ctx.stderr, USAGE, ctx);
      return EXIT.usage;
    }
    help(ctx.stdout, (await load()).usage, ctx);
    return EXIT.ok;
  }
  if (name === "-v" || name === "--version") {
    ctx.stdout.write(`${VERSION}\n`);
    return EXIT.ok;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) {
    const known = [...Object.keys(COMMANDS), "help", "--help", "--version"];
    ctx.stderr.write(`${safe`oatf: unknown command '${name}'`}${didYouMean(name, known)}\n\n`);
    help(ctx.stderr, USAGE, ctx);
    return EXIT.usage;
  }
  const command = await load();
  // What follows `--` is not ours (`oatf record -- server --help`).
  const own = rest.includes("--") ? rest.slice(0, rest.indexOf("--")) : rest;
  if (own.includes("-h") || own.includes("--help")) {
    help(ctx.stdout, command.usage, ctx);
    return EXIT.ok;
  }
  commandRunning();
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
