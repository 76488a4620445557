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
  entries = 0;

  /** `tap` receives the text as it is written (a live evaluation reads the file's own bytes). */
  constructor(path: string, creator: HarCreator, tap?: (text: string) => void) {
    this.#fd = openSync(path, "w");
    this.#tap = tap;
    this.#write(harOpening(creator));
  }

  write(exchange: HarExchange, now: number): void {
    this.#write(harEntryText(exchange, now, this.entries++));
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
