// The CLI's stdout and stderr. Node builds process.stdout when it is first read, and for a
// file or a pipe that loads its stream modules (some 20 internal modules, ~4 ms of `oatf
// validate`'s start) only to write synchronously anyway. So a write here goes straight to the
// file descriptor when it is a file, a pipe, a socket or the null device. A terminal keeps
// Node's stream (colours, width, progress lines), and so does everything once anything has read
// process.stdout (lsp, record and run write to it directly): one writer keeps the bytes in order.
import { fstatSync, statSync, writeSync } from "node:fs";
import type { OutStream } from "../cli/shared/context.js";

type Name = "stdout" | "stderr";

/**
 * `process[name]`, or a writer of its file descriptor that behaves as it does: `onError` hears
 * of every failed write (as the stream's 'error' event), and after one nothing more is written.
 */
export function standardOutput(
  name: Name,
  onError: (error: NodeJS.ErrnoException) => void,
): OutStream {
  let stream: NodeJS.WriteStream | undefined;
  whenCreated(name, (created) => {
    stream = created;
    created.on("error", onError);
  });
  const fd = name === "stdout" ? 1 : 2;
  if (!writesDirectly(fd)) return process[name];
  let failed = false;
  return {
    write(chunk) {
      if (stream !== undefined) return stream.write(chunk);
      if (failed) return false;
      const bytes = Buffer.from(chunk);
      let written = 0;
      try {
        while (written < bytes.length) written += writeSync(fd, bytes, written);
      } catch (error) {
        // A pipe another process left non-blocking and full: Node's stream waits for it.
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "EAGAIN") return process[name].write(bytes.subarray(written));
        failed = true;
        onError(error as NodeJS.ErrnoException);
        return false;
      }
      return true;
    },
  };
}

/** Whether `fd` takes plain synchronous writes: a file, a pipe, a socket, the null device. */
function writesDirectly(fd: number): boolean {
  if (process.platform === "win32") return false;
  try {
    const stat = fstatSync(fd);
    if (stat.isFile() || stat.isFIFO() || stat.isSocket()) return true;
    return stat.isCharacterDevice() && stat.rdev === statSync("/dev/null").rdev;
  } catch {
    return false; // closed: Node's stream knows what to do
  }
}

/** Calls `attach` with process[name] when it is built, by whom ever reads it first. */
function whenCreated(name: Name, attach: (stream: NodeJS.WriteStream) => void): void {
  const property = Object.getOwnPropertyDescriptor(process, name);
  const get = property?.get;
  if (get === undefined || property?.configurable !== true) {
    attach(process[name]);
    return;
  }
  Object.defineProperty(process, name, {
    configurable: true,
    enumerable: property.enumerable,
    get() {
      const stream = get.call(process) as NodeJS.WriteStream;
      Object.defineProperty(process, name, { ...property, get });
      attach(stream);
      return stream;
    },
  });
}
