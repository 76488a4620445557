// The `oatf` command-line tool. Returns the exit code instead of exiting, so tests can call it.
import { VERSION } from "../version.js";

export interface CliStreams {
  stdout: { write(chunk: string): unknown; isTTY?: boolean };
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
}

export const USAGE = `Usage: oatf <command> [options]

Commands:
  validate <files...>     Validate OATF documents
  normalize <file>        Print the canonical form of a document
  evaluate <document>     Evaluate a document's indicators against a trace
  conformance [dir]       Run the conformance fixtures

Options:
  -h, --help              Show this help
  -v, --version           Show the version
`;

export async function runCli(argv: string[], io: CliStreams): Promise<number> {
  const [command] = argv;
  if (command === undefined || command === "-h" || command === "--help" || command === "help") {
    io.stdout.write(USAGE);
    return 0;
  }
  if (command === "-v" || command === "--version") {
    io.stdout.write(`${VERSION}\n`);
    return 0;
  }
  io.stderr.write(`oatf: unknown command '${command}'\n\n${USAGE}`);
  return 2;
}
