// Opening a trace for `oatf evaluate`: a file or `-` (standard input), read as a stream so
// memory stays flat however long the trace is (issue 12 §4).
import { closeSync, createReadStream, fstatSync, openSync } from "node:fs";
import { resolve } from "node:path";
import type { OpenedTrace } from "../evaluate/report.js";
import { describeReadError } from "./files.js";

export function openTrace(
  path: string,
  cwd: string,
  stdin: AsyncIterable<Uint8Array | string>,
): OpenedTrace {
  if (path === "-") return { ok: true, source: stdin, close: () => {} };
  let fd: number;
  try {
    fd = openSync(resolve(cwd, path), "r");
    const stat = fstatSync(fd);
    // A device never ends (/dev/zero): a live stream comes through `-` or a FIFO instead.
    const refused = stat.isDirectory()
      ? "is a directory"
      : stat.isCharacterDevice() || stat.isBlockDevice()
        ? "is a device, not a file (pipe live traffic to --trace -)"
        : undefined;
    if (refused !== undefined) {
      closeSync(fd);
      return { ok: false, reason: refused };
    }
  } catch (error) {
    return { ok: false, reason: describeReadError(error) };
  }
  const stream = createReadStream("", { fd, highWaterMark: 1 << 16 });
  return { ok: true, source: stream, close: () => stream.destroy() };
}
