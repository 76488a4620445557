// Content codings (RFC 9110 §8.4) decoded as the client decodes them (issue 33 §1): Node's
// `fetch` (undici 6, the transport of the official MCP, A2A and AG-UI SDKs) reads the
// `Content-Encoding` list last coding first, decodes `gzip` / `x-gzip`, `deflate` (zlib or
// raw, told by its first byte) and `br`, refuses more than five codings, and leaves the body
// as sent when any coding is one it does not know (`identity` included). A truncated stream
// gives what was decoded so far (`finishFlush: Z_SYNC_FLUSH`), as undici's decoders do. So the
// recorder reads the bytes the client read; when those are still compressed (a coding the
// client skipped next to one it would have decoded) or cannot be decoded, it says so, and the
// reader reports it as an error.
import { Transform } from "node:stream";
import zlib from "node:zlib";

/** The most codings the client decodes (undici's `maxContentEncodings`). */
export const MAX_CONTENT_CODINGS = 5;

const DECODED = new Set(["gzip", "x-gzip", "deflate", "br"]);

/** What the client does with a body of these codings. */
export type ContentDecoding =
  | { decode: readonly string[] }
  | { decode: readonly []; problem: string };

/**
 * The codings to undo, in order (the last applied first), for a `Content-Encoding` header;
 * `problem` when the client reads no message from the body (too many codings, or a
 * compression left on because another coding is unknown to it).
 */
export function contentDecoding(header: string | readonly string[] | undefined): ContentDecoding {
  const text: string = typeof header === "string" ? header : (header ?? []).join(",");
  if (text.trim() === "") return { decode: [] };
  const codings = text
    .toLowerCase()
    .split(",")
    .map((c) => c.trim());
  if (codings.length > MAX_CONTENT_CODINGS)
    return {
      decode: [],
      problem: `the response has ${codings.length} content codings (${text.trim()}): the client refuses more than ${MAX_CONTENT_CODINGS}, so it read no message`,
    };
  const decode: string[] = [];
  for (let i = codings.length - 1; i >= 0; i--) {
    const coding = codings[i]!;
    if (DECODED.has(coding)) decode.push(coding);
    else {
      // The client decodes nothing then: the body is read as sent.
      const compressed = codings.filter((c) => DECODED.has(c));
      if (compressed.length === 0) return { decode: [] };
      return {
        decode: [],
        problem: `the response is ${text.trim()}-encoded: the client does not decode '${coding}', so it read the ${compressed.join(", ")}-compressed bytes, not a message`,
      };
    }
  }
  return { decode };
}

const ZLIB_OPTIONS = {
  flush: zlib.constants.Z_SYNC_FLUSH,
  finishFlush: zlib.constants.Z_SYNC_FLUSH,
};
const BROTLI_OPTIONS = {
  flush: zlib.constants.BROTLI_OPERATION_FLUSH,
  finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
};

/**
 * Stages run as one transform: written chunks go to the first stage, the last stage's output
 * is this stream's, an error of any stage is its error, and it ends once the last stage has.
 */
class Chain extends Transform {
  readonly #first: Transform;
  readonly #last: Transform;

  constructor(stages: Transform[]) {
    super();
    this.#first = stages[0]!;
    this.#last = stages.at(-1)!;
    for (let i = 0; i + 1 < stages.length; i++) stages[i]!.pipe(stages[i + 1]!);
    this.#last.on("data", (data: Buffer) => this.push(data));
    for (const stage of stages) stage.on("error", (error) => this.destroy(error));
  }

  override _transform(chunk: Buffer, _: BufferEncoding, done: (error?: Error | null) => void) {
    this.#first.write(chunk, () => done());
  }

  override _flush(done: (error?: Error | null) => void) {
    this.#last.once("end", () => done());
    this.#first.end();
  }
}

/** `deflate` as undici reads it: zlib-wrapped when its first byte says so, else raw. */
class Inflate extends Transform {
  #inner: Chain | undefined;

  override _transform(chunk: Buffer, _: BufferEncoding, done: (error?: Error | null) => void) {
    if (chunk.length === 0) return done();
    if (this.#inner === undefined) {
      const wrapped = (chunk[0]! & 0x0f) === 0x08;
      this.#inner = new Chain([
        wrapped ? zlib.createInflate(ZLIB_OPTIONS) : zlib.createInflateRaw(ZLIB_OPTIONS),
      ]);
      this.#inner.on("data", (data: Buffer) => this.push(data));
      this.#inner.on("error", (error) => this.destroy(error));
    }
    this.#inner.write(chunk, () => done());
  }

  override _flush(done: (error?: Error | null) => void) {
    if (this.#inner === undefined) return done();
    this.#inner.once("end", () => done());
    this.#inner.end();
  }
}

function decoderOf(coding: string): Transform {
  if (coding === "br") return zlib.createBrotliDecompress(BROTLI_OPTIONS);
  if (coding === "deflate") return new Inflate();
  return zlib.createGunzip(ZLIB_OPTIONS);
}

/**
 * One stream that undoes `codings` in order (from `contentDecoding`): write the body as sent,
 * read it decoded. Undefined when there is nothing to undo.
 */
export function contentDecoder(codings: readonly string[]): Transform | undefined {
  return codings.length === 0 ? undefined : new Chain(codings.map(decoderOf));
}
