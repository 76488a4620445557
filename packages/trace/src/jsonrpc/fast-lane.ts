// The ordinary message of an MCP proxy log, read without the general path's work
// (issue 32 §5: reading costs little more than parsing). Ordinary is a message whose line
// names no actor, session, connection or protocol (read.ts has checked its shape and read
// its direction and timestamp) and that is a request or notification of a method that is
// not A2A (carrying no MCP input responses) on a connection read as MCP, or a result (asking
// no MCP input) that the held request of MCP alone answers (correlation.ts). It is read
// through the same state (the connection, the held request, the pending table) and the same
// helpers as the full path, into the same records; any other message, and every doubt, is
// left to the full path before anything is changed.
import type { Value } from "@oatf/model";
import { isObject } from "@oatf/model/rules";
import type { TraceRecord } from "../record.js";
import { agreed, bindingOf } from "./connections.js";
import type { Side } from "./correlation.js";
import { type DecoderState, isId, unnamed } from "./heard.js";
import { waiting } from "./request.js";
import { merged } from "./response.js";

/** Reads an ordinary message; false, with nothing changed, for any other. */
export function ordinary(
  state: DecoderState,
  rpc: Record<string, unknown>,
  id: unknown,
  side: Side,
  timestamp: string | undefined,
  line: number,
  share: number,
  out: TraceRecord[],
): boolean {
  // What the full path does first; asked again there, it changes nothing more (it only
  // creates a missing connection).
  const connection = state.connectionOf(undefined, "", line, out);
  const method = rpc.method;
  if (typeof method === "string") {
    const params = rpc.params as Value | undefined;
    if (
      connection.protocol !== "mcp" ||
      bindingOf(method) === "a2a" ||
      (params as { inputResponses?: unknown })?.inputResponses !== undefined
    )
      return false;
    agreed(connection);
    if (isId(id))
      state.remember(
        waiting(side, id, "", undefined, "", method, undefined, "mcp", params, share),
        line,
        out,
      );
    unnamed(out, "mcp", "request", method, params ?? {}, timestamp, line);
    return true;
  }
  // A response whatever else its `method` is (the full path does not read it). A parsed
  // object's `result` is its own (`Object.hasOwn`, which the full path asks).
  const result = rpc.result as Value;
  if (
    !isId(id) ||
    typeof result !== "object" ||
    result === null ||
    (result as { resultType?: unknown }).resultType !== undefined
  )
    return false;
  const request = state.takeHeld(side, id, "mcp");
  if (request === undefined) return false;
  const params = request.params;
  const content = isObject(params) && isObject(result) ? merged(params, result) : result;
  unnamed(out, "mcp", "response", request.method, content, timestamp, line);
  return true;
}
