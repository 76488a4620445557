// Two `oatf record`s with one `--out` (the MCP SDK v2's stdio client probes `server/discover`
// on a short-lived second spawn of the same command): the second never truncates the first's
// file; it writes `<name>.<pid><ext>` beside it and says so.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import setup from "./cli-build.js";
import { stdioRecordArgs, tmp } from "./record-helpers.js";

beforeAll(() => setup(), 600_000);

const ECHO = "process.stdin.pipe(process.stdout)";

/** A stdio recorder around an echo server; resolves once the line it was sent comes back. */
async function recorder(out: string, line: string) {
  const args = stdioRecordArgs(out, "-e");
  args.push(ECHO);
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (c: Buffer) => (stderr += c));
  const closed = new Promise<void>((resolve) => child.on("close", () => resolve()));
  const echoed = new Promise<void>((resolve) => {
    let seen = "";
    child.stdout!.on("data", (c: Buffer) => {
      seen += c;
      if (seen.includes("\n")) resolve();
    });
  });
  child.stdin!.write(`${line}\n`);
  await echoed;
  return {
    stop: async () => {
      child.stdin!.end();
      await closed;
      return stderr;
    },
  };
}

describe("oatf record: two recorders, one --out", () => {
  it("keeps both recorders' messages: the second writes a file of its own", async () => {
    const dir = tmp();
    const out = join(dir, "trace.jsonl");
    const first = await recorder(out, '{"jsonrpc":"2.0","id":0,"method":"initialize"}');
    const probe = await recorder(out, '{"jsonrpc":"2.0","id":0,"method":"server/discover"}');
    const probeErr = await probe.stop();
    await first.stop();
    const methods = (file: string) =>
      readFileSync(file, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l))
        .filter((l) => l.direction === "sent")
        .map((l) => l.message.method as string | undefined)
        .filter((m) => m !== undefined);
    expect(methods(out)).toEqual(["initialize"]);
    const own = readdirSync(dir).filter((f) => /^trace\.\d+\.jsonl$/.test(f));
    expect(own).toHaveLength(1);
    expect(methods(join(dir, own[0]!))).toEqual(["server/discover"]);
    expect(probeErr).toMatch(/another oatf record is writing .*trace\.jsonl/);
    // The claim is given back: the next recording writes the file named.
    expect(existsSync(`${out}.lock`)).toBe(false);
  }, 60_000);
});
