// MCP Streamable HTTP (revision 2025-11-25) for an `mcp_server` actor at `/mcp/NAME`, framed
// here rather than by the official SDK's server transport: that one checks and rewrites what
// a rogue server must be free to send (the negotiated protocol version, headers it rejects).
// POST carries client messages (a request answered as JSON, or on an SSE stream when the
// server asks the client something first); GET opens the session's own stream, where phase
// `on_enter` notifications go (queued, bounded, until it opens); DELETE ends a session.
// A 2026-07-28 request (its `MCP-Protocol-Version` header, no session id) is served without
// a session: each POST its own exchange, a `subscriptions/listen` POST an SSE stream that
// stays open and carries the phases' notifications (mcp/revision-2026.ts).
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Value } from "@oatf/model";
import { plain, readRpcPost, SseStream, sendJson } from "../http.js";
import { errorMessage, INVALID_REQUEST, type Incoming } from "../jsonrpc.js";
import { clientSession, MODERN_REVISION } from "./revision-2026.js";
import type { McpServerActor } from "./server.js";
import { McpSession, type Outlet } from "./session.js";

const SESSION_HEADER = "mcp-session-id";

interface HttpSession {
  session: McpSession;
  stream: SseStream | undefined;
  queue: Record<string, Value>[];
}

export class McpHttpTransport {
  readonly #actor: McpServerActor;
  readonly #sessions = new Map<string, HttpSession>();
  /** The open 2026 `subscriptions/listen` streams. */
  readonly #listening = new Set<SseStream>();

  constructor(actor: McpServerActor) {
    this.#actor = actor;
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    if (req.method === "POST")
      this.#post(req, res).catch((error) => {
        this.#wire(`POST failed: ${(error as Error)?.message ?? error}`);
        if (!res.headersSent) plain(res, 500, "internal error");
        else res.end();
      });
    else if (req.method === "GET") this.#get(req, res);
    else if (req.method === "DELETE") this.#delete(req, res);
    else plain(res, 405, "POST, GET or DELETE");
  }

  /** Ends every session's stream (the run is over). */
  close(): void {
    for (const s of this.#sessions.values()) s.stream?.end();
    this.#sessions.clear();
    for (const stream of this.#listening) stream.end();
    this.#listening.clear();
  }

  get #m() {
    return this.#actor.machine;
  }

  #wire(message: string): void {
    this.#m.context.diagnostics.report({
      severity: "warning",
      code: "run/wire",
      message,
      actor: this.#m.name,
    });
  }

  async #post(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { limits } = this.#m.context;
    const read = await readRpcPost(req, res, limits.maxBodyBytes, (w) => this.#wire(w));
    if (read === undefined) return;
    const { messages, batch } = read;
    for (const m of messages)
      if (m.kind === "invalid") this.#wire(`a message that is not JSON-RPC: ${m.problem}`);
    const initializing = messages.some((m) => m.kind === "request" && m.method === "initialize");
    let entry: HttpSession | undefined;
    const headers: Record<string, string> = {};
    if (initializing) {
      if (this.#sessions.size >= limits.maxSessions) {
        this.#wire(
          `a new session refused: ${limits.maxSessions} sessions are open (limits.maxSessions)`,
        );
        plain(res, 503, "too many sessions");
        return;
      }
      entry = this.#open();
      headers[SESSION_HEADER] = entry.session.id;
    } else if (
      req.headers[SESSION_HEADER] === undefined &&
      req.headers["mcp-protocol-version"] === MODERN_REVISION
    ) {
      const first = messages.find((m) => m.kind === "request" || m.kind === "notification");
      const session = new McpSession(clientSession(first?.params));
      entry = { session, stream: undefined, queue: [] };
      const listen = messages.find(
        (m) => m.kind === "request" && m.method === "subscriptions/listen",
      );
      if (listen !== undefined) return this.#listen(req, res, entry, listen);
    } else {
      const id = req.headers[SESSION_HEADER];
      if (typeof id !== "string") {
        plain(res, 400, "Bad Request: no Mcp-Session-Id");
        return;
      }
      entry = this.#sessions.get(id);
      if (entry === undefined) {
        plain(res, 404, "Session not found");
        return;
      }
    }
    const requests = messages.filter((m) => m.kind === "request" || m.kind === "invalid");
    const invalid = messages.filter(
      (m): m is Extract<Incoming, { kind: "invalid" }> => m.kind === "invalid",
    );
    if (requests.length === 0) {
      res.writeHead(202, headers).end();
      for (const m of messages) await this.#actor.handle(entry.session, m, this.#outlet(entry));
      return;
    }
    const accepts = String(req.headers.accept ?? "");
    const stream =
      accepts.includes("text/event-stream") && messages.some((m) => this.#actor.asksFirst(m))
        ? new SseStream(res, headers)
        : undefined;
    const answers: Record<string, Value>[] = invalid.map((m) =>
      errorMessage(m.id, INVALID_REQUEST, `Invalid Request: ${m.problem}`),
    );
    // One request answered as JSON is written the moment its answer is ready (before a phase
    // it triggers sends anything); a batch's answers are written together.
    const related: Outlet = (message) => {
      if (stream) stream.send(JSON.stringify(message));
      else if (!batch && "id" in message && ("result" in message || "error" in message))
        sendJson(res, 200, JSON.stringify(message), headers);
      else if ("id" in message && ("result" in message || "error" in message))
        answers.push(message);
      else this.#outlet(entry!)(message);
    };
    await Promise.all(messages.map((m) => this.#actor.handle(entry!.session, m, related)));
    if (stream) stream.end();
    else if (batch) sendJson(res, 200, JSON.stringify(answers), headers);
    else if (!res.headersSent) sendJson(res, 200, JSON.stringify(answers[0] ?? null), headers);
  }

  /**
   * A 2026 `subscriptions/listen` stream: open until the client closes it, the actor's way to
   * this client for the phases' notifications meanwhile.
   */
  async #listen(
    req: IncomingMessage,
    res: ServerResponse,
    entry: HttpSession,
    listen: Incoming,
  ): Promise<void> {
    const { limits } = this.#m.context;
    if (this.#actor.sessions.size >= limits.maxSessions) {
      this.#wire(`a listen stream refused: ${limits.maxSessions} are open (limits.maxSessions)`);
      plain(res, 503, "too many sessions");
      return;
    }
    if (!String(req.headers.accept ?? "").includes("text/event-stream")) {
      plain(res, 406, "subscriptions/listen needs Accept: text/event-stream");
      return;
    }
    const stream = new SseStream(res);
    const outlet: Outlet = (message) => void stream.send(JSON.stringify(message));
    this.#listening.add(stream);
    stream.onClose(() => {
      this.#listening.delete(stream);
      this.#actor.detach(entry.session);
    });
    this.#actor.attach(entry.session, outlet);
    await this.#actor.handle(entry.session, listen, outlet);
  }

  #get(req: IncomingMessage, res: ServerResponse): void {
    if (!String(req.headers.accept ?? "").includes("text/event-stream")) {
      plain(res, 405, "GET needs Accept: text/event-stream");
      return;
    }
    const id = req.headers[SESSION_HEADER];
    const entry = typeof id === "string" ? this.#sessions.get(id) : undefined;
    if (entry === undefined) {
      plain(res, typeof id === "string" ? 404 : 400, "Session not found");
      return;
    }
    entry.stream?.end();
    const stream = new SseStream(res);
    entry.stream = stream;
    stream.onClose(() => {
      if (entry.stream === stream) entry.stream = undefined;
    });
    for (const message of entry.queue.splice(0)) stream.send(JSON.stringify(message));
  }

  #delete(req: IncomingMessage, res: ServerResponse): void {
    const id = req.headers[SESSION_HEADER];
    const entry = typeof id === "string" ? this.#sessions.get(id) : undefined;
    if (entry === undefined) {
      plain(res, 404, "Session not found");
      return;
    }
    entry.stream?.end();
    this.#sessions.delete(entry.session.id);
    this.#actor.detach(entry.session);
    res.writeHead(200).end();
  }

  #open(): HttpSession {
    const entry: HttpSession = {
      session: new McpSession(randomUUID()),
      stream: undefined,
      queue: [],
    };
    this.#sessions.set(entry.session.id, entry);
    this.#actor.attach(entry.session, this.#outlet(entry));
    return entry;
  }

  /** The session's own stream, or its bounded queue until the client opens it. */
  #outlet(entry: HttpSession): Outlet {
    return (message) => {
      if (entry.stream?.send(JSON.stringify(message))) return;
      if (entry.queue.length >= this.#m.context.limits.maxQueued) {
        this.#wire(
          `session ${entry.session.id}: a message dropped, ${entry.queue.length} wait for its stream (limits.maxQueued)`,
        );
        return;
      }
      entry.queue.push(message);
    };
  }
}
