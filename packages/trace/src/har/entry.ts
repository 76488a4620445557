// One HAR 1.2 entry (HAR 1.2 §entries), as the HAR reader (read.ts) reads it: its request and
// response, their bodies (body.ts), the method and URL, and the times its messages are
// stamped with: requests with the entry's `startedDateTime`, responses with the time its
// first byte came (start plus the `timings` before `receive`).
import { isObject } from "@oatf/model/rules";
import { parseLine, problem, type TraceRecord } from "../record.js";
import { type Body, harBody } from "./body.js";

/** Code units of an `Mcp-Session-Id` kept as its connection's key (ids are UUID-sized). */
const MAX_SESSION_ID = 256;

export interface HarEntry {
  /** `HAR entry <index>`, the start of what is said about it. */
  where: string;
  /** The line the entry starts on. */
  line: number;
  request: Record<string, unknown>;
  response: Record<string, unknown> | undefined;
  /** Upper-cased; "" when it has none. */
  method: string;
  url: string;
  /** When the request was sent, and when the response's first byte came. */
  sent: string | undefined;
  received: string | undefined;
  requestBody: Body | null | undefined;
  responseBody: Body | null | undefined;
  /** The run its messages belong to (`_run`, as `oatf record --run` writes it). */
  run: string | undefined;
}

/** A header's value from a HAR `headers` array (`[{name, value}]`), case-insensitively. */
function header(headers: unknown, name: string): string | undefined {
  if (!Array.isArray(headers)) return undefined;
  for (const h of headers)
    if (isObject(h) && typeof h.name === "string" && h.name.toLowerCase() === name)
      return typeof h.value === "string" ? h.value : undefined;
  return undefined;
}

/** Milliseconds from the request's start to the response's first byte (HAR `timings`). */
function firstByte(timings: unknown): number {
  if (!isObject(timings)) return 0;
  let sum = 0;
  // `ssl` is part of `connect` (HAR 1.2 §timings); -1 means "does not apply".
  for (const k of ["blocked", "dns", "connect", "send", "wait"]) {
    const v = timings[k];
    if (typeof v === "number" && Number.isFinite(v) && v > 0) sum += v;
  }
  return sum;
}

function later(start: string | undefined, ms: number): string | undefined {
  if (start === undefined || ms === 0) return start;
  const t = Date.parse(start);
  return Number.isNaN(t) ? start : new Date(t + ms).toISOString();
}

/**
 * Entry `index`'s text read as a HAR entry; undefined (said) when it was too long to keep,
 * is not JSON or has no request object.
 */
export function readHarEntry(
  index: number,
  line: number,
  text: string | undefined,
  maxEntryLength: number,
  out: TraceRecord[],
): HarEntry | undefined {
  const where = `HAR entry ${index}`;
  if (text === undefined) {
    const what = `${where}: longer than ${maxEntryLength} characters: not read`;
    return void problem(out, line, "T-LINE-TOO-LONG", what);
  }
  const value = parseLine(text, line, out, where);
  if (value === undefined) return;
  if (!isObject(value) || !isObject(value.request)) {
    const what = `${where}: not a HAR entry (it needs a request object)`;
    return void problem(out, line, "T-SHAPE", what);
  }
  const request = value.request;
  const response = isObject(value.response) ? value.response : undefined;
  if (value.response !== undefined && response === undefined)
    problem(out, line, "T-SHAPE", `${where}: its response is not an object`);
  const sent = typeof value.startedDateTime === "string" ? value.startedDateTime : undefined;
  return {
    where,
    line,
    request,
    response,
    method: typeof request.method === "string" ? request.method.toUpperCase() : "",
    url: typeof request.url === "string" ? request.url : "",
    sent,
    received: later(sent, firstByte(value.timings)),
    requestBody: harBody(request.postData, "request", where, line, out, maxEntryLength),
    responseBody:
      response === undefined
        ? undefined
        : harBody(response.content, "response", where, line, out, maxEntryLength),
    run: typeof value._run === "string" ? value._run : undefined,
  };
}

/** The URL's path, without its query or fragment. */
export const pathOf = (entry: HarEntry) => entry.url.replace(/[?#].*$/, "");

/**
 * The entry's MCP session: the request's `Mcp-Session-Id`, or the response's for the
 * `initialize` that opened the session.
 */
export const sessionOf = (entry: HarEntry) =>
  (
    header(entry.request.headers, "mcp-session-id") ??
    header(entry.response?.headers, "mcp-session-id")
  )?.slice(0, MAX_SESSION_ID);
