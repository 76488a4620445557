// The stdio server never outlives the recorder. It runs in the recorder's process group (a
// client or terminal that signals the group reaches it), and is watched by a reaper: a small
// separate process holding a pipe from the recorder. When the recorder dies, even by SIGKILL
// (which it cannot catch), the pipe closes and the reaper kills the server with SIGKILL. When
// the recording ends normally the recorder says so on the pipe first and the reaper just exits.
import { type ChildProcess, spawn } from "node:child_process";

/**
 * The reaper's program (argv[1]: the server's pid). It ignores the signals a terminal or a
 * client sends the group, so it is still there to see the recorder go.
 */
const REAPER = `
const pid = Number(process.argv[1]);
let done = false;
for (const s of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(s, () => {});
process.stdin.on("data", () => { done = true; });
const end = () => {
  if (!done) try { process.kill(pid, "SIGKILL"); } catch {}
  process.exit(0);
};
process.stdin.on("end", end);
process.stdin.on("close", end);
process.stdin.on("error", end);
`;

export interface Reaper {
  /** The server ended: the reaper exits without killing anything. */
  release(): void;
}

/** Watches `child` (started): it is killed if this process dies before `release`. */
export function watchChild(child: ChildProcess): Reaper {
  if (child.pid === undefined) return { release: () => {} };
  const reaper = spawn(process.execPath, ["-e", REAPER, String(child.pid)], {
    stdio: ["pipe", "ignore", "ignore"],
  });
  reaper.on("error", () => {});
  reaper.stdin!.on("error", () => {});
  // Neither the reaper nor its pipe keeps the recorder alive.
  reaper.unref();
  (reaper.stdin as unknown as { unref?: () => void }).unref?.();
  return {
    release: () => {
      if (!reaper.stdin!.destroyed) reaper.stdin!.end("done");
    },
  };
}
