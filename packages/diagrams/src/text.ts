// Text from documents and traces in SVG markup (format §12.1: both are untrusted). A label is
// cut to a number of characters before anything else is done with it, so a 100 MB string costs
// no more than a short one; controls and bidi overrides are shown as visible escapes (they could
// reorder or hide what a reader sees); what XML cannot hold (lone surrogates, U+FFFE, U+FFFF)
// becomes U+FFFD; then the five XML metacharacters are escaped, so the result is safe as element
// text and inside a double- or single-quoted attribute, in HTML and in a standalone SVG file.
import { escapeForTerminal } from "@oatf/model/terminal";

const ELLIPSIS = "…";
const XML_SPECIAL = /[&<>"']/g;
const XML_ENTITY: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
// A surrogate without its pair, and the two noncharacters XML 1.0 forbids.
const NOT_XML =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ufffe\uffff]/g;

/**
 * `raw` as display text of at most `max` characters (code points; `…` ends a cut one), with
 * controls and bidi characters as visible escapes (`\n`, `\u202e`). Not yet XML-escaped.
 */
export function clip(raw: string, max: number): string {
  // Only the head is read: 2 * max + 2 code units hold more than `max` code points.
  const head = raw.length > max * 2 + 2 ? raw.slice(0, max * 2 + 2) : raw;
  // Code points, not code units: a cut never splits a surrogate pair.
  const points = Array.from(escapeForTerminal(head).replace(NOT_XML, "\ufffd"));
  return points.length <= max ? points.join("") : `${points.slice(0, max - 1).join("")}${ELLIPSIS}`;
}

/** Text already clipped, escaped for XML element content and attribute values. */
export function xml(text: string): string {
  return text.replace(XML_SPECIAL, (c) => XML_ENTITY[c] as string);
}

/** `clip` then `xml`: a label of at most `max` characters, ready for markup. */
export function label(raw: string, max: number): string {
  return xml(clip(raw, max));
}

/** `raw` clipped to `lines` lines of `width` characters, each line escaped for markup. */
export function wrap(raw: string, width: number, lines: number): string[] {
  const points = Array.from(clip(raw, width * lines));
  const out: string[] = [];
  for (let i = 0; i < points.length; i += width) out.push(xml(points.slice(i, i + width).join("")));
  return out;
}
