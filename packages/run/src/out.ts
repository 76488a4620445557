// The run's `out` file, written by @oatf/trace's writers as the run goes: OATF JSON Lines
// (`.jsonl` and anything else: one recorded message per line, with its run key; what
// `oatf evaluate` reads as `oatf`), or HAR 1.2 (`.har`: every HTTP exchange of the run,
// recorded by har.ts). Opened once for all repeats of a runAttack call.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { JsonlFile } from "@oatf/trace/node";
import { HarRecorder } from "./har.js";
import type { RecordedMessage } from "./recording.js";

/** Who wrote a HAR (`log.creator`). */
const CREATOR = { name: "@oatf/run", version: "0.1.0" };

export class RunOutput {
  readonly #jsonl: JsonlFile | undefined;
  /** The HTTP exchanges' recorder when `out` is a HAR. */
  readonly har: HarRecorder | undefined;

  /** Opens `path` (its directory created when missing); throws when it cannot. */
  constructor(path: string, maxBodyBytes: number) {
    mkdirSync(dirname(path), { recursive: true });
    if (/\.har$/i.test(path)) this.har = new HarRecorder(path, CREATOR, maxBodyBytes);
    else this.#jsonl = new JsonlFile(path);
  }

  /** A recorded message (a HAR holds exchanges, not messages: nothing to do). */
  write(message: RecordedMessage): void {
    this.#jsonl?.write(JSON.stringify(message));
  }

  close(): void {
    this.#jsonl?.close();
    this.har?.close();
  }
}
