// `oatf record --listen HOST:PORT --upstream URL --out <file>` (issue 24 §1): a reverse proxy
// on node:http that forwards each request to the upstream and relays the response as it comes,
// chunk by chunk (an SSE stream is flushed event by event, never buffered whole), while a tap
// records the exchange: as HAR 1.2 entries, or as the wrapped JSON-RPC log with SSE `data:`
// payloads decoded into messages. Each line and entry names the proxy connection and the MCP
// session (`Mcp-Session-Id`), so readers can tell sessions apart. Memory is bounded: bodies
// and events past the cap are cut in the log (with a note), never held whole.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import { performance } from "node:perf_hooks";
import type { Transform } from "node:stream";
import {
  BodyCapture,
  type HarExchange,
  harHeaders,
  type LineSink,
  type LogDirection,
  logLine,
  messageJson,
  type Origin,
  SseTap,
} from "@oatf/trace";
import { contentDecoder, contentDecoding, type HarFile } from "@oatf/trace/node";
import { type CliContext, EXIT } from "../shared/context.js";
import { clientOf } from "./client-scope.js";
import { Exchange } from "./exchange.js";
import { listenUntilStopped } from "./listen.js";

export interface HttpRecording {
  host: string;
  port: number;
  upstream: URL;
  /** HAR output (the JSONL sink may still run, for --evaluate). */
  har?: HarFile;
  /** Receives each JSON-RPC log line (the JSONL file, the live evaluation, or both). */
  sink?: LineSink;
  maxBody: number;
  /** Record credential header values in the HAR (redacted by default). */
  keepCredentials?: boolean;
  /** Resolves when the recording should stop (default: SIGINT or SIGTERM). */
  stop?: Promise<void>;
}

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and are not forwarded.
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

function forwardable(headers: IncomingMessage["headers"]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

const SESSION_HEADER = "mcp-session-id";
const sessionOf = (headers: IncomingMessage["headers"]) => {
  const value = headers[SESSION_HEADER];
  return typeof value === "string" ? value : undefined;
};

/** The messages a body carries for the JSON-RPC log: JSON-RPC (one or a batch), else AG-UI events. */
function loggable(text: string): "jsonrpc" | "event" | "input" | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  // A response without `jsonrpc` (an id and a result or an error) is one too: the A2A SDK's
  // v0.3 transport reads it (issue 33 §5).
  const isRpc = (v: unknown) =>
    typeof v === "object" &&
    v !== null &&
    ("jsonrpc" in v || ("id" in v && ("result" in v || "error" in v)));
  if (Array.isArray(value)) return value.some(isRpc) ? "jsonrpc" : undefined;
  if (isRpc(value)) return "jsonrpc";
  // An AG-UI event (a `type` string) is logged bare, one per line, as the AG-UI reader reads.
  const { type, threadId, runId } = (value ?? {}) as Record<string, unknown>;
  if (typeof type === "string") return "event";
  // An AG-UI RunAgentInput (the run's POST body), logged bare as the AG-UI reader reads it.
  return typeof threadId === "string" && typeof runId === "string" ? "input" : undefined;
}

/**
 * The line of the A2A synthetic `agent_card/get` (format §7.2.2), in the SDK's message shape:
 * one message, the card (the binding's CEL context, format §7.2.3, is "the full card object"),
 * as the upstream captures log it; the body-less GET is none.
 */
const cardLine = (content: object) =>
  JSON.stringify({
    protocol: "a2a",
    direction: "response",
    operation: "agent_card/get",
    content,
    timestamp: new Date().toISOString(),
  });

/**
 * A URL as it may be shown or saved: user info in `--upstream` authenticates the proxy to the
 * upstream (HTTP Basic), and is the operator's secret, not traffic: it stays out of stderr and
 * of the HAR (which records the client's own headers).
 */
function withoutCredentials(url: URL): string {
  if (url.username === "" && url.password === "") return url.href;
  const shown = new URL(url.href);
  shown.username = "";
  shown.password = "";
  return shown.href;
}

/** Runs the proxy until stopped; 0 once stopped, 3 when it could not listen. */
export function recordHttp(options: HttpRecording, ctx: CliContext): Promise<number> {
  const recorder = new HttpRecorder(options);
  const server = http.createServer((req, res) => recorder.handle(req, res));
  return new Promise((resolve) => {
    const stop = () => {
      server.close();
      // The exchanges still open are logged first, then their sockets are closed.
      void recorder.stop().then((unanswered) => {
        server.closeAllConnections();
        if (unanswered > 0)
          ctx.stderr.write(
            `oatf record: ${unanswered} request${unanswered === 1 ? " was" : "s were"} still waiting for a response when the recording stopped: logged without it\n`,
          );
        resolve(EXIT.ok);
      });
    };
    listenUntilStopped(
      server,
      options,
      ctx,
      `, forwarding to ${withoutCredentials(options.upstream)}`,
      stop,
      resolve,
    );
  });
}

/** The proxy's state: its connections, the exchanges in flight and their logging. */
class HttpRecorder {
  readonly #options: HttpRecording;
  readonly #client: typeof http | typeof https;
  readonly #agent: http.Agent;
  readonly #connections = new WeakMap<Socket, string>();
  readonly #open = new Set<Exchange>();
  /** Decoders of compressed response bodies still running (flushed when the recording stops). */
  readonly #decoders = new Set<Transform>();
  #connectionCount = 0;
  #exchangeCount = 0;
  /** The recording has stopped: nothing more is logged or written. */
  #stopped = false;
  /** The upstream URL's path, without a last `/`. */
  readonly #base: string;

  constructor(options: HttpRecording) {
    this.#options = options;
    this.#client = options.upstream.protocol === "https:" ? https : http;
    this.#agent = new this.#client.Agent({ keepAlive: true });
    this.#base = options.upstream.pathname.replace(/\/$/, "");
  }

  /**
   * JSON-RPC messages are logged wrapped, AG-UI events and the RunAgentInput that starts a
   * run bare (one per line, as the AG-UI reader reads them); the card a 2xx agent-card GET
   * answers is the `agent_card/get` response (format §7.2.2). Other bodies (an
   * error page) are HAR's only; a body cut at the cap is logged with its note, so the reader
   * reports it.
   */
  #log(direction: LogDirection, text: string, origin: Origin, cut?: string, card = false): void {
    const sink = this.#options.sink;
    if (sink === undefined || this.#stopped) return;
    if (cut !== undefined) {
      sink(logLine(direction, text, origin, cut));
      return;
    }
    // An agent card is one by where it was fetched, whatever members it has (a `type` does not
    // make it an AG-UI event: issue 33 §9).
    if (card && direction === "received") {
      const content = JSON.parse(messageJson(text) ?? "null") as unknown;
      if (typeof content !== "object" || content === null || Array.isArray(content)) return;
      sink(cardLine(content));
      return;
    }
    const kind = loggable(text);
    if (kind === "jsonrpc") sink(logLine(direction, text, origin));
    else if (kind === "event" && direction === "received") sink(JSON.stringify(JSON.parse(text)));
    else if (kind === "input" && direction === "sent") sink(JSON.stringify(JSON.parse(text)));
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    const { upstream, maxBody, keepCredentials = false } = this.#options;
    let connection = this.#connections.get(req.socket);
    if (connection === undefined) {
      connection = `c${++this.#connectionCount}`;
      this.#connections.set(req.socket, connection);
    }
    req.socket.setNoDelay(true);
    // `/` is the upstream URL itself (`--upstream http://host/mcp` is `/mcp`, not `/mcp/`).
    const path = req.url ?? "/";
    const base = this.#base;
    const joined = base !== "" && /^\/(\?|$)/.test(path) ? base + path.slice(1) : base + path;
    const target = new URL(joined, upstream);
    // The log's scope is the exchange, never the socket a pool shares (client-scope.ts).
    const origin: Origin = { connection: `x${++this.#exchangeCount}` };
    const card = /\/\.well-known\/agent(-card)?\.json$/.test(target.pathname);
    const requestSession = sessionOf(req.headers);
    if (requestSession !== undefined) origin.session = requestSession;
    const entry: HarExchange = {
      started: new Date(),
      t0: performance.now(),
      method: req.method ?? "GET",
      url: withoutCredentials(target),
      httpVersion: req.httpVersion,
      requestHeaders: harHeaders(req.headers, keepCredentials),
      requestBody: new BodyCapture(maxBody),
      status: 0,
      statusText: "",
      responseHeaders: [],
      responseBody: new BodyCapture(maxBody),
      connection,
    };
    const exchange = new Exchange(
      entry,
      origin,
      (x) => {
        if (x.entry.requestBody.size === 0) return;
        const { text, comment } = x.entry.requestBody.content();
        const client = x.origin.session === undefined ? clientOf(req.headers, text) : undefined;
        if (client !== undefined) x.origin.client = client;
        this.#log("sent", text, x.origin, comment);
      },
      (x) => {
        // Written once: an exchange the stopping recording wrote already is not written again.
        if (!this.#open.delete(x)) return;
        x.entry.tEnd = performance.now();
        this.#options.har?.write(x.entry, x.entry.tEnd);
      },
    );
    this.#open.add(exchange);
    const headers = forwardable(req.headers);
    headers.host = upstream.host;
    const forward = this.#client.request(target, {
      method: entry.method,
      headers,
      agent: this.#agent,
    });
    req.on("data", (chunk: Buffer) => entry.requestBody.push(chunk));
    req.on("end", () => exchange.requestEnded());
    req.pipe(forward);
    // The client went away before the response ended: the upstream exchange is dropped too.
    res.on("close", () => {
      if (!res.writableFinished) {
        forward.destroy();
        exchange.finish("the client closed the connection before the response ended");
      }
    });
    forward.on("error", (error) => {
      if (!res.headersSent) {
        res.writeHead(502, { "content-type": "text/plain" });
        res.end(`oatf record: upstream error: ${error.message}\n`);
      } else res.destroy();
      exchange.responded();
      exchange.finish(`upstream error: ${error.message}`);
    });
    forward.on("response", (up) => this.#respond(up, res, exchange, requestSession, card));
  }

  /** Relays the upstream's status and headers, and records them (and the session they name). */
  #respondHead(
    up: IncomingMessage,
    res: ServerResponse,
    exchange: Exchange,
    requestSession: string | undefined,
  ): void {
    const { entry, origin } = exchange;
    entry.tResponse = performance.now();
    entry.status = up.statusCode ?? 0;
    entry.statusText = up.statusMessage ?? "";
    entry.responseHeaders = harHeaders(up.headers, this.#options.keepCredentials ?? false);
    const session = sessionOf(up.headers) ?? requestSession;
    if (session !== undefined) {
      origin.session = session;
      entry.session = session;
    }
    res.writeHead(entry.status, entry.statusText, forwardable(up.headers));
    res.flushHeaders();
    exchange.responded();
  }

  /** Relays the upstream's response as it comes, and records it. */
  #respond(
    up: IncomingMessage,
    res: ServerResponse,
    exchange: Exchange,
    requestSession: string | undefined,
    card: boolean,
  ): void {
    const { maxBody, har } = this.#options;
    const { entry, origin } = exchange;
    this.#respondHead(up, res, exchange, requestSession);
    const sse = /^text\/event-stream\b/i.test(up.headers["content-type"] ?? "");
    const tap = sse
      ? new SseTap(maxBody, (event) =>
          exchange.afterRequest(() => this.#log("received", event.data, origin, event.cut)),
        )
      : undefined;
    // What the tap reads: the body as sent, or decoded when it is compressed (the client
    // still gets the bytes as sent).
    const record = (chunk: Buffer) => {
      // An SSE body is kept only for HAR: the log takes its events as they pass.
      if (har !== undefined || !sse) entry.responseBody.push(chunk);
      tap?.push(chunk);
    };
    // A failed agent-card fetch (a 404, a redirect) carries no card, nor any other message.
    const failedCard = card && (entry.status < 200 || entry.status > 299);
    const recorded = () => {
      tap?.end();
      if (!sse && !failedCard && entry.responseBody.size > 0) {
        const { text, comment } = entry.responseBody.content();
        exchange.afterRequest(() => this.#log("received", text, origin, comment, card));
      }
      exchange.finish();
    };
    // Decoded as the client decodes it (every coding Node's fetch does, stacked too); a body
    // the client reads no message from is said in the log, never dropped.
    const decoding = contentDecoding(up.headers["content-encoding"]);
    if ("problem" in decoding) {
      exchange.afterRequest(() => this.#log("received", "", origin, decoding.problem));
      entry.comment = decoding.problem;
    }
    const decoder = contentDecoder(decoding.decode);
    if (decoder !== undefined) {
      const encoding = String(up.headers["content-encoding"]);
      this.#decoders.add(decoder);
      decoder.once("close", () => this.#decoders.delete(decoder));
      decoder.on("data", record);
      decoder.on("end", recorded);
      decoder.on("error", (error) => {
        const note = `the ${encoding} body could not be decoded: ${error.message}`;
        exchange.afterRequest(() => this.#log("received", "", origin, note));
        exchange.finish(note);
      });
    }
    up.on("data", (chunk: Buffer) => {
      // Relayed first, recorded after: the client never waits for the log.
      if (!res.write(chunk)) {
        up.pause();
        res.once("drain", () => up.resume());
      }
      if (decoder !== undefined) decoder.write(chunk);
      else record(chunk);
    });
    up.on("end", () => {
      res.end();
      if (decoder !== undefined) decoder.end();
      else recorded();
    });
    up.on("error", (error) => {
      res.destroy();
      exchange.finish(`upstream error: ${error.message}`);
    });
  }

  /**
   * The recording stops: a compressed body the client already has may still sit in its
   * decoder, so each is flushed and its messages logged first (or a relayed message, the last
   * of a session, say, would be missing from the log); then the exchanges still open (a
   * long-lived SSE stream) are written with what was seen.
   */
  async stop(): Promise<number> {
    const flushed = [...this.#decoders].map((decoder) => {
      const closed = new Promise<void>((done) => decoder.once("close", () => done()));
      if (!decoder.writableEnded) decoder.end();
      return closed;
    });
    await Promise.all(flushed);
    const now = performance.now();
    let unanswered = 0;
    for (const exchange of [...this.#open]) {
      // A request the upstream never answered is logged (and evaluated) all the same.
      if (exchange.stopped()) unanswered++;
      exchange.entry.comment = "the recording stopped before the response ended";
      this.#options.har?.write(exchange.entry, now);
    }
    this.#open.clear();
    // What still happens on the sockets being torn down (an upstream error, a late chunk) is
    // after the end of the recording: the log and the HAR are closed, nothing more is written.
    this.#stopped = true;
    this.#agent.destroy();
    return unanswered;
  }
}
