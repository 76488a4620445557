// The recording of a run: every message of every actor as a trace message (SDK §4.1, the
// shape `evaluateTrace` takes), with the run's `run` key, in the order the runner saw them.
// Messages go to a TraceWriter as they are recorded (the OATF JSON Lines file of `out`), so
// a run that is cut short still leaves what it saw. The writer is one small interface: the
// wire-format writers move to @oatf/trace, and this is the one place that will use them.
import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import type { TraceMessage } from "@oatf/evaluate";

/** A recorded message: a trace message with its run key, actor and time. */
export interface RecordedMessage extends TraceMessage {
  /** The run this message belongs to (issue 32: one verdict per run). */
  run: string;
  actor: string;
  timestamp: string;
}

/** Where recorded messages go as they are recorded. */
export interface TraceWriter {
  write(message: RecordedMessage): void;
  /** Flushes and releases the destination; called once, after the last write. */
  close(): void;
}

/** One message as one line of OATF JSON Lines (the format `oatf evaluate` reads as `oatf`). */
export function jsonLine(message: RecordedMessage): string {
  return `${JSON.stringify(message)}\n`;
}

/**
 * Appends OATF JSON Lines to `path` (created with its directory when missing): repeats and
 * several runs can share one file, each line carrying its run key. Writes are synchronous,
 * so the file holds every message recorded up to a crash.
 */
export function jsonLinesFile(path: string): TraceWriter {
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, "a");
  let open = true;
  return {
    write(message) {
      if (open) writeSync(fd, jsonLine(message));
    },
    close() {
      if (!open) return;
      open = false;
      closeSync(fd);
    },
  };
}

/** A message as an actor gives it; the recorder adds run, actor and time. */
export type Observed = Omit<TraceMessage, "actor" | "timestamp">;

/** The messages of one run, in order, and what they are given to as they come. */
export class Recording {
  readonly messages: RecordedMessage[] = [];
  readonly #run: string;
  readonly #sinks: ((message: RecordedMessage) => void)[];

  constructor(run: string, sinks: ((message: RecordedMessage) => void)[]) {
    this.#run = run;
    this.#sinks = sinks;
  }

  get count(): number {
    return this.messages.length;
  }

  record(actor: string, observed: Observed): RecordedMessage {
    const message: RecordedMessage = {
      run: this.#run,
      actor,
      timestamp: new Date().toISOString(),
      ...observed,
    };
    this.messages.push(message);
    for (const sink of this.#sinks) sink(message);
    return message;
  }
}
