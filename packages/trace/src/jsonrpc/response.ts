// A JSON-RPC response read from a log (SDK §4.1 correlation; issue 23), by what correlation.ts
// finds waiting for its id:
//
//   no request (or one forgotten) ──▶ a response of operation "" (every surface),
//       T-UNCORRELATED; an A2A-looking result tells a default connection it is A2A
//   more than MAX_REQUESTS_PER_ID requests ──▶ the same, T-AMBIGUOUS-ID
//   several requests ──▶ a response to each, T-AMBIGUOUS-ID
//   one request, named otherwise (actor, session) ──▶ its response, T-AMBIGUOUS-ID
//   one request ──▶ its response, `{...params, ...result}` for MCP tools/call and prompts/get
//
// A stream's item (A2A `message/stream`) leaves its request waiting until its last item; an
// MCP 2026-07-28 `input_required` result asks its input requests.
import type { Value } from "@oatf/model";
import { isObject } from "@oatf/model/rules";
import { preview, problem, type TraceRecord, unattributed } from "../record.js";
import { a2aResult, a2aV1, looksLikeA2aResult } from "./a2a.js";
import { MAX_REQUESTS_PER_ID, type Request } from "./correlation.js";
import { asked, type DecoderState, type Heard, isId, located } from "./heard.js";

/**
 * `{...params, ...result}` (SDK §4.1 enrichment). `Object.assign` copies several times
 * faster than spread on the parsed objects of a log (one source at a time, twice as fast
 * again), but it assigns: an own `__proto__` key (JSON.parse makes one) would become the
 * prototype, so such objects are copied by `Object.fromEntries`, which defines each key as
 * data (a later one's value in the first one's place, as spread does). An object has an own
 * `__proto__` key when reading it gives anything but its prototype (a parsed object's is
 * `Object.prototype`, which no parsed value is): read faster than `Object.hasOwn` asks.
 */
export function merged(params: object, result: object): Value {
  if (prototypeRead(params) && prototypeRead(result))
    return Object.assign(Object.assign({}, params), result) as Value;
  return Object.fromEntries([...Object.entries(params), ...Object.entries(result)]) as Value;
}

/** Whether reading `__proto__` of a parsed object gives its prototype: it has no such own key. */
const prototypeRead = (value: object) =>
  // biome-ignore lint/suspicious/noProto: telling an own `__proto__` key is the point
  (value as { __proto__: unknown }).__proto__ === Object.prototype;

const responseTo = (id: unknown) => `response to id ${preview(id)}`;

/** A response, read as the response of the requests of its id it answers. */
export function readResponse(
  state: DecoderState,
  rpc: Record<string, unknown>,
  heard: Heard,
  out: TraceRecord[],
) {
  const { line, side, actorKey, scope } = heard;
  const isResult = Object.hasOwn(rpc, "result");
  if (!isResult && !Object.hasOwn(rpc, "error")) {
    return problem(out, line, "T-SHAPE", "a JSON-RPC message needs a method, a result or an error");
  }
  // JSON-RPC 2.0 (its section 5): an error whose request's id could not be read (an MCP server's 405 to
  // an HTTP GET) answers no request: said as such, not evaluated as anyone's response.
  if (rpc.id === null && !isResult)
    return problem(
      out,
      line,
      "T-ID-NULL",
      `an error answering no request (id null): ${preview(rpc.error)}`,
    );
  const requests = isId(rpc.id) ? state.answered(scope, actorKey, side, rpc.id) : [];
  const content = (isResult ? rpc.result : rpc.error) as Value;
  // Past the per-id bound (lists of several connections), it is read as no one's: still
  // evaluated against every surface, and said, but never multiplied into that many messages.
  const tooMany = requests.length > MAX_REQUESTS_PER_ID;
  if (requests.length === 0 || tooMany)
    return uncorrelated(state, rpc.id, tooMany, isResult, content, heard, out);
  correlated(state, rpc.id, requests, isResult, content, heard, out);
}

/** A response no request (or too many) of its id awaits: of operation "", said. */
function uncorrelated(
  state: DecoderState,
  id: unknown,
  tooMany: boolean,
  isResult: boolean,
  content: Value,
  heard: Heard,
  out: TraceRecord[],
): void {
  const { line, given, connection } = heard;
  const unknown = `: its operation is unknown (""), so it is evaluated against every surface`;
  if (tooMany)
    unattributed(
      out,
      line,
      "T-AMBIGUOUS-ID",
      `${responseTo(id)}, which more than ${MAX_REQUESTS_PER_ID} requests on the connections it may belong to carry${unknown}`,
    );
  else
    unattributed(out, line, "T-UNCORRELATED", `${responseTo(id)} has no earlier request${unknown}`);
  // A Task, Message or stream event tells an A2A connection, as an A2A method would.
  if (given === undefined && connection.by === "default" && isResult && looksLikeA2aResult(content))
    state.protocolFor(connection, "message/stream", line, out);
  const protocol = given ?? connection.protocol;
  located(out, protocol, "response", "", content, heard);
  if (protocol === "mcp" && isResult) asked(state, content, heard, out);
}

/** A response to the requests of its id that await it: a response message to each. */
function correlated(
  state: DecoderState,
  id: unknown,
  requests: readonly Request[],
  isResult: boolean,
  content: Value,
  heard: Heard,
  out: TraceRecord[],
): void {
  const { line, actorKey, scope } = heard;
  // One item of a stream answers; the stream stays open for the next until its last item.
  let streams = true;
  let mcp = false;
  for (const r of requests) {
    streams &&= r.streaming;
    mcp ||= r.protocol === "mcp";
  }
  if (requests.length > 1) {
    unattributed(
      out,
      line,
      "T-AMBIGUOUS-ID",
      `${responseTo(id)}, which ${requests.length} requests carry: read as a response to each (${requests.map((r) => preview(r.method)).join(", ")})`,
    );
  } else {
    const named = requests[0]!.named;
    if ((named?.scope ?? "") !== scope || (named?.actor ?? "") !== actorKey)
      unattributed(
        out,
        line,
        "T-AMBIGUOUS-ID",
        `${responseTo(id)} and its request ${preview(requests[0]!.method)} do not both name their actor and session/connection: read as its response, but it may be another connection's`,
      );
  }
  let projected: { operation: string; content: Value } | undefined;
  let final = !(isResult && streams);
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
      request.protocol,
      "response",
      request.method,
      enrich ? merged(params as object, body as object) : body,
      heard,
    );
    if (request.native !== undefined) a2aV1(message, request.native, { wire: content, isResult });
  }
  // Format §7.2.2: a status-update / artifact-update item is also `task/status` /
  // `task/artifact`, a message of its own on the same line (one operation per message).
  if (projected !== undefined)
    located(out, "a2a", "response", projected.operation, projected.content, heard);
  state.settle(requests, final);
  if (isResult && mcp) asked(state, content, heard, out);
}
