// Runs the CLI in this process (`runCli`) with its output captured: the exit code, stdout and
// stderr as the user would see them.
import { runCli } from "../src/cli/main.js";

export async function runCaptured(
  args: string[],
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = { stdout: "", stderr: "" };
  const sink = (name: "stdout" | "stderr") => ({
    write: (s: string) => {
      out[name] += s;
      return true;
    },
  });
  const code = await runCli(args, { stdout: sink("stdout"), stderr: sink("stderr"), cwd });
  return { code, ...out };
}
