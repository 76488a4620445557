// The run's HTTP listener: every rogue server of a document on one address, routed by path
// (`/mcp/NAME`, `/a2a/NAME`, `/stdio/NAME` for the stdio bridge), with the framing helpers
// the adapters share: a body read under a size bound, JSON answers, SSE streams.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { HarRecorder } from "./har.js";
import { errorMessage, type Incoming, PARSE_ERROR, readMessages } from "./jsonrpc.js";
import { urlHost } from "./net.js";

export type Handler = (req: IncomingMessage, res: ServerResponse, rest: string) => void;

export class RunServer {
  readonly #routes = new Map<string, Handler>();
  readonly #server: Server;
  readonly #har: HarRecorder | undefined;
  #closed = false;
  /** The base URL once listening (`http://127.0.0.1:PORT`). */
  url = "";

  /** `har`: where each exchange is recorded, when the run's recording is a HAR. */
  constructor(har?: HarRecorder) {
    this.#har = har;
    this.#server = createServer((req, res) => this.#dispatch(req, res));
    // A peer that opens connections and sends nothing holds no slot for long.
    this.#server.headersTimeout = 30_000;
    this.#server.requestTimeout = 0; // SSE streams last as long as the run
  }

  /** Serves `prefix` and everything under it (`/mcp/name`, `/mcp/name/...`). */
  route(prefix: string, handler: Handler): void {
    this.#routes.set(prefix, handler);
  }

  listen(host: string, port: number): Promise<string> {
    return new Promise((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      this.#server.once("error", failed);
      this.#server.listen(port, host, () => {
        this.#server.off("error", failed);
        const address = this.#server.address() as AddressInfo;
        this.url = `http://${urlHost(host, address.port)}`;
        resolve(this.url);
      });
    });
  }

  /** Stops listening and drops every open connection (streams included). */
  close(): Promise<void> {
    this.#closed = true;
    return new Promise((resolve) => {
      if (!this.#server.listening) {
        resolve();
        return;
      }
      this.#server.close(() => resolve());
      this.#server.closeAllConnections();
    });
  }

  #dispatch(req: IncomingMessage, res: ServerResponse): void {
    this.#har?.serve(req, res, this.url);
    if (this.#closed) {
      plain(res, 503, "the run is over");
      return;
    }
    const path = (req.url ?? "/").split("?")[0]!;
    for (const [prefix, handler] of this.#routes) {
      if (path === prefix || path.startsWith(`${prefix}/`)) {
        try {
          handler(req, res, path.slice(prefix.length));
        } catch (error) {
          // A bug in an adapter must not take the listener down with it.
          if (!res.headersSent) plain(res, 500, String((error as Error)?.message ?? error));
          else res.destroy();
        }
        return;
      }
    }
    plain(res, 404, "no actor here");
  }
}

export function plain(res: ServerResponse, status: number, text: string): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  res.end(text);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(text);
}

export type Body = { ok: true; text: string } | { ok: false; status: number; message: string };

/** The request body as text, refused past `maxBytes` (413) or when the peer goes away. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Body> {
  return new Promise((resolve) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > maxBytes) {
      req.resume();
      resolve({ ok: false, status: 413, message: `body of ${declared} bytes` });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > maxBytes) {
        done = true;
        chunks.length = 0;
        req.resume();
        resolve({ ok: false, status: 413, message: `body over ${maxBytes} bytes` });
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!done) resolve({ ok: true, text: Buffer.concat(chunks).toString("utf8") });
      done = true;
    });
    req.on("error", () => {
      if (!done) resolve({ ok: false, status: 400, message: "the request was cut off" });
      done = true;
    });
    req.on("close", () => {
      if (!done) resolve({ ok: false, status: 400, message: "the request was cut off" });
      done = true;
    });
  });
}

/**
 * A JSON-RPC POST's messages; when the body is too large, cut off or not JSON, the error
 * answer (413/400, JSON-RPC `-32700`) is written, `wire` says why, and the result is undefined.
 */
export async function readRpcPost(
  req: IncomingMessage,
  res: ServerResponse,
  maxBytes: number,
  wire: (message: string) => void,
): Promise<{ messages: Incoming[]; batch: boolean } | undefined> {
  const body = await readBody(req, maxBytes);
  if (!body.ok) {
    wire(`POST refused (${body.status}): ${body.message}`);
    plain(res, body.status, body.message);
    return undefined;
  }
  const read = readMessages(body.text);
  if (typeof read === "string") {
    wire(`POST body: ${read}`);
    sendJson(res, 400, JSON.stringify(errorMessage(null, PARSE_ERROR, `Parse error: ${read}`)));
    return undefined;
  }
  return read;
}

/** An SSE response stream: events written as `data:` lines (one JSON text per event). */
export class SseStream {
  readonly #res: ServerResponse;
  #open = true;

  constructor(res: ServerResponse, headers: Record<string, string> = {}) {
    this.#res = res;
    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
      ...headers,
    });
    res.flushHeaders();
    res.on("close", () => {
      this.#open = false;
    });
  }

  get open(): boolean {
    return this.#open && !this.#res.writableEnded;
  }

  /** Writes one event; false when the stream is gone. */
  send(data: string, event?: string): boolean {
    if (!this.open) return false;
    // A JSON text has no raw line breaks, but an event name from a document might.
    const name = event === undefined ? "" : `event: ${event.replace(/[\r\n]/g, " ")}\n`;
    this.#res.write(`${name}data: ${data}\n\n`);
    return true;
  }

  end(): void {
    if (this.open) this.#res.end();
    this.#open = false;
  }

  onClose(listener: () => void): void {
    this.#res.on("close", listener);
  }
}
