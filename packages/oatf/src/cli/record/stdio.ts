// `oatf record --out <file> -- <server command…>` (issue 24 §1): the server is started with
// pipes, and its standard input and output are relayed byte for byte (chunks are passed on as
// they arrive, never re-encoded or held for a whole line), so the client cannot tell the
// recorder is there. A tap cuts each direction into lines (MCP stdio is newline-delimited
// JSON-RPC) for the log. The server's stderr is the recorder's; its exit code is the command's.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { type LineSink, type LogDirection, logLine } from "@oatf/trace";
import { LineCutter } from "@oatf/trace/node";
import { type CliContext, EXIT } from "../shared/context.js";
import { safe } from "../shared/terminal.js";

export interface StdioRecording {
  command: string[];
  /** Receives each log line. */
  sink: LineSink;
  /** Longest message recorded whole, in bytes. */
  maxBody: number;
}

const FORWARDED_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/** How the server ended: its exit code (128 + signal number when killed), or never started. */
export interface StdioEnd {
  code: number;
  started: boolean;
}

export function recordStdio(options: StdioRecording, ctx: CliContext): Promise<StdioEnd> {
  const [file, ...args] = options.command as [string, ...string[]];
  const tap = (direction: LogDirection) =>
    new LineCutter(options.maxBody, (text, cut) => options.sink(logLine(direction, text, {}, cut)));
  const sent = tap("sent");
  const received = tap("received");
  return new Promise((resolve) => {
    const child = spawn(file, args, { stdio: ["pipe", "pipe", "inherit"] });
    const stdin = process.stdin;
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
    const onInput = (chunk: Buffer) => sent.push(chunk);
    let settled = false;
    const finish = (code: number, started = true) => {
      if (settled) return;
      settled = true;
      for (const signal of FORWARDED_SIGNALS) process.off(signal, forward);
      stdin.off("data", onInput);
      stdin.unpipe(child.stdin);
      // The client may keep its end open: the recorder stops reading, so the process can end.
      stdin.pause();
      stdin.unref?.();
      resolve({ code, started });
    };
    child.on("error", (error) => {
      ctx.stderr.write(safe`oatf record: cannot start ${file}: ${error.message}\n`);
      finish(EXIT.error, false);
    });
    // A client that goes away closes the server's input; a write after that is not an error.
    child.stdin.on("error", () => {});
    stdin.on("data", onInput);
    stdin.on("end", () => sent.end());
    stdin.pipe(child.stdin);
    child.stdout.on("data", (chunk: Buffer) => received.push(chunk));
    child.stdout.pipe(process.stdout, { end: false });
    // 'close' comes after the server's stdout has ended, so every line it wrote is logged.
    child.on("close", (code, signal) => {
      received.end();
      sent.end();
      const number = signal === null ? undefined : constants.signals[signal];
      finish(code ?? (number === undefined ? EXIT.error : 128 + number));
    });
  });
}
