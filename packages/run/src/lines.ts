// Newline-delimited text from a peer (MCP stdio, the stdio bridge), split under a length
// bound: a line that never ends cannot grow without limit; what is cut is said and skipped.

export class LineSplitter {
  readonly #max: number;
  readonly #line: (text: string) => void;
  readonly #tooLong: (bytes: number) => void;
  #parts: Buffer[] = [];
  #size = 0;
  #skipping = false;

  constructor(max: number, line: (text: string) => void, tooLong: (bytes: number) => void) {
    this.#max = max;
    this.#line = line;
    this.#tooLong = tooLong;
  }

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      const end = nl < 0 ? chunk.length : nl;
      this.#add(chunk.subarray(start, end));
      if (nl < 0) return;
      this.#flush();
      start = nl + 1;
    }
  }

  /** The last line, when the input ended without a newline. */
  end(): void {
    if (this.#size > 0 || this.#skipping) this.#flush();
  }

  #add(part: Buffer): void {
    if (part.length === 0) return;
    this.#size += part.length;
    if (this.#skipping) return;
    if (this.#size > this.#max) {
      this.#skipping = true;
      this.#parts = [];
      return;
    }
    this.#parts.push(part);
  }

  #flush(): void {
    if (this.#skipping) this.#tooLong(this.#size);
    else {
      const text = Buffer.concat(this.#parts).toString("utf8").replace(/\r$/, "");
      if (text.trim() !== "") this.#line(text);
    }
    this.#parts = [];
    this.#size = 0;
    this.#skipping = false;
  }
}
