// Lines of a byte stream for the recorder's log (MCP stdio is newline-delimited JSON-RPC).

/**
 * Cuts a byte stream into lines (`\n`, a `\r` before it dropped) with bounded memory: a line
 * longer than `cap` bytes keeps its first `cap` bytes and says how many more there were.
 */
export class LineCutter {
  #parts: Buffer[] = [];
  #size = 0;
  #dropped = 0;
  readonly #cap: number;
  readonly #emit: (text: string, cut?: string) => void;

  constructor(cap: number, emit: (text: string, cut?: string) => void) {
    this.#cap = cap;
    this.#emit = emit;
  }

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const end = chunk.indexOf(10, start);
      if (end < 0) {
        this.#keep(chunk.subarray(start));
        return;
      }
      this.#keep(chunk.subarray(start, end));
      this.#flush();
      start = end + 1;
    }
  }

  end(): void {
    if (this.#size > 0 || this.#dropped > 0) this.#flush();
  }

  #keep(part: Buffer): void {
    const room = this.#cap - this.#size;
    if (part.length > room) {
      this.#dropped += part.length - Math.max(room, 0);
      part = part.subarray(0, Math.max(room, 0));
    }
    if (part.length === 0) return;
    // Copied: the stream may reuse its buffer.
    this.#parts.push(Buffer.from(part));
    this.#size += part.length;
  }

  #flush(): void {
    let text = Buffer.concat(this.#parts, this.#size).toString("utf8");
    if (text.endsWith("\r")) text = text.slice(0, -1);
    const dropped = this.#dropped;
    this.#parts = [];
    this.#size = 0;
    this.#dropped = 0;
    if (dropped > 0)
      this.#emit(text, `cut: ${dropped} bytes over the ${this.#cap}-byte cap were not recorded`);
    else if (text.trim() !== "") this.#emit(text);
  }
}
