// The requests of a protobuf OTLP trace as bytes arrive: the collector file exporter's
// `format: proto` prefixes each ExportTraceServiceRequest with its length (4 bytes, big
// endian); an OTLP/HTTP body saved as a file is one request with no prefix. A request opens
// with its field 1 tag (0x0A), a length prefix with a zero byte (no request is 160 MiB), so
// the first byte tells them apart. Memory is one request, at most `maxLength` bytes: a longer
// one is skipped as it streams past and reported.

export type Frame = { bytes: Uint8Array } | { tooLong: number } | { truncated: true };

const FIELD_1 = 0x0a;

export class ProtobufFrames {
  #framed: boolean | undefined;
  #parts: Uint8Array[] = [];
  #held = 0;
  /** The length of the frame being read (framed input), or -1 while its prefix is read. */
  #want = -1;
  /** Bytes of an over-long frame still to skip. */
  #skip = 0;
  #over = false;
  readonly #maxLength: number;

  constructor(maxLength: number) {
    this.#maxLength = maxLength;
  }

  push(chunk: Uint8Array): Frame[] {
    if (chunk.length === 0) return [];
    this.#framed ??= chunk[0] !== FIELD_1;
    if (!this.#framed) {
      // One request: held whole, up to the limit.
      if (this.#over) return [];
      this.#take(chunk);
      if (this.#held > this.#maxLength) {
        this.#over = true;
        this.#parts = [];
      }
      return [];
    }
    const frames: Frame[] = [];
    let at = 0;
    while (at < chunk.length) {
      if (this.#skip > 0) {
        const n = Math.min(this.#skip, chunk.length - at);
        this.#skip -= n;
        at += n;
        continue;
      }
      const need = this.#want < 0 ? 4 : this.#want;
      const n = Math.min(need - this.#held, chunk.length - at);
      this.#take(chunk.subarray(at, at + n));
      at += n;
      if (this.#held < need) break;
      const bytes = this.#joined();
      if (this.#want < 0) {
        const length = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
        if (length > this.#maxLength) {
          frames.push({ tooLong: length });
          this.#skip = length;
        } else if (length === 0) frames.push({ bytes: new Uint8Array(0) });
        else this.#want = length;
        continue;
      }
      this.#want = -1;
      frames.push({ bytes });
    }
    return frames;
  }

  /** The request of unframed input, or what a framed one left unfinished. */
  end(): Frame[] {
    if (this.#framed === false) {
      if (this.#over) return [{ tooLong: this.#held }];
      return this.#held > 0 ? [{ bytes: this.#joined() }] : [];
    }
    if (this.#held > 0 || this.#skip > 0 || this.#want >= 0) return [{ truncated: true }];
    return [];
  }

  #take(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.#parts.push(bytes.slice());
    this.#held += bytes.length;
  }

  #joined(): Uint8Array {
    const whole = new Uint8Array(this.#held);
    let at = 0;
    for (const part of this.#parts) {
      whole.set(part, at);
      at += part.length;
    }
    this.#parts = [];
    this.#held = 0;
    return whole;
  }
}
