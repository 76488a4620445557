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
import zlib from "node:zlib";
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
import type { HarFile } from "@oatf/trace/node";
import { type CliContext, EXIT } from "../shared/context.js";
import { safe } from "../shared/terminal.js";

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

/** A decoder for a compressed body (`Content-Encoding`), or none when it is sent as is. */
function decompressor(encoding: string): Transform | undefined {
  if (encoding === "gzip" || encoding === "x-gzip") return zlib.createGunzip();
  if (encoding === "deflate") return zlib.createInflate();
  if (encoding === "br") return zlib.createBrotliDecompress();
  return undefined;
}

const SESSION_HEADER = "mcp-session-id";
const sessionOf = (headers: IncomingMessage["headers"]) => {
  const value = headers[SESSION_HEADER];
  return typeof value === "string" ? value : undefined;
};

/** The messages a body carries for the JSON-RPC log: JSON-RPC (one or a batch), else AG-UI events. */
function loggable(text: string): "jsonrpc" | "event" | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const isRpc = (v: unknown) => typeof v === "object" && v !== null && "jsonrpc" in v;
  if (Array.isArray(value)) return value.some(isRpc) ? "jsonrpc" : undefined;
  if (isRpc(value)) return "jsonrpc";
  // An AG-UI event (a `type` string) is logged bare, one per line, as the AG-UI reader reads.
  const type = (value as { type?: unknown } | null)?.type;
  return typeof type === "string" ? "event" : undefined;
}

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

export function recordHttp(options: HttpRecording, ctx: CliContext): Promise<number> {
  const { upstream, maxBody, har, sink, keepCredentials = false } = options;
  const client = upstream.protocol === "https:" ? https : http;
  const agent = new client.Agent({ keepAlive: true });
  const connections = new WeakMap<Socket, string>();
  const open = new Set<HarExchange>();
  // Decoders of compressed response bodies still running (flushed when the recording stops).
  const decoders = new Set<Transform>();
  let connectionCount = 0;
  const base = upstream.pathname.replace(/\/$/, "");

  // JSON-RPC messages are logged wrapped and AG-UI events bare (one per line, as the AG-UI
  // reader reads them); an A2A agent card becomes the `agent_card/get` event (format §7.2.2).
  // Other bodies (an AG-UI RunAgentInput, an error page) are HAR's only; a body cut at the
  // cap is logged with its note, so the reader reports it.
  const log = (
    direction: LogDirection,
    text: string,
    origin: Origin,
    cut?: string,
    card = false,
  ) => {
    if (sink === undefined) return;
    if (cut !== undefined) return sink(logLine(direction, text, origin, cut));
    const kind = loggable(text);
    if (kind === "jsonrpc") sink(logLine(direction, text, origin));
    else if (kind === "event" && direction === "received") sink(JSON.stringify(JSON.parse(text)));
    else if (card && direction === "received") {
      const content = JSON.parse(messageJson(text) ?? "null") as unknown;
      if (typeof content !== "object" || content === null || Array.isArray(content)) return;
      const event = { protocol: "a2a", direction: "response", operation: "agent_card/get" };
      sink(JSON.stringify({ ...event, content, timestamp: new Date().toISOString() }));
    }
  };

  function handle(req: IncomingMessage, res: ServerResponse): void {
    let connection = connections.get(req.socket);
    if (connection === undefined) {
      connection = `c${++connectionCount}`;
      connections.set(req.socket, connection);
    }
    req.socket.setNoDelay(true);
    // `/` is the upstream URL itself (`--upstream http://host/mcp` is `/mcp`, not `/mcp/`).
    const path = req.url ?? "/";
    const joined = base !== "" && /^\/(\?|$)/.test(path) ? base + path.slice(1) : base + path;
    const target = new URL(joined, upstream);
    const card = /\/\.well-known\/agent(-card)?\.json$/.test(target.pathname);
    const exchange: HarExchange = {
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
    open.add(exchange);
    const origin: Origin = { connection };
    const requestSession = sessionOf(req.headers);
    if (requestSession !== undefined) origin.session = requestSession;
    // The request is logged once its body has ended and the session is known (an MCP
    // `initialize` learns it from the response); response messages wait behind it.
    let requestEnded = false;
    let responded = false;
    let requestLogged = false;
    const held: (() => void)[] = [];
    const logRequest = () => {
      if (requestLogged || !requestEnded || !responded) return;
      requestLogged = true;
      if (exchange.requestBody.size > 0) {
        const { text, comment } = exchange.requestBody.content();
        log("sent", text, origin, comment);
      }
      for (const run of held.splice(0)) run();
    };
    const afterRequest = (run: () => void) => (requestLogged ? run() : held.push(run));

    const finish = (comment?: string) => {
      if (!open.delete(exchange)) return;
      if (comment !== undefined) exchange.comment = comment;
      exchange.tEnd = performance.now();
      har?.write(exchange, exchange.tEnd);
    };

    const headers = forwardable(req.headers);
    headers.host = upstream.host;
    const forward = client.request(target, { method: exchange.method, headers, agent });
    req.on("data", (chunk: Buffer) => exchange.requestBody.push(chunk));
    req.on("end", () => {
      requestEnded = true;
      logRequest();
    });
    req.pipe(forward);
    // The client went away before the response ended: the upstream exchange is dropped too.
    res.on("close", () => {
      if (!res.writableFinished) {
        forward.destroy();
        finish("the client closed the connection before the response ended");
      }
    });
    forward.on("error", (error) => {
      if (!res.headersSent) {
        res.writeHead(502, { "content-type": "text/plain" });
        res.end(`oatf record: upstream error: ${error.message}\n`);
      } else res.destroy();
      responded = true;
      logRequest();
      finish(`upstream error: ${error.message}`);
    });
    forward.on("response", (up) => {
      exchange.tResponse = performance.now();
      exchange.status = up.statusCode ?? 0;
      exchange.statusText = up.statusMessage ?? "";
      exchange.responseHeaders = harHeaders(up.headers, keepCredentials);
      const session = sessionOf(up.headers) ?? requestSession;
      if (session !== undefined) {
        origin.session = session;
        exchange.session = session;
      }
      res.writeHead(exchange.status, exchange.statusText, forwardable(up.headers));
      res.flushHeaders();
      responded = true;
      logRequest();
      const sse = /^text\/event-stream\b/i.test(up.headers["content-type"] ?? "");
      const tap = sse
        ? new SseTap(maxBody, (event) =>
            afterRequest(() => log("received", event.data, origin, event.cut)),
          )
        : undefined;
      // What the tap reads: the body as sent, or decoded when it is compressed (the client
      // still gets the bytes as sent).
      const record = (chunk: Buffer) => {
        // An SSE body is kept only for HAR: the log takes its events as they pass.
        if (har !== undefined || !sse) exchange.responseBody.push(chunk);
        tap?.push(chunk);
      };
      const recorded = () => {
        tap?.end();
        if (!sse && exchange.responseBody.size > 0) {
          const { text, comment } = exchange.responseBody.content();
          afterRequest(() => log("received", text, origin, comment, card));
        }
        finish();
      };
      const encoding = String(up.headers["content-encoding"] ?? "")
        .trim()
        .toLowerCase();
      const decoder = decompressor(encoding);
      if (decoder !== undefined) {
        decoders.add(decoder);
        decoder.once("close", () => decoders.delete(decoder));
      }
      decoder?.on("data", record);
      decoder?.on("end", recorded);
      decoder?.on("error", (error) => {
        const note = `the ${encoding} body could not be decoded: ${error.message}`;
        afterRequest(() => log("received", "", origin, note));
        finish(note);
      });
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
        finish(`upstream error: ${error.message}`);
      });
    });
  }

  const server = http.createServer(handle);
  return new Promise((resolve) => {
    const stop = () => {
      for (const signal of ["SIGINT", "SIGTERM"] as const) process.off(signal, stop);
      server.close();
      server.closeAllConnections();
      agent.destroy();
      // A compressed body the client already has may still sit in its decoder: each is
      // flushed and its messages logged before the recording ends, or a relayed message
      // (the last of a session, say) would be missing from the log.
      const flushed = [...decoders].map((decoder) => {
        const closed = new Promise<void>((done) => decoder.once("close", () => done()));
        if (!decoder.writableEnded) decoder.end();
        return closed;
      });
      void Promise.all(flushed).then(() => {
        // Exchanges still open (a long-lived SSE stream) are written with what was seen.
        const now = performance.now();
        for (const exchange of [...open]) {
          exchange.comment = "the recording stopped before the response ended";
          har?.write(exchange, now);
        }
        open.clear();
        resolve(EXIT.ok);
      });
    };
    server.on("error", (error) => {
      ctx.stderr.write(
        safe`oatf record: cannot listen on ${options.host}:${options.port}: ${error.message}\n`,
      );
      resolve(EXIT.error);
    });
    server.listen(options.port, options.host, () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : options.port;
      const host = options.host.includes(":") ? `[${options.host}]` : options.host;
      ctx.stderr.write(
        safe`oatf record: listening on http://${host}:${port}, forwarding to ${withoutCredentials(upstream)}\n`,
      );
      if (options.stop !== undefined) void options.stop.then(stop);
      else for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, stop);
    });
  });
}
