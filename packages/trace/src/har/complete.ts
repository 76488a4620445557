// Whether a HAR body is whole (issue 33 §3): `oatf record` caps a body at `--max-body` and
// says so in `content.comment` (`cut: N bytes over the …-byte cap were not recorded`), and any
// HAR says how long the body was in `content.size` (HAR 1.2 §content: the decoded length, in
// bytes). A body the HAR holds less of hides what followed, a poisoned event after padding
// say: it is an error, never read as if it were complete.
import { isObject } from "@oatf/model";
import { problem, type TraceRecord } from "../record.js";

const CUT_NOTE = /^cut: /;

/** UTF-8 bytes of a string, without building them. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Bytes a base64 text decodes to (padding and whitespace aside). */
function base64Length(text: string): number {
  const digits = text.replace(/[\s=]+/g, "").length;
  return Math.floor((digits * 3) / 4);
}

/**
 * Reports a request's `postData` or a response's `content` that the HAR holds only part of:
 * a cut note, or a `size` larger than its text.
 */
export function cutBody(
  holder: unknown,
  side: "request" | "response",
  where: string,
  line: number,
  out: TraceRecord[],
): void {
  if (!isObject(holder) || typeof holder.text !== "string") return;
  if (typeof holder.comment === "string" && CUT_NOTE.test(holder.comment))
    return problem(
      out,
      line,
      "T-HAR-NO-BODY",
      `${where}: its ${side} body was cut when it was recorded (${holder.comment.slice(0, 200)}): what followed cannot be evaluated (record with a larger --max-body)`,
    );
  const size = holder.size;
  if (typeof size !== "number" || !Number.isFinite(size)) return;
  const base64 = holder.encoding === "base64";
  // Text that is not base64 is reported as such where it is decoded (body.ts).
  if (base64 && !/^[A-Za-z0-9+/=\s]*$/.test(holder.text)) return;
  const held = base64 ? base64Length(holder.text) : utf8Length(holder.text);
  if (size > held)
    problem(
      out,
      line,
      "T-HAR-NO-BODY",
      `${where}: its ${side} body is ${size} bytes and the HAR holds ${held} of them: what followed cannot be evaluated`,
    );
}
