// HAR 1.2 output of `oatf record` (http://www.softwareishard.com/blog/har-12-spec/), the
// format browser devtools, Playwright and proxies export and the HAR reader reads
// (issue 22 §2). The file is written as entries complete: the opening at start, each entry as it ends,
// the closing at stop, so memory holds only the exchanges in flight. Bodies are text
// (`encoding: "base64"` when they are not UTF-8), cut at the cap with a `comment` saying so.
import { closeSync, openSync, writeSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { VERSION } from "../version.js";

export interface HarHeader {
  name: string;
  value: string;
}

/** A body as recorded: its first `cap` bytes, and how many there were. */
export class BodyCapture {
  #parts: Buffer[] = [];
  #kept = 0;
  size = 0;
  readonly #cap: number;

  constructor(cap: number) {
    this.#cap = cap;
  }

  push(chunk: Buffer): void {
    this.size += chunk.length;
    const room = this.#cap - this.#kept;
    if (room <= 0) return;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.#parts.push(Buffer.from(part));
    this.#kept += part.length;
  }

  /** The body as HAR text: UTF-8 when it is, else base64; a note when it was cut. */
  content(): { text: string; encoding?: "base64"; comment?: string } {
    const bytes = Buffer.concat(this.#parts, this.#kept);
    const cut =
      this.size > this.#kept
        ? {
            comment: `cut: ${this.size - this.#kept} bytes over the ${this.#cap}-byte cap were not recorded`,
          }
        : {};
    try {
      // A body cut mid-character is still text: only the tail of the last character is lost.
      const text = new TextDecoder("utf-8", { fatal: this.size === this.#kept }).decode(bytes);
      return { text, ...cut };
    } catch {
      return { text: bytes.toString("base64"), encoding: "base64", ...cut };
    }
  }
}

/** Headers whose values are credentials: a HAR is shared (attached to issues, kept as fixtures). */
const CREDENTIALS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie"]);
/** What a credential header's value is recorded as, unless --keep-credentials. */
export const REDACTED = "(redacted by oatf record; --keep-credentials records it)";

/** Headers as HAR lists them; credential values redacted unless `keepCredentials`. */
export function harHeaders(headers: IncomingHttpHeaders, keepCredentials = false): HarHeader[] {
  const out: HarHeader[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const redact = !keepCredentials && CREDENTIALS.has(name);
    for (const one of Array.isArray(value) ? value : [value])
      out.push({ name, value: redact ? REDACTED : one });
  }
  return out;
}

export interface HarExchange {
  started: Date;
  /** performance.now() at the start and when the response began and ended. */
  t0: number;
  tResponse?: number;
  tEnd?: number;
  method: string;
  url: string;
  httpVersion: string;
  requestHeaders: HarHeader[];
  requestBody: BodyCapture;
  status: number;
  statusText: string;
  responseHeaders: HarHeader[];
  responseBody: BodyCapture;
  connection: string;
  session?: string;
  /** Why the exchange is incomplete (an upstream error, or the recording stopped). */
  comment?: string;
}

const header = (headers: HarHeader[], name: string) =>
  headers.find((h) => h.name.toLowerCase() === name)?.value;

function entry(x: HarExchange, now: number): unknown {
  const tResponse = x.tResponse ?? now;
  const tEnd = x.tEnd ?? now;
  const url = new URL(x.url);
  const requestType = header(x.requestHeaders, "content-type") ?? "";
  return {
    startedDateTime: x.started.toISOString(),
    time: tEnd - x.t0,
    request: {
      method: x.method,
      url: x.url,
      httpVersion: `HTTP/${x.httpVersion}`,
      cookies: [],
      headers: x.requestHeaders,
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(x.requestBody.size > 0
        ? { postData: { mimeType: requestType, ...x.requestBody.content() } }
        : {}),
      headersSize: -1,
      bodySize: x.requestBody.size,
    },
    response: {
      status: x.status,
      statusText: x.statusText,
      httpVersion: `HTTP/${x.httpVersion}`,
      cookies: [],
      headers: x.responseHeaders,
      content: {
        size: x.responseBody.size,
        mimeType: header(x.responseHeaders, "content-type") ?? "",
        ...x.responseBody.content(),
      },
      redirectURL: header(x.responseHeaders, "location") ?? "",
      headersSize: -1,
      bodySize: x.responseBody.size,
    },
    cache: {},
    timings: { send: 0, wait: tResponse - x.t0, receive: tEnd - tResponse },
    connection: x.connection,
    ...(x.session === undefined ? {} : { _session: x.session }),
    ...(x.comment === undefined ? {} : { comment: x.comment }),
  };
}

/** A HAR file written entry by entry. */
export class HarFile {
  readonly #fd: number;
  entries = 0;

  constructor(path: string) {
    this.#fd = openSync(path, "w");
    const creator = { name: "oatf record", version: VERSION };
    writeSync(this.#fd, `{"log":{"version":"1.2","creator":${JSON.stringify(creator)},"entries":[`);
  }

  write(exchange: HarExchange, now: number): void {
    const text = JSON.stringify(entry(exchange, now));
    writeSync(this.#fd, `${this.entries++ === 0 ? "\n" : ",\n"}${text}`);
  }

  close(): void {
    writeSync(this.#fd, "\n]}}\n");
    closeSync(this.#fd);
  }
}
