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

import type { TraceMessage } from "@oatf/evaluate";
import { traceMessageProblem } from "@oatf/evaluate/internal";
import type { Value } from "@oatf/model";
import { isObject } from "@oatf/model/rules";
import {
  type LineDecoder,
  parseLine,
  preview,
  problem,
  type TraceRecord,
  timestampOf,
  unattributed,
} from "../record.js";
import { readSseBody, sseLog } from "../sse/events.js";
import { a2aMethod, a2aResult, a2aV1, isStreaming, looksLikeA2aResult } from "./a2a.js";
import { type Connection, connections, ENTRY_COST } from "./connections.js";
import { correlation, MAX_REQUESTS_PER_ID, type Side } from "./correlation.js";
import { InputRequests } from "./input-required.js";
import { idBase, slotKey } from "./pending-ids.js";

// The two sides of a recorded connection; a response travels the other way from its request.
const SIDE_OF = new Map<string, Side>([
  ...["send", "sent", "outgoing", "out", "client→server", "client->server"].map(
    (d) => [d, "out"] as const,
  ),
  ...["receive", "received", "incoming", "in", "server→client", "server->client"].map(
    (d) => [d, "in"] as const,
  ),
]);

export interface JsonRpcOptions {
  /** The protocol of every connection, whatever the documents or methods say. */
  protocol?: string;
  /** Each document's actor modes: a connection's protocol comes from its actor's mode. */
  modes?: readonly ReadonlyMap<string, string>[];
  /** Longest SSE event, in UTF-16 code units (default: the line limit). */
  maxEventLength?: number;
  /**
   * MCP 2026-07-28 input requests awaiting their retry, when several decoders read one trace
   * (a HAR's entries): the retry may come on another exchange than the result it answers.
   */
  inputs?: InputRequests;
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
  // A client named without a session (`oatf record`'s HTTP proxy, MCP 2026-07-28) is the
  // message's session; ids stay scoped to the connection (one HTTP exchange).
  const client = value.client;
  if (typeof connection === "string")
    return {
      key: `c${connection.length}:${connection}`,
      name: typeof client === "string" ? client : connection,
    };
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

/**
 * Emits a message with its line's actor, session, timestamp and line (absent fields left
 * out); returns it.
 */
function located(
  out: TraceRecord[],
  message: Omit<TraceMessage, "line" | "actor" | "timestamp" | "session">,
  { actor, session, timestamp, line }: Heard,
): TraceMessage & { line: number } {
  const m = message as TraceMessage & { line: number };
  if (actor !== undefined) m.actor = actor;
  if (session !== undefined) m.session = session;
  if (timestamp !== undefined) m.timestamp = timestamp;
  m.line = line;
  out.push({ kind: "message", message: m });
  return m;
}
const isId = (id: unknown) => typeof id === "string" || typeof id === "number";
/** A response by its members (an id, and a result or an error), not its `jsonrpc`. */
const isResponseShaped = (rpc: Record<string, unknown>) =>
  rpc.method === undefined &&
  isId(rpc.id) &&
  (Object.hasOwn(rpc, "result") || Object.hasOwn(rpc, "error"));

/** What a line says around its JSON-RPC message: who sent it, when, on which connection. */
interface Heard {
  line: number;
  side: Side;
  actor: string | undefined;
  /** The actor as correlation keys it: "" for none, else `a` + the actor. */
  actorKey: string;
  /** The scope's key ("" for none) and its session or connection id. */
  scope: string;
  session: string | undefined;
  timestamp: string | undefined;
  /** The line's own `protocol`, which wins over the connection's. */
  given: string | undefined;
  connection: Connection;
}

/**
 * Reads each element of a JSON-RPC batch (bare, or a wrapped line's `message`) with `each`,
 * sharing the line's cost among them. Batches do not nest: an element that is an array is
 * refused, never read recursively.
 */
function batch(
  elements: unknown[],
  line: number,
  share: number,
  out: TraceRecord[],
  each: (element: unknown, share: number) => void,
): void {
  if (elements.length === 0) {
    problem(out, line, "T-SHAPE", "an empty JSON-RPC batch");
    return;
  }
  const cost = Math.ceil(share / elements.length);
  for (const element of elements) {
    if (Array.isArray(element))
      problem(out, line, "T-SHAPE", "a JSON-RPC batch element must be an object");
    else each(element, cost);
  }
}

export function jsonRpcDecoder(options: JsonRpcOptions = {}): JsonRpcDecoder {
  const { connectionOf, protocolFor } = connections(options.protocol, options.modes ?? []);
  const { remember, answered, settle } = correlation();
  const inputs = options.inputs ?? new InputRequests();

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
    if (wrapped && Array.isArray(value.message))
      return batch(value.message, line, share, out, (message, each) =>
        one({ ...value, message }, line, each, out, bare),
      );
    const rpc = wrapped ? value.message : value;
    // The recorder's note on what it could not log as a message (cut, not JSON, not decoded):
    // said as the error it is, in the recorder's words.
    if (wrapped && typeof value.note === "string" && !isObject(rpc))
      return problem(out, line, "T-SHAPE", `not read: ${value.note.slice(0, 300)}`);
    // A response is read whatever its `jsonrpc` says: the A2A SDK's v0.3 transport reads one
    // without it, and what a client reads, the reader reads (issue 33 §5).
    if (!isObject(rpc) || (rpc.jsonrpc !== "2.0" && !isResponseShaped(rpc))) {
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
      actorKey: actor === undefined ? "" : `a${actor}`,
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
    const { line, side, actor, actorKey, scope, given, connection } = heard;
    const own = scope === "" ? undefined : `${scope}|${actor ?? ""}`;
    const protocol = given ?? protocolFor(connection, sent, line, out, own);
    // A2A v1.0 names map onto the binding's v0.3 names; the sent name stays on the message.
    const { operation: method, native } =
      protocol === "a2a" ? a2aMethod(sent) : { operation: sent };
    const params = rpc.params as Value | undefined;
    // MCP 2026-07-28: a retry's `inputResponses` answer the input requests of the result it
    // continues, before the retry itself is sent.
    if (protocol === "mcp")
      for (const input of inputs.answered(params, line, out))
        located(
          out,
          {
            protocol,
            direction: "response",
            operation: input.method,
            content: input.content as Value,
          },
          heard,
        );
    if (isId(rpc.id)) {
      const enriched =
        protocol === "mcp" &&
        (method === "tools/call" || method === "prompts/get") &&
        isObject(params);
      remember(
        {
          key: slotKey(side, rpc.id, scope, actorKey),
          side,
          // One shape for every request (no spread): the common log names nothing.
          named:
            scope === "" && actor === undefined
              ? undefined
              : { base: idBase(side, rpc.id), scope: scope, actor: actorKey },
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
      out,
      { protocol, direction: "request", operation: method, content: params ?? {} },
      heard,
    );
    if (native !== undefined) a2aV1(message, native);
  }

  /** A response, read as the response of the requests of its id it answers. */
  function response(rpc: Record<string, unknown>, heard: Heard, out: TraceRecord[]) {
    const { line, side, actorKey, scope, given, connection } = heard;
    const isResult = Object.hasOwn(rpc, "result");
    if (!isResult && !Object.hasOwn(rpc, "error")) {
      return problem(
        out,
        line,
        "T-SHAPE",
        "a JSON-RPC message needs a method, a result or an error",
      );
    }
    // JSON-RPC 2.0 §5: an error whose request's id could not be read (an MCP server's 405 to
    // an HTTP GET) answers no request: said as such, not evaluated as anyone's response.
    if (rpc.id === null && !isResult)
      return problem(
        out,
        line,
        "T-ID-NULL",
        `an error answering no request (id null): ${preview(rpc.error)}`,
      );
    const waiting = isId(rpc.id) ? answered(scope, actorKey, side, rpc.id) : [];
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
      located(out, { protocol, direction: "response", operation: "", content }, heard);
      if (protocol === "mcp" && isResult) asked(content, heard, out);
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
      if ((named?.scope ?? "") !== scope || (named?.actor ?? "") !== actorKey)
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
        const read = a2aResult(request.method, content, request.native !== undefined);
        body = read.content;
        final ||= read.final;
        if (read.problem !== undefined) problem(out, line, "T-A2A-ITEM", read.problem);
        if (read.projected !== undefined)
          projected = { operation: read.projected, content: read.content };
      }
      const params = request.params;
      const enrich = isResult && isObject(body) && isObject(params);
      const message = located(
        out,
        {
          protocol: request.protocol,
          direction: "response",
          operation: request.method,
          content: enrich ? merged(params as object, body as object) : body,
        },
        heard,
      );
      if (request.native !== undefined) a2aV1(message, request.native, { wire: content, isResult });
    }
    // Format §7.2.2: a status-update / artifact-update item is also `task/status` /
    // `task/artifact`, a message of its own on the same line (one operation per message).
    if (projected !== undefined)
      located(out, { protocol: "a2a", direction: "response", ...projected }, heard);
    settle(found.waiting, requests, final);
    if (isResult && requests.some((r) => r.protocol === "mcp")) asked(content, heard, out);
  }

  /**
   * MCP 2026-07-28: an `input_required` result's input requests are the server's requests of
   * the binding (`elicitation/create`, `sampling/createMessage`, `roots/list`).
   */
  function asked(result: Value, heard: Heard, out: TraceRecord[]) {
    for (const input of inputs.asked(result, heard.line, out))
      located(
        out,
        {
          protocol: "mcp",
          direction: "request",
          operation: input.method,
          content: input.content as Value,
        },
        heard,
      );
  }

  /** One JSON text: a message, a wrapped message, or a batch of either. */
  function json(text: string, line: number, out: TraceRecord[], bare: Side) {
    const value = parseLine(text, line, out);
    if (value === undefined) return;
    if (!Array.isArray(value)) return one(value, line, text.length, out, bare);
    batch(value, line, text.length, out, (element, each) => one(element, line, each, out, bare));
  }

  return {
    // SSE events in the log (MCP Streamable HTTP, A2A `message/stream`) come from the server.
    ...sseLog(
      (data, line, out) => json(data, line, out, "in"),
      (text, line, out) => json(text, line, out, ""),
      options.maxEventLength,
    ),
    body(text, line, out, sender) {
      const bare: Side = sender === "client" ? "out" : sender === "server" ? "in" : "";
      // A line of an SSE body that is not SSE is read as a JSON line, as in a log.
      const events = sseLog(
        (data, _, out) => json(data, line, out, sender === undefined ? "in" : bare),
        (text, _, out) => json(text, line, out, bare),
        options.maxEventLength,
      );
      if (!readSseBody(text, line, events, out)) json(text, line, out, bare);
    },
  };
}
