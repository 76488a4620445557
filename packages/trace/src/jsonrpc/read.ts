// JSON-RPC 2.0 logs of MCP and A2A traffic (format §7.1.3, §7.2; SDK §4.1). One message
// per line, bare or wrapped as `{timestamp?, actor?, protocol?, direction, message}`; a
// batch array is read element by element. Requests and notifications become `request`
// messages whose content is `params`; a response is correlated by id with its request and
// becomes a `response` message of the request's method whose content is `result` (or
// `error`). MCP `tools/call` and `prompts/get` results are enriched with the request's
// `params` (SDK §4.1): content is `{...params, ...result}`, the result's fields winning.
//
// One side of the traffic is the attacker (issue 23), so nothing it sends may hide a
// message: ids are scoped per connection and sender (a wrapped line's `session`, else its
// `connection`, as `oatf record --listen` writes them, then its actor: every MCP client
// starts its ids at 0 or 1, so concurrent sessions in one log reuse them); the protocol of a connection is fixed
// by the options or the documents, never flipped by a method name; a response whose request
// is forgotten (bounded table) or ambiguous is still read, as every request it could answer
// (or with an unknown operation, which reaches every surface), with an `unattributed`
// diagnostic that makes a run gate fail.

import { type TraceMessage, traceMessageProblem } from "@oatf/evaluate";
import { BoundedTable } from "@oatf/evaluate/internal";
import type { Value } from "@oatf/model";
import { isObject } from "@oatf/model";
import { extractProtocol, surfacesFor } from "@oatf/registries";
import {
  type LineDecoder,
  parseLine,
  preview,
  problem,
  type TraceRecord,
  timestampOf,
  unattributed,
} from "../record.js";
import { isSseBody, readSseBody, SseAssembler } from "../sse/events.js";
import {
  a2aMethod,
  a2aResult,
  a2aV1,
  isA2aV1Method,
  isStreaming,
  looksLikeA2aResult,
} from "./a2a.js";
import { idBase, type Key, type Named, PendingIds, slotKey, type Waiting } from "./pending-ids.js";

/** Request ids awaiting their response that are remembered at once (oldest forgotten first). */
export const MAX_PENDING_REQUESTS = 10_000;
/**
 * UTF-16 code units the awaiting requests may keep in all (ids, methods, and the `params`
 * kept for enrichment, charged at their line's length): 32 Mi, oldest forgotten first.
 */
export const MAX_PENDING_CHARS = 32 * 1024 * 1024;
/** Requests of one id awaiting a response at once (an id reused before its response). */
export const MAX_REQUESTS_PER_ID = 8;
/** What one entry costs besides its texts (so empty entries are bounded by count too). */
const ENTRY_COST = 64;

// The two sides of a recorded connection; a response travels the other way from its request.
const SIDE_OF = new Map<string, Side>([
  ...["send", "sent", "outgoing", "out", "client→server", "client->server"].map(
    (d) => [d, "out"] as const,
  ),
  ...["receive", "received", "incoming", "in", "server→client", "server->client"].map(
    (d) => [d, "in"] as const,
  ),
]);

const METHODS: Record<string, ReadonlySet<string>> = {
  mcp: new Set(surfacesFor("mcp") ?? []),
  a2a: new Set(surfacesFor("a2a") ?? []),
};

/** The binding of each method name the tables know ("": both or neither), filled as seen. */
const BINDINGS = new Map<string, string>();

/** The JSON-RPC binding a method name belongs to when only one has it. */
function bindingOf(method: string): string | undefined {
  // Known names are cached (a finite set): one lookup per message instead of three.
  const cached = BINDINGS.get(method);
  if (cached !== undefined) return cached === "" ? undefined : cached;
  const mcp = METHODS.mcp!.has(method);
  const binding = isA2aV1Method(method)
    ? "a2a"
    : mcp === METHODS.a2a!.has(method)
      ? undefined
      : mcp
        ? "mcp"
        : "a2a";
  if (binding !== undefined || mcp) BINDINGS.set(method, binding ?? "");
  return binding;
}

interface Request {
  /** The binding's operation (an A2A v1.0 method's v0.3 name). */
  method: string;
  /** The method as sent, when the binding names it otherwise (A2A v1.0). */
  native: string | undefined;
  /** Answered by a stream of items (A2A `message/stream`): kept until its last item. */
  streaming: boolean;
  /** A streaming request that had an item already: a new request of its id replaces it. */
  answered: boolean;
  /** Kept only when the response will be enriched with it. */
  params: Value | undefined;
  protocol: string;
  cost: number;
  /** The key it waits under (`slotKey`), and the side that sent it. */
  key: Key;
  side: Side;
  /** Its key's parts, when the line named an actor or a scope (see `PendingIds`). */
  named: Named | undefined;
}

export interface JsonRpcOptions {
  /** The protocol of every connection, whatever the documents or methods say. */
  protocol?: string;
  /** Each document's actor modes: a connection's protocol comes from its actor's mode. */
  modes?: readonly ReadonlyMap<string, string>[];
  /** Longest SSE event, in UTF-16 code units (default: the line limit). */
  maxEventLength?: number;
}

/** Who sent an HTTP body: the client (requests) or the server (responses, SSE streams). */
export type BodySender = "client" | "server";

/** The JSON-RPC line decoder, which also reads whole HTTP bodies (for HAR and other captures). */
export interface JsonRpcDecoder extends LineDecoder {
  /**
   * Reads one HTTP body: JSON (a message, a wrapped message or a batch, pretty-printed or
   * not) or SSE text (`data:` events), every record at `line` (a HAR entry's index, say).
   * `sender` scopes ids for correlation as a wrapper's direction would (`client` is
   * client→server); SSE text is the server's unless said otherwise. Shares correlation
   * and protocol state with the lines read through the same decoder.
   */
  body(text: string, line: number, out: TraceRecord[], sender?: BodySender): void;
}

type Side = "out" | "in" | "";

function sideOf(direction: unknown): Side | undefined {
  if (direction === undefined) return "";
  if (typeof direction !== "string") return undefined;
  // Most logs spell it one way already: no copies for them.
  return SIDE_OF.get(direction) ?? SIDE_OF.get(direction.trim().toLowerCase());
}

interface Scope {
  /** "" for none; never aliases across kinds (`s`/`c` and the length come first). */
  key: string;
  /** The session or connection id, carried onto the message as `session`. */
  name?: string;
}
const NO_SCOPE: Scope = { key: "" };

/**
 * The transport scope a wrapped line names: its MCP session (`session`), which may span
 * several proxy connections, else its proxy connection (`connection`), as
 * `oatf record --listen` writes them.
 */
function scopeOf(value: Record<string, unknown>): Scope {
  const session = value.session;
  if (typeof session === "string") return { key: `s${session.length}:${session}`, name: session };
  const connection = value.connection;
  if (typeof connection === "string")
    return { key: `c${connection.length}:${connection}`, name: connection };
  return NO_SCOPE;
}

/**
 * `{...params, ...result}` (SDK §4.1 enrichment). `Object.assign` copies several times
 * faster than spread on the parsed objects of a log, but it assigns: an own `__proto__` key
 * (JSON.parse makes one) would become the prototype, so such objects are copied key by key,
 * the key defined as data.
 */
function merged(params: object, result: object): Value {
  if (!Object.hasOwn(params, "__proto__") && !Object.hasOwn(result, "__proto__"))
    return Object.assign({}, params, result) as Value;
  const m: Record<string, unknown> = {};
  for (const from of [params, result] as Record<string, unknown>[])
    for (const key of Object.keys(from))
      Object.defineProperty(m, key, {
        value: from[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
  return m as Value;
}

/** A message with its line's actor, session, timestamp and line (absent fields left out). */
function located(
  message: Omit<TraceMessage, "line" | "actor" | "timestamp" | "session">,
  { actor, session, timestamp, line }: Heard,
): TraceMessage & { line: number } {
  const m = message as TraceMessage & { line: number };
  if (actor !== undefined) m.actor = actor;
  if (session !== undefined) m.session = session;
  if (timestamp !== undefined) m.timestamp = timestamp;
  m.line = line;
  return m;
}
const isId = (id: unknown) => typeof id === "string" || typeof id === "number";

/** What a line says around its JSON-RPC message: who sent it, when, on which connection. */
interface Heard {
  line: number;
  side: Side;
  actor: string | undefined;
  /** The scope's key ("" for none) and its session or connection id. */
  scope: string;
  session: string | undefined;
  timestamp: string | undefined;
  /** The line's own `protocol`, which wins over the connection's. */
  given: string | undefined;
  connection: Connection;
}

/** The JSON-RPC protocols (mcp, a2a) the documents give `actor` (or any actor). */
function documentedProtocols(
  modes: readonly ReadonlyMap<string, string>[],
  actor: string | undefined,
): Set<string> {
  const found = new Set<string>();
  for (const map of modes) {
    for (const [name, mode] of map) {
      if (actor !== undefined && name !== actor) continue;
      const protocol = extractProtocol(mode);
      if (protocol === "mcp" || protocol === "a2a") found.add(protocol);
    }
  }
  return found;
}

/** How a connection's protocol was fixed: given, or told by the first method only one binding has. */
interface Connection {
  protocol: string;
  by: "given" | "content" | "default";
  /** Messages were read with the default before content told the protocol. */
  readDefault: boolean;
  /** A session's (or proxy connection's) own protocol, told apart from its actor's. */
  own?: true;
}

/** Connections whose protocol the log told are remembered (the rest are recomputed). */
const MAX_CONNECTIONS = 1024;
const MAX_CONNECTION_CHARS = 1024 * 1024;

export function jsonRpcDecoder(options: JsonRpcOptions = {}): JsonRpcDecoder {
  const modes = options.modes ?? [];
  const pending = new PendingIds<Request>(MAX_PENDING_REQUESTS, MAX_PENDING_CHARS);
  const told = new BoundedTable<Connection>(MAX_CONNECTIONS, MAX_CONNECTION_CHARS);
  // Sessions whose methods told a protocol other than their actor's, by `scope|actor` (the
  // scope is length-prefixed, so the first `|` after it is the separator: no alias).
  const owned = new BoundedTable<Connection>(MAX_CONNECTIONS, MAX_CONNECTION_CHARS);

  const givenConnection: Connection | undefined =
    options.protocol === undefined
      ? undefined
      : { protocol: options.protocol, by: "given", readDefault: false };
  // The protocol the documents give an actor (null: none, or more than one), worked out once
  // per actor name: a pure function of the modes, so forgetting an entry (bounded) costs
  // only the work again. Read on every line, it made a log 3x slower to read with 60 documents.
  const documented = new BoundedTable<Connection | null>(MAX_CONNECTIONS, MAX_CONNECTION_CHARS);

  const documentedConnection = (actor: string | undefined): Connection | null =>
    documented.getOrCreate(
      actor === undefined ? "" : `a${actor}`,
      () => {
        let found = documentedProtocols(modes, actor);
        if (found.size === 0 && actor !== undefined) found = documentedProtocols(modes, undefined);
        return found.size === 1
          ? { protocol: [...found][0]!, by: "given", readDefault: false }
          : null;
      },
      ENTRY_COST,
    );

  function connectionOf(
    actor: string | undefined,
    scope: string,
    line: number,
    out: TraceRecord[],
  ): Connection {
    if (givenConnection !== undefined) return givenConnection;
    // A session speaks its actor's protocol unless its own content told another (a proxy
    // log of one upstream has one protocol: no state per session, so no bound to reach).
    if (scope !== "" && owned.size > 0) {
      const own = owned.get(`${scope}|${actor ?? ""}`);
      if (own !== undefined) return own;
    }
    const key = actor ?? "";
    const known = told.get(key);
    if (known !== undefined) return known;
    const fromDocuments = modes.length === 0 ? null : documentedConnection(actor);
    if (fromDocuments !== null) return fromDocuments;
    const connection: Connection = { protocol: "mcp", by: "default", readDefault: false };
    // Past the bound a forgotten connection would be told again by content: said, and failing.
    if (told.set(key, connection, ENTRY_COST) > 0)
      unattributed(
        out,
        line,
        "T-PENDING-LIMIT",
        `more than ${MAX_CONNECTIONS} connections: the protocol of the oldest is forgotten`,
      );
    return connection;
  }

  /**
   * The protocol of a request on `connection`; a method of the other binding is reported,
   * unless it opens a session of its own (`own`: the line's scope and actor) on a connection
   * other sessions told already: then that session speaks it (one log of a proxy may carry
   * MCP and A2A sessions side by side).
   */
  function protocolFor(
    connection: Connection,
    method: string,
    line: number,
    out: TraceRecord[],
    own?: string,
  ): string {
    const binding = bindingOf(method);
    if (binding === undefined || binding === connection.protocol) {
      if (connection.by === "default") connection.readDefault = true;
      return connection.protocol;
    }
    if (
      own !== undefined &&
      connection.own === undefined &&
      (connection.by === "content" || (connection.by === "default" && connection.readDefault))
    ) {
      const session: Connection = {
        protocol: binding,
        by: "content",
        readDefault: false,
        own: true,
      };
      // Past the bound a forgotten session would speak its actor's protocol again: said.
      if (owned.set(own, session, ENTRY_COST) > 0)
        unattributed(
          out,
          line,
          "T-PENDING-LIMIT",
          `more than ${MAX_CONNECTIONS} sessions speak a protocol other than their actor's: the oldest is forgotten`,
        );
      return binding;
    }
    if (connection.by === "default") {
      connection.by = "content";
      connection.protocol = binding;
      if (connection.readDefault)
        unattributed(
          out,
          line,
          "T-PROTOCOL",
          `method ${preview(method)} shows the connection is ${binding}, but earlier messages were read as mcp (give the protocol option or the documents)`,
        );
      return binding;
    }
    unattributed(
      out,
      line,
      "T-PROTOCOL",
      `method ${preview(method)} belongs to ${binding}, but the connection is ${connection.protocol}: read as ${connection.protocol}`,
    );
    return connection.protocol;
  }

  function forget(count: number, line: number, out: TraceRecord[]): void {
    if (count === 0) return;
    unattributed(
      out,
      line,
      "T-PENDING-LIMIT",
      `more requests await a response than ${MAX_PENDING_REQUESTS} (or ${MAX_PENDING_CHARS} characters) allow: the oldest is forgotten, so its response cannot be correlated`,
    );
  }

  function remember(request: Request, line: number, out: TraceRecord[]): void {
    const { key } = request;
    const before = pending.get(key);
    if (before === undefined) {
      forget(pending.set(key, [request], request.cost, true), line, out);
      return;
    }
    // A stream that had its items is over once its id is used again for the same method; a
    // request of another method is kept beside it, as any reused id is (said, and ambiguous).
    const list = before.filter(
      (r) => !(r.answered && r.method === request.method && r.protocol === request.protocol),
    );
    if (list.length > 0) {
      problem(
        out,
        line,
        "T-DUPLICATE-ID",
        `request id reused before its response: a response to it will be read as each of the ${list.length + 1} requests`,
      );
    }
    const kept = [...list, request];
    if (kept.length > MAX_REQUESTS_PER_ID) {
      kept.shift();
      unattributed(
        out,
        line,
        "T-PENDING-LIMIT",
        `more than ${MAX_REQUESTS_PER_ID} requests of one id await a response: the oldest is forgotten`,
      );
    }
    const cost = kept.reduce((sum, r) => sum + r.cost, 0);
    forget(pending.set(key, kept, cost, false), line, out);
  }

  /**
   * The requests a response from `side` answers (sent the other way, or of unknown sender)
   * and where they wait. SSE comes from the server: its response may answer a bare request
   * (sender unknown), and a bare response may answer a request the server sent over SSE.
   * A line that leaves out its session/connection or actor may be on any connection, and a
   * request that left them out may be on the response's: each answers the other. When more
   * than one list matches, the response is read as each (ambiguous, said), never silently
   * given to one (a peer's request of the same id must not hide the response to another).
   */
  function answered(
    scope: string,
    actor: string | undefined,
    side: Side,
    id: string | number,
  ): Waiting<Request>[] {
    const found: Waiting<Request>[] = [];
    const a = actor === undefined ? "" : `a${actor}`;
    pending.matching(
      found,
      side === "out" ? "in" : side === "in" ? "out" : "",
      id,
      scope,
      a,
      MAX_REQUESTS_PER_ID,
    );
    if (side !== "out")
      pending.matching(found, side === "in" ? "" : "in", id, scope, a, MAX_REQUESTS_PER_ID);
    return found;
  }

  function one(value: unknown, line: number, share: number, out: TraceRecord[], bare: Side) {
    if (!isObject(value)) return problem(out, line, "T-SHAPE", "not a JSON-RPC message object");
    // A synthetic line (e.g. A2A `agent_card/get`, which has no JSON-RPC method) in the
    // SDK's own message shape passes through.
    if (value.jsonrpc === undefined && value.message === undefined) {
      const why = traceMessageProblem(value);
      if (why !== undefined) return problem(out, line, "T-SHAPE", `not JSON-RPC 2.0 (${why})`);
      // The parsed object is this reader's own: `line` is set on it, not copied in.
      const message = value as unknown as TraceMessage & { line: number };
      message.line = line;
      out.push({ kind: "message", message });
      return;
    }
    const wrapped = value.jsonrpc === undefined;
    if (wrapped && Array.isArray(value.message)) {
      if (value.message.length === 0)
        return problem(out, line, "T-SHAPE", "an empty JSON-RPC batch");
      const each = Math.ceil(share / value.message.length);
      for (const message of value.message) {
        // Batches do not nest: an array element is refused here, never read recursively.
        if (Array.isArray(message))
          problem(out, line, "T-SHAPE", "a JSON-RPC batch element must be an object");
        else one({ ...value, message }, line, each, out, bare);
      }
      return;
    }
    const rpc = wrapped ? value.message : value;
    if (!isObject(rpc) || rpc.jsonrpc !== "2.0") {
      return problem(out, line, "T-SHAPE", 'not a JSON-RPC 2.0 message ("jsonrpc": "2.0")');
    }
    const side = wrapped ? sideOf(value.direction) : bare;
    if (side === undefined) {
      return problem(out, line, "T-SHAPE", `unknown direction ${preview(value.direction)}`);
    }
    if (rpc.id !== undefined && rpc.id !== null && !isId(rpc.id)) {
      return problem(out, line, "T-SHAPE", "a JSON-RPC id must be a string, a number or null");
    }
    const actor = wrapped && typeof value.actor === "string" ? value.actor : undefined;
    const scope = wrapped ? scopeOf(value) : NO_SCOPE;
    const heard: Heard = {
      line,
      side,
      actor,
      scope: scope.key,
      session: scope.name,
      timestamp: wrapped ? timestampOf(value.timestamp) : undefined,
      given: wrapped && typeof value.protocol === "string" ? value.protocol : undefined,
      connection: connectionOf(actor, scope.key, line, out),
    };
    if (typeof rpc.method === "string") request(rpc, rpc.method, heard, share, out);
    else response(rpc, heard, out);
  }

  /** A request or notification: a `request` message, its id remembered for the response. */
  function request(
    rpc: Record<string, unknown>,
    sent: string,
    heard: Heard,
    share: number,
    out: TraceRecord[],
  ) {
    const { line, side, actor, scope, given, connection } = heard;
    const own = scope === "" ? undefined : `${scope}|${actor ?? ""}`;
    const protocol = given ?? protocolFor(connection, sent, line, out, own);
    // A2A v1.0 names map onto the binding's v0.3 names; the sent name stays on the message.
    const { operation: method, native } =
      protocol === "a2a" ? a2aMethod(sent) : { operation: sent };
    const params = rpc.params as Value | undefined;
    if (isId(rpc.id)) {
      const enriched =
        protocol === "mcp" &&
        (method === "tools/call" || method === "prompts/get") &&
        isObject(params);
      remember(
        {
          key: slotKey(side, rpc.id, scope, actor === undefined ? "" : `a${actor}`),
          side,
          // One shape for every request (no spread): the common log names nothing.
          named:
            scope === "" && actor === undefined
              ? undefined
              : {
                  base: idBase(side, rpc.id),
                  scope: scope,
                  actor: actor === undefined ? "" : `a${actor}`,
                },
          method,
          native,
          streaming: protocol === "a2a" && isStreaming(method),
          answered: false,
          protocol,
          params: enriched ? params : undefined,
          cost:
            ENTRY_COST +
            method.length +
            (native?.length ?? 0) +
            protocol.length +
            (enriched ? share : 0),
        },
        line,
        out,
      );
    }
    const message = located(
      { protocol, direction: "request", operation: method, content: params ?? {} },
      heard,
    );
    if (native !== undefined) a2aV1(message, native);
    out.push({ kind: "message", message });
  }

  /** A response, read as the response of the requests of its id it answers. */
  function response(rpc: Record<string, unknown>, heard: Heard, out: TraceRecord[]) {
    const { line, side, actor, scope, given, connection } = heard;
    const isResult = Object.hasOwn(rpc, "result");
    if (!isResult && !Object.hasOwn(rpc, "error")) {
      return problem(
        out,
        line,
        "T-SHAPE",
        "a JSON-RPC message needs a method, a result or an error",
      );
    }
    const waiting = isId(rpc.id) ? answered(scope, actor, side, rpc.id) : [];
    const requestsOf =
      waiting.length === 1 ? waiting[0]!.requests : waiting.flatMap((w) => w.requests);
    // Past the per-id bound (lists of several connections), it is read as no one's: still
    // evaluated against every surface, and said, but never multiplied into that many messages.
    const tooMany = requestsOf.length > MAX_REQUESTS_PER_ID;
    const found = waiting.length === 0 || tooMany ? undefined : { waiting, requests: requestsOf };
    const content = (isResult ? rpc.result : rpc.error) as Value;
    if (found === undefined) {
      if (tooMany)
        unattributed(
          out,
          line,
          "T-AMBIGUOUS-ID",
          `response to id ${preview(rpc.id)}, which more than ${MAX_REQUESTS_PER_ID} requests on the connections it may belong to carry: its operation is unknown (""), so it is evaluated against every surface`,
        );
      else
        unattributed(
          out,
          line,
          "T-UNCORRELATED",
          `response to id ${preview(rpc.id)} has no earlier request: its operation is unknown (""), so it is evaluated against every surface`,
        );
      // A Task, Message or stream event tells an A2A connection, as an A2A method would.
      if (
        given === undefined &&
        connection.by === "default" &&
        isResult &&
        looksLikeA2aResult(content)
      )
        protocolFor(connection, "message/stream", line, out);
      const protocol = given ?? connection.protocol;
      out.push({
        kind: "message",
        message: located({ protocol, direction: "response", operation: "", content }, heard),
      });
      return;
    }
    const { requests } = found;
    // One item of a stream answers; the stream stays open for the next until its last item.
    const items = isResult && requests.every((r) => r.streaming);
    if (requests.length > 1) {
      unattributed(
        out,
        line,
        "T-AMBIGUOUS-ID",
        `response to id ${preview(rpc.id)}, which ${requests.length} requests carry: read as a response to each (${requests.map((r) => preview(r.method)).join(", ")})`,
      );
    } else {
      const named = requests[0]!.named;
      if (
        (named?.scope ?? "") !== scope ||
        (named?.actor ?? "") !== (actor === undefined ? "" : `a${actor}`)
      )
        unattributed(
          out,
          line,
          "T-AMBIGUOUS-ID",
          `response to id ${preview(rpc.id)} and its request ${preview(requests[0]!.method)} do not both name their actor and session/connection: read as its response, but it may be another connection's`,
        );
    }
    let projected: { operation: string; content: Value } | undefined;
    let final = !items;
    for (const request of requests) {
      let body = content;
      if (request.protocol === "a2a" && isResult) {
        const read = a2aResult(request.method, content);
        body = read.content;
        final ||= read.final;
        if (read.problem !== undefined) problem(out, line, "T-A2A-ITEM", read.problem);
        if (read.projected !== undefined)
          projected = { operation: read.projected, content: read.content };
      }
      const params = request.params;
      const enrich = isResult && isObject(body) && isObject(params);
      const message = located(
        {
          protocol: request.protocol,
          direction: "response",
          operation: request.method,
          content: enrich ? merged(params as object, body as object) : body,
        },
        heard,
      );
      if (request.native !== undefined) a2aV1(message, request.native, { wire: content, isResult });
      out.push({ kind: "message", message });
    }
    // Format §7.2.2: a status-update / artifact-update item is also `task/status` /
    // `task/artifact`, a message of its own on the same line (one operation per message).
    if (projected !== undefined)
      out.push({
        kind: "message",
        message: located({ protocol: "a2a", direction: "response", ...projected }, heard),
      });
    if (final) for (const w of found.waiting) pending.take(w.key);
    else for (const request of requests) request.answered = true;
  }

  /** One JSON text: a message, a wrapped message, or a batch of either. */
  function json(text: string, line: number, out: TraceRecord[], bare: Side) {
    const value = parseLine(text, line, out);
    if (value === undefined) return;
    if (!Array.isArray(value)) return one(value, line, text.length, out, bare);
    if (value.length === 0) return problem(out, line, "T-SHAPE", "an empty JSON-RPC batch");
    const each = Math.ceil(text.length / value.length);
    for (const element of value) {
      if (Array.isArray(element))
        problem(out, line, "T-SHAPE", "a JSON-RPC batch element must be an object");
      else one(element, line, each, out, bare);
    }
  }

  // SSE events in the log (MCP Streamable HTTP, A2A `message/stream`) come from the server.
  const sse = new SseAssembler(
    (data, line, out) => json(data, line, out, "in"),
    options.maxEventLength,
  );

  return {
    line(text, line, out) {
      if (sse.line(text, line, out)) return;
      json(text, line, out, "");
    },
    dropped: (out) => sse.dropped(out),
    end: (out) => sse.end(out),
    body(text, line, out, sender) {
      const bare: Side = sender === "client" ? "out" : sender === "server" ? "in" : "";
      if (!isSseBody(text)) return json(text, line, out, bare);
      const events = new SseAssembler(
        (data, _, out) => json(data, line, out, sender === undefined ? "in" : bare),
        options.maxEventLength,
      );
      // A line that is not SSE is read as a JSON line, as in a log.
      readSseBody(text, line, events, (l) => json(l, line, out, bare), out);
    },
  };
}
