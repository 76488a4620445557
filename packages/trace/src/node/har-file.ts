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
  entries = 0;

  constructor(path: string, creator: HarCreator) {
    this.#fd = openSync(path, "w");
    writeSync(this.#fd, harOpening(creator));
  }

  write(exchange: HarExchange, now: number): void {
    writeSync(this.#fd, harEntryText(exchange, now, this.entries++));
  }

  close(): void {
    writeSync(this.#fd, HAR_CLOSING);
    closeSync(this.#fd);
  }
}
