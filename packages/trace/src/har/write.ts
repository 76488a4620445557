// HAR 1.2 output (HAR 1.2 §log, §entries), the format browser devtools, Playwright and proxies
// export and the HAR reader (read.ts) reads (issue 22 §2): what `oatf record` writes. A HAR
// is written as entries complete (`harOpening`, each `harEntry` as its exchange ends,
// `HAR_CLOSING`), so memory holds only the exchanges in flight (the file sink is
// `@oatf/trace/node`'s `HarFile`). Bodies are text (`encoding: "base64"` when they are not
// UTF-8), cut at the cap with a `comment` saying so.

export interface HarHeader {
  name: string;
  value: string;
}

/** A body as recorded: its first `cap` bytes, and how many there were. */
export class BodyCapture {
  #parts: Uint8Array[] = [];
  #kept = 0;
  size = 0;
  readonly #cap: number;

  constructor(cap: number) {
    this.#cap = cap;
  }

  push(chunk: Uint8Array): void {
    this.size += chunk.length;
    const room = this.#cap - this.#kept;
    if (room <= 0) return;
    // Copied: the stream may reuse its buffer.
    this.#parts.push(chunk.slice(0, Math.min(room, chunk.length)));
    this.#kept += Math.min(room, chunk.length);
  }

  /** The body as HAR text: UTF-8 when it is, else base64; a note when it was cut. */
  content(): { text: string; encoding?: "base64"; comment?: string } {
    const bytes = concat(this.#parts, this.#kept);
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
      return { text: base64(bytes), encoding: "base64", ...cut };
    }
  }
}

function concat(parts: readonly Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

/** Standard base64 with padding (RFC 4648 §4), as Node's `Buffer` writes it. */
function base64(bytes: Uint8Array): string {
  let binary = "";
  // In pieces: `String.fromCharCode` takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Headers whose values are credentials: a HAR is shared (attached to issues, kept as fixtures). */
const CREDENTIALS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie"]);
/** What a credential header's value is recorded as, unless --keep-credentials. */
export const REDACTED = "(redacted by oatf record; --keep-credentials records it)";

/** Headers as Node's `IncomingMessage.headers` holds them. */
export type HttpHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** Headers as HAR lists them; credential values redacted unless `keepCredentials`. */
export function harHeaders(headers: HttpHeaders, keepCredentials = false): HarHeader[] {
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
  /** The run the exchange belongs to (`oatf record --run`), written as the entry's `_run`. */
  run?: string;
  /** Why the exchange is incomplete (an upstream error, or the recording stopped). */
  comment?: string;
}

const header = (headers: HarHeader[], name: string) =>
  headers.find((h) => h.name.toLowerCase() === name)?.value;

/** The HAR entry of an exchange, `now` (performance.now()) ending what has not ended. */
export function harEntry(x: HarExchange, now: number): unknown {
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
    ...(x.run === undefined ? {} : { _run: x.run }),
    ...(x.comment === undefined ? {} : { comment: x.comment }),
  };
}

/** Who wrote a HAR (`log.creator`). */
export interface HarCreator {
  name: string;
  version: string;
}

/** The text a HAR opens with, up to its first entry. */
export function harOpening(creator: HarCreator): string {
  const { name, version } = creator;
  return `{"log":{"version":"1.2","creator":${JSON.stringify({ name, version })},"entries":[`;
}

/** The text of the `index`th entry (0-based), as it follows the text before it. */
export function harEntryText(exchange: HarExchange, now: number, index: number): string {
  return `${index === 0 ? "\n" : ",\n"}${JSON.stringify(harEntry(exchange, now))}`;
}

/** The text a HAR closes with, after its last entry. */
export const HAR_CLOSING = "\n]}}\n";
