// The bodies of a HAR entry (HAR 1.2 §entries: a request's `postData`, a response's
// `content`): their text (base64 decoded when `encoding` says so), read as JSON or as SSE, and
// what kind of protocol message their first JSON value shows; and the response bodies that
// cannot be read (left out of the HAR, or neither JSON nor SSE), said.
import { isObject } from "@oatf/model/rules";
import { looksLikeAgUi } from "../ag-ui.js";
import { preview, problem, type TraceRecord } from "../record.js";
import { isSseLine, readSseBody, sseLog } from "../sse/events.js";

export type Kind = "jsonrpc" | "ag_ui" | undefined;

/** The JSON a body carries: a JSON text, or SSE whose events' data are read one by one. */
export interface Body {
  text: string;
  sse: boolean;
  /** What its first JSON value that shows a protocol is. */
  kind: Kind;
  /** The value of a JSON body (not SSE). */
  value?: unknown;
}

const isJsonRpc = (v: unknown) =>
  isObject(v)
    ? v.jsonrpc === "2.0"
    : Array.isArray(v) && v.some((e) => isObject(e) && e.jsonrpc === "2.0");

export function kindOf(value: unknown): Kind {
  if (isJsonRpc(value)) return "jsonrpc";
  return looksLikeAgUi(value) ? "ag_ui" : undefined;
}

/** The UTF-8 text of base64 content, or undefined when it is not base64. */
function fromBase64(text: string): string | undefined {
  try {
    const binary = atob(text.replace(/\s+/g, ""));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return new TextDecoder().decode(bytes);
  } catch {
    return undefined;
  }
}

/** The kind of the first SSE event in `text` whose data is JSON that shows a protocol. */
function sseKind(text: string, maxEventLength: number): Kind {
  let kind: Kind;
  const first = (data: string) => {
    if (kind !== undefined) return;
    try {
      kind = kindOf(JSON.parse(data));
    } catch {} // the reader that reads the body says it
  };
  // An event too long, a line not SSE: the reader that reads the body says it.
  readSseBody(
    text,
    0,
    sseLog(first, () => {}, maxEventLength),
    [],
  );
  return kind;
}

/**
 * The JSON a request's `postData` or a response's `content` carries; undefined when it
 * carries none (no text, or text that is neither JSON nor SSE: HTML, images, scripts), null
 * when it could not be read (bad base64, broken JSON: said here).
 */
export function harBody(
  holder: unknown,
  side: "request" | "response",
  where: string,
  line: number,
  out: TraceRecord[],
  maxEventLength: number,
): Body | null | undefined {
  if (!isObject(holder) || typeof holder.text !== "string") return undefined;
  let text = holder.text;
  if (holder.encoding === "base64") {
    const decoded = fromBase64(text);
    if (decoded === undefined) {
      problem(out, line, "T-HAR", `${where}: its ${side} body is not valid base64`);
      return null;
    }
    text = decoded;
  }
  const start = text.trimStart();
  if (start.startsWith("{") || start.startsWith("[")) {
    // A body that looks like JSON and is not (cut short, say) is said whatever the entry.
    try {
      const value = JSON.parse(text) as unknown;
      return { text, sse: false, kind: kindOf(value), value };
    } catch (error) {
      const why = (error as Error).message;
      problem(out, line, "T-JSON", `${where}: its ${side} body is not JSON (${why})`);
      return null;
    }
  }
  if (!isSseLine(start)) return undefined;
  return { text, sse: true, kind: sseKind(text, maxEventLength) };
}

/**
 * A protocol entry's response body that is not read: one the HAR does not hold
 * (`content.size` > 0, no `text`) hides what the peer answered; text that is neither JSON
 * nor SSE (an error page) is said too.
 */
export function unread(
  response: Record<string, unknown>,
  where: string,
  line: number,
  out: TraceRecord[],
) {
  const content = response.content;
  if (!isObject(content)) return;
  if (typeof content.text === "string") {
    if (content.text.trim() === "") return;
    const type = typeof content.mimeType === "string" ? ` (${preview(content.mimeType)})` : "";
    const what = `${where}: its response body${type} is neither JSON nor SSE: not read`;
    return problem(out, line, "T-HAR-UNREAD", what);
  }
  if (typeof content.size !== "number" || content.size <= 0) return;
  // Playwright's `content: "attach"` (or a .zip path) keeps bodies in files beside the HAR.
  const how =
    typeof content._file === "string"
      ? `it is in the file ${preview(content._file)} beside the HAR: record with content "embed"`
      : "record the HAR with content";
  problem(
    out,
    line,
    "T-HAR-NO-BODY",
    `${where}: its response body (${content.size} bytes) is not in the HAR, so what the peer answered cannot be evaluated (${how})`,
  );
}
