// UTF-8 bytes cut anywhere, decoded chunk by chunk into exactly the text one streaming
// TextDecoder gives (U+FFFD for each bad sequence, a byte-order mark kept). Each chunk is
// decoded whole, up to the character it ends inside, which is carried to the next: in
// Node `decode(bytes, { stream: true })` leaves the one-shot path, several times slower.

/** Where the character unfinished at the end of `bytes` starts (its length when none is). */
function completeEnd(bytes: Uint8Array): number {
  const n = bytes.length;
  // A character is at most 4 bytes: an unfinished one starts in the last 3. Before a byte
  // that is no continuation (0x80–0xBF) a streaming decoder holds nothing back: whatever
  // came before was a character or an error, so cutting there changes no output.
  for (let i = n - 1; i >= 0 && i >= n - 3; i--) {
    const b = bytes[i]!;
    if (b < 0x80) return n;
    if (b >= 0xc0) return i + (b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2) > n ? i : n;
  }
  return n;
}

export class Utf8Decoder {
  readonly #decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  /** The first bytes of a character the last chunk ended inside (at most 3). */
  #carry: Uint8Array | undefined;

  /** The text of the characters `chunk` completes. */
  decode(chunk: Uint8Array): string {
    let bytes = chunk;
    if (this.#carry !== undefined) {
      bytes = new Uint8Array(this.#carry.length + chunk.length);
      bytes.set(this.#carry);
      bytes.set(chunk, this.#carry.length);
      this.#carry = undefined;
    }
    const end = completeEnd(bytes);
    if (end < bytes.length) this.#carry = bytes.slice(end);
    return this.#decoder.decode(end < bytes.length ? bytes.subarray(0, end) : bytes);
  }

  /** What is left at the end: a character cut short is U+FFFD. */
  end(): string {
    const carry = this.#carry;
    this.#carry = undefined;
    return carry === undefined ? "" : this.#decoder.decode(carry);
  }
}
