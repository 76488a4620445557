// One JSON value written over several lines (a pretty-printed OTLP request, as a user saves an
// OTLP/HTTP body): lines are gathered until the value's brackets close, outside strings. The
// scan is a counter, not a parser (JSON.parse checks the text once it is whole), and the text
// gathered is held to a length limit.

export class JsonBlock {
  #depth = 0;
  #inString = false;
  #escaped = false;
  #parts: string[] = [];
  #length = 0;
  /** The 1-based line the value started on (0: no value open). */
  startLine = 0;
  /** The value grew past the limit: its text is no longer kept, only scanned to its end. */
  dropped = false;
  readonly #maxLength: number;

  constructor(maxLength: number) {
    this.#maxLength = maxLength;
  }

  get open(): boolean {
    return this.startLine !== 0;
  }

  /**
   * Adds a line; the value's text when this line closes it (or "" when it was dropped for
   * length), else undefined.
   */
  push(text: string, line: number): string | undefined {
    if (this.startLine === 0) this.startLine = line;
    this.#scan(text);
    if (!this.dropped) {
      this.#length += text.length + 1;
      if (this.#length > this.#maxLength) {
        this.dropped = true;
        this.#parts = [];
      } else this.#parts.push(text);
    }
    if (this.#depth > 0) return undefined;
    const whole = this.dropped ? "" : this.#parts.join("\n");
    this.reset();
    return whole;
  }

  reset(): void {
    this.#depth = 0;
    this.#inString = false;
    this.#escaped = false;
    this.#parts = [];
    this.#length = 0;
    this.startLine = 0;
    this.dropped = false;
  }

  #scan(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.#inString) {
        if (this.#escaped) this.#escaped = false;
        else if (c === 0x5c) this.#escaped = true;
        else if (c === 0x22) this.#inString = false;
      } else if (c === 0x22) this.#inString = true;
      else if (c === 0x7b || c === 0x5b) this.#depth++;
      else if ((c === 0x7d || c === 0x5d) && this.#depth > 0) this.#depth--;
    }
  }
}
