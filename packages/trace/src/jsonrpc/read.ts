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
import { isObject } from "@oatf/model/rules";
import {
  type LineDecoder,
  parseLine,
  preview,
  problem,
  type TraceRecord,
  timestampOf,
} from "../record.js";
import { readSseBody, sseLog } from "../sse/events.js";
import { connections } from "./connections.js";
import { correlation, type Side } from "./correlation.js";
import { ordinary } from "./fast-lane.js";
import { type DecoderState, type Heard, isId } from "./heard.js";
import { InputRequests } from "./input-required.js";
import { readRequest } from "./request.js";
import { readResponse } from "./response.js";

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
  // The recorder's own words first, compared without a lookup (read on every line).
  if (direction === "send") return "out";
  if (direction === "receive") return "in";
  if (typeof direction !== "string") return undefined;
  // Most logs spell it one way already: no copies for them.
  return SIDE_OF.get(direction) ?? SIDE_OF.get(direction.trim().toLowerCase());
}

interface Scope {
  /** "" for none; never aliases across kinds (`s`/`c` and the length come first). */
  key: string;
  /** The session or connection id, carried onto the message as `session`. */
  name?: string | undefined;
  /** The run, carried onto the message as `run`. */
  run?: string;
}
const NO_SCOPE: Scope = { key: "" };

/**
 * The transport scope a wrapped line names: its MCP session (`session`), which may span
 * several proxy connections, else its proxy connection (`connection`), as
 * `oatf record --listen` writes them; within its run (`run`, as `oatf record --run` writes
 * it): two runs never share a connection, so ids are matched within a run.
 */
function scopeOf(value: Record<string, unknown>): Scope {
  const transport = transportOf(value);
  const run = value.run;
  if (typeof run !== "string") return transport;
  return { key: `r${run.length}:${run}${transport.key}`, name: transport.name, run };
}

function transportOf(value: Record<string, unknown>): Scope {
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

/** A line that is not a JSON-RPC message (or batch) of the shape it must have. */
const shape = (out: TraceRecord[], line: number, why: string) => problem(out, line, "T-SHAPE", why);

/** A response by its members (an id, and a result or an error), not its `jsonrpc`. */
const isResponseShaped = (rpc: Record<string, unknown>) =>
  rpc.method === undefined &&
  isId(rpc.id) &&
  (Object.hasOwn(rpc, "result") || Object.hasOwn(rpc, "error"));

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
    shape(out, line, "an empty JSON-RPC batch");
    return;
  }
  const cost = Math.ceil(share / elements.length);
  for (const element of elements) {
    if (Array.isArray(element)) shape(out, line, "a JSON-RPC batch element must be an object");
    else each(element, cost);
  }
}

/** One JSON-RPC message, wrapped or bare (or a wrapped batch), as a request or a response. */
function one(
  state: DecoderState,
  value: unknown,
  line: number,
  share: number,
  out: TraceRecord[],
  bare: Side,
) {
  if (!isObject(value)) return shape(out, line, "not a JSON-RPC message object");
  // A synthetic line (e.g. A2A `agent_card/get`, which has no JSON-RPC method) in the
  // SDK's own message shape passes through.
  // Each member is read once (a line's cost is mostly its parse: the rest adds up).
  const jsonrpc = value.jsonrpc;
  const inner = value.message;
  if (jsonrpc === undefined && inner === undefined) {
    const why = traceMessageProblem(value);
    if (why !== undefined) return shape(out, line, `not JSON-RPC 2.0 (${why})`);
    // The parsed object is this reader's own: `line` is set on it, not copied in.
    const message = value as unknown as TraceMessage & { line: number };
    message.line = line;
    out.push({ kind: "message", message });
    return;
  }
  const wrapped = jsonrpc === undefined;
  if (wrapped && Array.isArray(inner))
    return batch(inner, line, share, out, (message, each) =>
      one(state, { ...value, message }, line, each, out, bare),
    );
  const rpc = wrapped ? inner : value;
  // The recorder's note on what it could not log as a message (cut, not JSON, not decoded):
  // said as the error it is, in the recorder's words.
  if (wrapped && typeof value.note === "string" && !isObject(rpc))
    return shape(out, line, `not read: ${value.note.slice(0, 300)}`);
  // A response is read whatever its `jsonrpc` says: the A2A SDK's v0.3 transport reads one
  // without it, and what a client reads, the reader reads (issue 33 §5).
  if (!isObject(rpc) || (rpc.jsonrpc !== "2.0" && !isResponseShaped(rpc))) {
    return shape(out, line, 'not a JSON-RPC 2.0 message ("jsonrpc": "2.0")');
  }
  const side = wrapped ? sideOf(value.direction) : bare;
  if (side === undefined) {
    return shape(out, line, `unknown direction ${preview(value.direction)}`);
  }
  const id = rpc.id;
  if (id !== undefined && id !== null && !isId(id)) {
    return shape(out, line, "a JSON-RPC id must be a string, a number or null");
  }
  const actor = wrapped && typeof value.actor === "string" ? value.actor : undefined;
  const scope = wrapped ? scopeOf(value) : NO_SCOPE;
  const timestamp = wrapped ? timestampOf(value.timestamp) : undefined;
  const given = wrapped && typeof value.protocol === "string" ? value.protocol : undefined;
  // A message whose line names no actor, session, connection, run or protocol may be ordinary.
  if (
    state.fastLane &&
    actor === undefined &&
    scope === NO_SCOPE &&
    given === undefined &&
    ordinary(state, rpc, id, side, timestamp, line, share, out)
  )
    return;
  // The decoder's one Heard, filled for this message.
  const heard = state.heard;
  heard.line = line;
  heard.side = side;
  heard.actor = actor;
  heard.actorKey = actor === undefined ? "" : `a${actor}`;
  heard.scope = scope.key;
  heard.session = scope.name;
  heard.run = scope.run;
  heard.timestamp = timestamp;
  heard.given = given;
  heard.connection = state.connectionOf(actor, scope.key, line, out);
  const method = rpc.method;
  if (typeof method === "string") readRequest(state, rpc, method, heard, share, out);
  else readResponse(state, rpc, heard, out);
}

/** One JSON text: a message, a wrapped message, or a batch of either. */
function json(state: DecoderState, text: string, line: number, out: TraceRecord[], bare: Side) {
  const value = parseLine(text, line, out);
  if (value === undefined) return;
  if (!Array.isArray(value)) return one(state, value, line, text.length, out, bare);
  batch(value, line, text.length, out, (element, each) =>
    one(state, element, line, each, out, bare),
  );
}

export function jsonRpcDecoder(options: JsonRpcOptions = {}): JsonRpcDecoder {
  return decoder(options, true);
}

/**
 * The decoder; `fastLane` (on in `jsonRpcDecoder`; off only to test it against the full
 * path alone) reads the ordinary message by fast-lane.ts.
 */
export function decoder(options: JsonRpcOptions, fastLane: boolean): JsonRpcDecoder {
  // Built member by member, not by spreading: a spread makes each decoder's object a map of
  // its own, so that the members read on every line were megamorphic loads after a few
  // readers (each `readTrace` makes one), and their closures were not inlined.
  const { connectionOf, protocolFor } = connections(options.protocol, options.modes ?? []);
  const { remember, answered, settle, takeHeld } = correlation();
  const state: DecoderState = {
    connectionOf,
    protocolFor,
    remember,
    answered,
    settle,
    takeHeld,
    inputs: options.inputs ?? new InputRequests(),
    fastLane,
    // Filled by each message before it is read (always in the same order: one shape).
    heard: {} as Heard,
  };
  // SSE events in the log (MCP Streamable HTTP, A2A `message/stream`) come from the server.
  const log = sseLog(
    (data, line, out) => json(state, data, line, out, "in"),
    (text, line, out) => json(state, text, line, out, ""),
    options.maxEventLength,
  );
  return {
    line: log.line,
    dropped: log.dropped,
    end: log.end,
    body(text, line, out, sender) {
      const bare: Side = sender === "client" ? "out" : sender === "server" ? "in" : "";
      // A line of an SSE body that is not SSE is read as a JSON line, as in a log.
      const events = sseLog(
        (data, _, out) => json(state, data, line, out, sender === undefined ? "in" : bare),
        (text, _, out) => json(state, text, line, out, bare),
        options.maxEventLength,
      );
      if (!readSseBody(text, line, events, out)) json(state, text, line, out, bare);
    },
  };
}
