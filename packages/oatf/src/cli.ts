import { runCli } from "./cli/main.js";
import { EXIT } from "./cli/shared/context.js";
import { safe } from "./cli/shared/terminal.js";
import { standardOutput } from "./cli-launcher/standard-output.js";

// A reader that stops early (`oatf evaluate … | head -c 100`) closes the pipe: Node reports
// EPIPE as an 'error' event on the stream, which unhandled ends the process with exit 1, and
// 1 reads as "exploited" to a CI gate. A closed stdout is the reader's choice, so it is ignored
// and the exit code stays the verdict's; any other failure to write the output is exit 3.
let readerGone = false;
let outputLost = false;
// A closed stderr leaves nowhere to report anything: the exit code still says what happened.
const stderr = standardOutput("stderr", () => {});
const stdout = standardOutput("stdout", (error) => {
  if (error.code === "EPIPE") readerGone = true;
  if (readerGone || outputLost) return;
  outputLost = true;
  process.exitCode = EXIT.error;
  stderr.write(safe`oatf: cannot write the output: ${error.message}\n`);
});

// No top-level await: the entry is CommonJS (tsup.config.ts).
void runCli(process.argv.slice(2), { stdout, stderr }).then((code) => {
  if (!outputLost) process.exitCode = code;
});
