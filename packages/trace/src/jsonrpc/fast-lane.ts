// The ordinary line of an MCP proxy log, read without the general path's work (issue 32 §5:
// reading costs little more than parsing). Ordinary is a wrapped line that says nothing
// but its timestamp and direction, as `oatf record` writes it:
//
//   {timestamp?, direction: "send"|"receive", message: {jsonrpc: "2.0", ...}}
//
// holding a request or notification of a method that is not A2A (and no MCP input
// responses) on a connection read as MCP, or a result (that asks no MCP input) answered by
// the held request alone (correlation.ts) of MCP. Such a line is read through the same state
// (the connection, the held request, the pending table) and the same helpers as the full
// path (read.ts), into the same records; any other line, and every doubt, is left to the
// full path before anything is changed.
import type { Value } from "@oatf/model";
import { isObject } from "@oatf/model/rules";
import { type TraceRecord, timestampOf } from "../record.js";
import { agreed, bindingOf } from "./connections.js";
import type { Side } from "./correlation.js";
import { type DecoderState, unnamed } from "./heard.js";
import { waiting } from "./request.js";
import { merged } from "./response.js";

type Members = Record<string, unknown>;

/**
 * Reads `value` (a line's JSON, not an array) when it is an ordinary line; false, with
 * nothing changed, for any other.
 */
export function ordinary(
  state: DecoderState,
  value: unknown,
  line: number,
  share: number,
  out: TraceRecord[],
): boolean {
  if (typeof value !== "object" || value === null) return false;
  const wrapper = value as Members;
  const rpc = wrapper.message as Members;
  const direction = wrapper.direction;
  const side: Side | undefined =
    direction === "send" ? "out" : direction === "receive" ? "in" : undefined;
  if (
    side === undefined ||
    typeof rpc !== "object" ||
    rpc === null ||
    rpc.jsonrpc !== "2.0" ||
    wrapper.jsonrpc !== undefined ||
    wrapper.actor !== undefined ||
    wrapper.session !== undefined ||
    wrapper.connection !== undefined ||
    wrapper.client !== undefined ||
    wrapper.protocol !== undefined ||
    wrapper.note !== undefined
  )
    return false;
  const id = rpc.id;
  if (id !== undefined && typeof id !== "number" && typeof id !== "string") return false;
  const method = rpc.method;
  const timestamp = timestampOf(wrapper.timestamp);
  if (typeof method === "string")
    return request(state, rpc, method, id, side, timestamp, line, share, out);
  return (
    method === undefined && id !== undefined && response(state, rpc, id, side, timestamp, line, out)
  );
}

function request(
  state: DecoderState,
  rpc: Members,
  method: string,
  id: string | number | undefined,
  side: Side,
  timestamp: string | undefined,
  line: number,
  share: number,
  out: TraceRecord[],
): boolean {
  const params = rpc.params as Value | undefined;
  if (
    bindingOf(method) === "a2a" ||
    (params as { inputResponses?: unknown })?.inputResponses !== undefined
  )
    return false;
  // What the full path does first; asked again there, it changes nothing more (it only
  // creates a missing connection).
  const connection = state.connectionOf(undefined, "", line, out);
  if (connection.protocol !== "mcp") return false;
  agreed(connection);
  if (id !== undefined)
    state.remember(
      waiting(side, id, "", undefined, "", method, undefined, "mcp", params, share),
      line,
      out,
    );
  unnamed(out, "mcp", "request", method, params ?? {}, timestamp, line);
  return true;
}

function response(
  state: DecoderState,
  rpc: Members,
  id: string | number,
  side: Side,
  timestamp: string | undefined,
  line: number,
  out: TraceRecord[],
): boolean {
  // A parsed object's `result` is its own (`Object.hasOwn`, which the full path asks).
  const result = rpc.result as Value;
  if (typeof result !== "object" || result === null || (result as Members).resultType !== undefined)
    return false;
  state.connectionOf(undefined, "", line, out);
  const request = state.takeHeld(side, id, "mcp");
  if (request === undefined) return false;
  const params = request.params;
  const content = isObject(params) && isObject(result) ? merged(params, result) : result;
  unnamed(out, "mcp", "response", request.method, content, timestamp, line);
  return true;
}
