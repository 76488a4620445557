// What a command may touch: output streams, environment and working directory.
// Commands never exit the process; they return the exit code.

export interface OutStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  /** The terminal's width, when it is one (help text wraps to it). */
  columns?: number;
}

export interface CliStreams {
  stdout: OutStream;
  stderr: OutStream;
  /** What `-` reads (default: the process's standard input). */
  stdin?: AsyncIterable<Uint8Array | string>;
}

export interface CliContext extends CliStreams {
  env: Record<string, string | undefined>;
  cwd: string;
}

/** Exit codes shared by every command. */
export const EXIT = { ok: 0, failed: 1, usage: 2, error: 3 } as const;
