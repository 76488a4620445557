// Test helper: cuts bytes into chunks, as a stream may deliver them.

/** Splits bytes at the given fractions (cuts may fall anywhere, inside a UTF-8 sequence too). */
export function cutBytes(bytes: Uint8Array, fractions: number[]): Uint8Array[] {
  const at = [...new Set(fractions.map((f) => Math.floor(f * bytes.length)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let start = 0;
  for (const end of [...at, bytes.length]) {
    out.push(bytes.subarray(start, end));
    start = end;
  }
  return out;
}
