// Runs the CLI in this process (`runCli`) with its output captured: the exit code, stdout and
// stderr as the user would see them.
import { runCli } from "../src/cli/main.js";

export interface CaptureOptions {
  /** The environment (default: the process's); `{}` keeps the machine's settings out. */
  env?: Record<string, string | undefined>;
  /** What `-` reads. */
  stdin?: string;
  /** Standard error is a terminal (progress lines are drawn). */
  tty?: boolean;
}

export async function runCaptured(
  args: string[],
  cwd: string,
  options: CaptureOptions = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { env, stdin, tty } = options;
  const out = { stdout: "", stderr: "" };
  const sink = (name: "stdout" | "stderr") => ({
    write: (s: string) => {
      out[name] += s;
      return true;
    },
  });
  const code = await runCli(args, {
    stdout: sink("stdout"),
    stderr: tty === undefined ? sink("stderr") : { ...sink("stderr"), isTTY: tty },
    cwd,
    ...(env === undefined ? {} : { env }),
    ...(stdin === undefined ? {} : { stdin: lines(stdin) }),
  });
  return { code, ...out };
}

async function* lines(text: string) {
  yield text;
}
