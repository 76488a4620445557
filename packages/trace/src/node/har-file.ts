// A HAR file written entry by entry (har/write.ts), synchronously, so entries keep the order
// their exchanges ended in and memory holds only the exchanges in flight.
import { closeSync, openSync, writeSync } from "node:fs";
import {
  HAR_CLOSING,
  type HarCreator,
  type HarExchange,
  harEntryText,
  harOpening,
} from "../har/write.js";

export class HarFile {
  readonly #fd: number;
  readonly #tap: ((text: string) => void) | undefined;
  readonly #run: string | undefined;
  entries = 0;

  /**
   * `tap` receives the text as it is written (a live evaluation reads the file's own bytes);
   * `run` is written on every entry (`_run`), the run `oatf record --run` names.
   */
  constructor(path: string, creator: HarCreator, tap?: (text: string) => void, run?: string) {
    this.#fd = openSync(path, "w");
    this.#tap = tap;
    this.#run = run;
    this.#write(harOpening(creator));
  }

  write(exchange: HarExchange, now: number): void {
    const entry = this.#run === undefined ? exchange : { ...exchange, run: this.#run };
    this.#write(harEntryText(entry, now, this.entries++));
  }

  close(): void {
    this.#write(HAR_CLOSING);
    closeSync(this.#fd);
  }

  #write(text: string): void {
    writeSync(this.#fd, text);
    this.#tap?.(text);
  }
}
