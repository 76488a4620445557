// Whether a HAR body is whole (issue 33 §3): `oatf record` caps a body at `--max-body` and
// says so in `content.comment` (`cut: N bytes over the …-byte cap were not recorded`), and any
// HAR says how long the body was in `content.size` (HAR 1.2 §content: the decoded length, in
// bytes). A body the HAR holds less of hides what followed, a poisoned event after padding
// say: it is an error, never read as if it were complete.
import { isObject } from "@oatf/model/rules";
import { problem, type TraceRecord } from "../record.js";

const CUT_NOTE = /^cut: /;

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
  const comment = holder.comment;
  const cut = typeof comment === "string" && CUT_NOTE.test(comment);
  const size = holder.size;
  const base64 = holder.encoding === "base64";
  // Bytes held: UTF-8 text, or base64's decoded bytes (text that is not base64 is said in body.ts).
  const held = base64
    ? /^[A-Za-z0-9+/=\s]*$/.test(holder.text)
      ? Math.floor((holder.text.replace(/[\s=]/g, "").length * 3) / 4)
      : Number.POSITIVE_INFINITY
    : new TextEncoder().encode(holder.text).length;
  if (cut || (typeof size === "number" && size > held))
    problem(
      out,
      line,
      "T-HAR-NO-BODY",
      `${where}: its ${side} body was not recorded whole (${cut ? comment.slice(0, 200) : `${size} bytes, ${held} held`}): what followed cannot be evaluated`,
    );
}
