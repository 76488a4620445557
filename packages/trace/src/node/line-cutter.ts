// Lines of a byte stream for the recorder's log (MCP stdio is newline-delimited JSON-RPC), cut
// by the one line splitter (lines.ts) over the bytes read as Latin-1, one code unit a byte, so
// the cap counts bytes and a line's head is cut at a byte; each line is then decoded as UTF-8.
// Cut at `\n` only, as the MCP SDKs frame stdio: a lone `\r` is inside the message the agent
// read (JSON whitespace, or what makes it no message), so the log records that message, and
// re-serialized (jsonrpc/log.ts), with no raw `\r` left for a trace reader to cut at.

import { LineSplitter, type SourceLine } from "../lines.js";

/**
 * Cuts a byte stream into lines (`\n`, a `\r` before it dropped) with bounded memory: a line
 * longer than `cap` bytes keeps its first `cap` bytes and says how many more there were.
 */
export class LineCutter {
  readonly #lines: LineSplitter;
  readonly #cap: number;
  readonly #emit: (text: string, cut?: string) => void;

  constructor(cap: number, emit: (text: string, cut?: string) => void) {
    this.#cap = cap;
    this.#emit = emit;
    // Latin-1 text never holds a byte-order mark (U+FEFF): the splitter drops none.
    this.#lines = new LineSplitter(cap, { ends: "lf", overLong: "cut" });
  }

  push(chunk: Buffer): void {
    for (const line of this.#lines.push(chunk.toString("latin1"))) this.#line(line);
  }

  end(): void {
    for (const line of this.#lines.end()) this.#line(line);
  }

  #line({ text: bytes, cut }: SourceLine): void {
    const text = Buffer.from(bytes, "latin1").toString("utf8");
    if (cut !== undefined)
      this.#emit(text, `cut: ${cut} bytes over the ${this.#cap}-byte cap were not recorded`);
    else if (text.trim() !== "") this.#emit(text);
  }
}
