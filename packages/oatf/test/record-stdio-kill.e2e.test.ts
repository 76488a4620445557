// `oatf record -- <server>` with a server that ignores SIGTERM (issue 33): a SIGTERM to the
// recorder ends the server (SIGKILL after KILL_AFTER_MS) and the verdict is printed; a SIGKILL
// of the recorder, which it cannot catch, still takes the server with it (stdio-reaper.ts).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import setup, { CLI, REPO } from "./cli-build.js";

beforeAll(() => setup(), 600_000);

const STUBBORN = `
import { writeFileSync } from "node:fs";
process.on("SIGTERM", () => {});
process.stdin.on("data", (d) => process.stdout.write(d));
setInterval(() => {}, 1000);
writeFileSync(process.argv[2], String(process.pid));
`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const until = async (test: () => boolean, what: string) => {
  // Generous: a loaded machine starts processes slowly; nothing asserts how fast.
  for (let i = 0; i < 600 && !test(); i++) await new Promise((r) => setTimeout(r, 100));
  if (!test()) throw new Error(`timed out waiting for ${what}`);
};

describe("oatf record over stdio with a server that ignores SIGTERM", () => {
  let dir: string;
  const servers: number[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "oatf-stdio-kill-"));
    writeFileSync(join(dir, "stubborn.mjs"), STUBBORN);
  });

  afterAll(() => {
    for (const pid of servers) if (alive(pid)) process.kill(pid, "SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  function record(name: string): {
    recorder: ChildProcess;
    server: Promise<number>;
    stderr: () => string;
  } {
    const pidFile = join(dir, `${name}.pid`);
    const recorder = spawn(
      process.execPath,
      [
        CLI,
        "record",
        "--out",
        join(dir, `${name}.jsonl`),
        "--evaluate",
        join(REPO, "examples/mcp-rug-pull.yaml"),
        "--",
        process.execPath,
        join(dir, "stubborn.mjs"),
        pidFile,
      ],
      { stdio: ["pipe", "pipe", "pipe"] },
    );
    let stderr = "";
    recorder.stderr!.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    const server = until(
      () => existsSync(pidFile) && readFileSync(pidFile, "utf8") !== "",
      "the server",
    ).then(() => {
      const pid = Number(readFileSync(pidFile, "utf8"));
      servers.push(pid);
      return pid;
    });
    return { recorder, server, stderr: () => stderr };
  }

  it("SIGTERM: the server is killed after the grace time and the verdict is printed", async () => {
    const { recorder, server, stderr } = record("term");
    const pid = await server;
    const exited = new Promise<number | null>((r) => recorder.once("close", (code) => r(code)));
    recorder.kill("SIGTERM");
    const code = await exited;
    expect(stderr()).toMatch(/did not end 3 s after SIGTERM: killed/);
    // Nothing was recorded, so no indicator saw a message: skipped, the document `error` (never blind).
    expect(stderr()).toMatch(/mcp-rug-pull\.yaml: error/);
    expect(code).not.toBeNull();
    await until(() => !alive(pid), "the server to be gone");
  });

  it("SIGKILL of the recorder: the server does not outlive it", async () => {
    const { recorder, server } = record("kill");
    const pid = await server;
    const exited = new Promise((r) => recorder.once("close", r));
    recorder.kill("SIGKILL");
    await exited;
    await until(() => !alive(pid), "the server to be gone");
    expect(alive(pid)).toBe(false);
  });
});
