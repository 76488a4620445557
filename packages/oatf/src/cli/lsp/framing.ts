// The LSP base protocol's framing (`Content-Length: N\r\n\r\n` then N bytes of JSON), read
// forgivingly. vscode-jsonrpc's own reader, given a header without a usable Content-Length
// (missing, negative, not a number), reports an error and keeps the bad header at the front of
// its buffer: every later message waits behind it, and the server is deaf until stdin closes.
// Here a bad frame is told (`onFramingError`: the server logs it and answers a JSON-RPC parse
// error) and skipped, and reading goes on with the next header.
import {
  AbstractMessageReader,
  type DataCallback,
  type Disposable,
  type Message,
} from "vscode-languageserver/node";

/** The longest header block read before it is given up as garbage (bytes). */
const MAX_HEADER = 8 * 1024;
const SEPARATOR = Buffer.from("\r\n\r\n", "latin1");

export class ForgivingMessageReader extends AbstractMessageReader {
  readonly #input: NodeJS.ReadableStream;
  readonly #onFramingError: (reason: string) => void;
  #buffer: Buffer = Buffer.alloc(0);
  /** The body length of the frame being read, once its header is read. */
  #length: number | undefined;
  #callback: DataCallback | undefined;
  /** After a bad header: what follows it is skipped up to the next Content-Length header. */
  #resync = false;

  constructor(input: NodeJS.ReadableStream, onFramingError: (reason: string) => void) {
    super();
    this.#input = input;
    this.#onFramingError = onFramingError;
  }

  listen(callback: DataCallback): Disposable {
    this.#callback = callback;
    const onData = (chunk: Buffer | string) => this.#take(Buffer.from(chunk));
    const onError = (error: Error) => this.fireError(error);
    const onClose = () => this.fireClose();
    this.#input.on("data", onData);
    this.#input.on("error", onError);
    this.#input.on("end", onClose);
    this.#input.on("close", onClose);
    return {
      dispose: () => {
        this.#input.off("data", onData);
        this.#input.off("error", onError);
        this.#input.off("end", onClose);
        this.#input.off("close", onClose);
      },
    };
  }

  #take(chunk: Buffer): void {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      if (this.#resync && !this.#skipToHeader()) return;
      if (this.#length === undefined) {
        const end = this.#buffer.indexOf(SEPARATOR);
        if (end < 0) {
          if (this.#buffer.length > MAX_HEADER) {
            this.#onFramingError(`a header longer than ${MAX_HEADER} bytes: dropped`);
            this.#buffer = Buffer.alloc(0);
          }
          return;
        }
        const header = this.#buffer.subarray(0, end).toString("latin1");
        this.#buffer = this.#buffer.subarray(end + SEPARATOR.length);
        const length = contentLength(header);
        if (typeof length === "string") {
          this.#onFramingError(`${length}: the frame is skipped`);
          this.#resync = true;
          continue;
        }
        this.#length = length;
      }
      if (this.#buffer.length < this.#length) return;
      const body = this.#buffer.subarray(0, this.#length).toString("utf8");
      this.#buffer = this.#buffer.subarray(this.#length);
      this.#length = undefined;
      let message: Message;
      try {
        message = JSON.parse(body) as Message;
      } catch {
        this.#onFramingError("a message body that is not JSON: skipped");
        continue;
      }
      if (typeof message !== "object" || message === null || Array.isArray(message)) {
        this.#onFramingError("a message that is not a JSON object: skipped");
        continue;
      }
      this.#callback?.(message);
    }
  }

  /** Drops what precedes the next Content-Length header; false when none has come yet. */
  #skipToHeader(): boolean {
    const text = this.#buffer.toString("latin1");
    const found = NEXT_HEADER.exec(text);
    if (found === null) {
      // The start of a header may be at the very end: kept.
      this.#buffer = this.#buffer.subarray(Math.max(0, this.#buffer.length - 32));
      return false;
    }
    this.#buffer = this.#buffer.subarray(found.index);
    this.#resync = false;
    return true;
  }
}

/** Where a header starts again after a bad one (its body's length is unknown). */
const NEXT_HEADER = /content-length\s*:/i;
/** The Content-Length of a header block, or why there is none usable. */
function contentLength(header: string): number | string {
  let value: string | undefined;
  for (const line of header.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === "content-length")
      value = line.slice(colon + 1).trim();
  }
  if (value === undefined) return "a header without Content-Length";
  if (!/^\d{1,15}$/.test(value))
    return `Content-Length '${value.slice(0, 40)}' is not a non-negative integer`;
  return Number(value);
}
