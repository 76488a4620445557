// The recording of a run: every message of every actor as a trace message (SDK §4.1, the
// shape `evaluateTrace` takes), with the run's `run` key, in the order the runner saw them.
// Messages go to the run's sinks as they are recorded (the evaluator, the `out` file written
// by @oatf/trace's writers: see out.ts), so a run that is cut short still leaves what it saw.
import type { TraceMessage } from "@oatf/evaluate";

/** A recorded message: a trace message with its run key, actor and time. */
export interface RecordedMessage extends TraceMessage {
  /** The run this message belongs to (issue 32: one verdict per run). */
  run: string;
  actor: string;
  timestamp: string;
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
