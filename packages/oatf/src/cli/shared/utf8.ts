// Documents are UTF-8 (SDK §2 entry points: parse's input is a UTF-8 string). A file with
// other bytes is refused at its first bad byte, as serde's from_slice would, rather than
// decoded with U+FFFD in their place (validate would pass it, normalize --write rewrite it).
import { isUtf8 } from "node:buffer";

export type Decoded =
  | { ok: true; text: string }
  | { ok: false; reason: string; line: number; column: number };

export function decodeUtf8(bytes: Buffer): Decoded {
  if (isUtf8(bytes)) return { ok: true, text: bytes.toString("utf8") };
  const offset = firstInvalidByte(bytes);
  // lastIndexOf would read a negative offset from the end: a bad first byte starts line 1.
  const lineStart = offset === 0 ? 0 : bytes.lastIndexOf(0x0a, offset - 1) + 1;
  let line = 1;
  for (let i = 0; i < lineStart; i++) if (bytes[i] === 0x0a) line++;
  // Columns count UTF-16 code units, as the parser's do.
  const column = bytes.toString("utf8", lineStart, offset).length + 1;
  // A well-formed prefix that isUtf8 still refuses (never seen) ends at the last byte.
  const byte = (bytes[offset] ?? bytes[bytes.length - 1] ?? 0).toString(16).toUpperCase();
  const reason = `is not UTF-8: byte 0x${byte.padStart(2, "0")} at line ${line}, column ${column}`;
  return { ok: false, reason, line, column };
}

/** The offset of the first byte that does not belong to a well-formed UTF-8 sequence. */
function firstInvalidByte(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length) {
    const length = sequenceLength(bytes, i);
    if (length === 0) return i;
    i += length;
  }
  return bytes.length;
}

/** The length of the well-formed sequence at `i` (Unicode Table 3-7), or 0. */
function sequenceLength(bytes: Buffer, i: number): number {
  const b = bytes[i]!;
  if (b < 0x80) return 1;
  const [length, low, high] =
    b >= 0xc2 && b <= 0xdf
      ? [2, 0x80, 0xbf]
      : b === 0xe0
        ? [3, 0xa0, 0xbf]
        : b === 0xed
          ? [3, 0x80, 0x9f]
          : b >= 0xe1 && b <= 0xef
            ? [3, 0x80, 0xbf]
            : b === 0xf0
              ? [4, 0x90, 0xbf]
              : b === 0xf4
                ? [4, 0x80, 0x8f]
                : b >= 0xf1 && b <= 0xf3
                  ? [4, 0x80, 0xbf]
                  : [0, 0, 0];
  if (length === 0) return 0;
  const second = bytes[i + 1];
  if (second === undefined || second < low || second > high) return 0;
  for (let k = 2; k < length; k++) {
    const next = bytes[i + k];
    if (next === undefined || next < 0x80 || next > 0xbf) return 0;
  }
  return length;
}
