// Two `oatf record`s given one `--out` never truncate each other's file. The official MCP SDK
// v2's stdio client probes `server/discover` on a short-lived second spawn of the same command,
// so a wrapped server is recorded twice at once. A recorder claims its output with a lock file
// beside it (`<out>.lock`, created exclusively, holding its pid); a recorder that finds the
// output claimed by a live process writes to `<name>.<pid><ext>` instead (and says so), so
// every spawn's messages are kept, each file one connection whose ids never meet the other's.
// A lock left by a recorder that died is taken over.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";

/** The file a recorder writes, and how it gives its claim back. */
export interface OutClaim {
  path: string;
  release(): void;
}

/** Whether the process of `pid` is alive (signal 0 tests without signalling). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function lock(path: string): boolean {
  try {
    writeFileSync(`${path}.lock`, String(process.pid), { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const holder = Number.parseInt(readFileSync(`${path}.lock`, "utf8"), 10);
  if (Number.isInteger(holder) && holder > 0 && alive(holder)) return false;
  writeFileSync(`${path}.lock`, String(process.pid));
  return true;
}

/** Claims `path` for this recorder, or a file of its own beside it when another holds it. */
export function claimOut(path: string): OutClaim {
  if (lock(path)) return { path, release: () => rmSync(`${path}.lock`, { force: true }) };
  const ext = extname(path);
  const own = join(dirname(path), `${basename(path, ext)}.${process.pid}${ext}`);
  return { path: own, release: () => {} };
}
