// A JSON Lines file (the JSON-RPC log of jsonrpc/log.ts, or any trace of lines) written
// line by line, synchronously, so lines keep the order they were made in.
import { closeSync, openSync, writeSync } from "node:fs";

/** A JSONL file written line by line, synchronously, so lines keep the order they were made in. */
export class JsonlFile {
  readonly #fd: number;
  lines = 0;

  constructor(path: string) {
    this.#fd = openSync(path, "w");
  }

  write(line: string): void {
    writeSync(this.#fd, `${line}\n`);
    this.lines++;
  }

  close(): void {
    closeSync(this.#fd);
  }
}
