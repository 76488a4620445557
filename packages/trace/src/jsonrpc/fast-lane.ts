// The ordinary response of an MCP proxy log, read without the general path's work
// (issue 32 §5: reading costs little more than parsing): a result (asking no MCP input)
// whose line names no actor, session, connection or protocol, answered by the held request
// (correlation.ts) of MCP alone. It is read through the same state (the held request, the
// pending table) and the same helpers as the full path (response.ts), into the same
// records; any other message, and every doubt, is left to the full path before anything is
// changed.
import type { Value } from "@oatf/model";
import { isObject } from "@oatf/model/rules";
import type { TraceRecord } from "../record.js";
import { type DecoderState, type Heard, isId, located } from "./heard.js";
import { merged } from "./response.js";

/** Reads an ordinary response; false, with nothing changed, for any other message. */
export function ordinary(
  state: DecoderState,
  rpc: Record<string, unknown>,
  heard: Heard,
  out: TraceRecord[],
): boolean {
  const id = rpc.id;
  // A parsed object's `result` is its own (`Object.hasOwn`, which the full path asks).
  const result = rpc.result as Value;
  if (
    heard.actor !== undefined ||
    heard.scope !== "" ||
    heard.given !== undefined ||
    !isId(id) ||
    typeof result !== "object" ||
    result === null ||
    (result as { resultType?: unknown }).resultType !== undefined
  )
    return false;
  const request = state.takeHeld(heard.side, id, "mcp");
  if (request === undefined) return false;
  const params = request.params;
  const content = isObject(params) && isObject(result) ? merged(params, result) : result;
  located(out, "mcp", "response", request.method, content, heard);
  return true;
}
