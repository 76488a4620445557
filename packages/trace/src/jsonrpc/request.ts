// A JSON-RPC request or notification read from a log (SDK §4.1): a `request` message whose
// content is `params`, its id remembered (correlation.ts) for the response; MCP 2026-07-28
// retries answer the input requests they carry first.

import type { Value } from "@oatf/model";
import { isObject } from "@oatf/model/rules";
import type { TraceRecord } from "../record.js";
import { a2aMethod, a2aV1, isStreaming } from "./a2a.js";
import { ENTRY_COST } from "./connections.js";
import type { Request, Side } from "./correlation.js";
import { type DecoderState, type Heard, isId, located } from "./heard.js";
import { idBase, slotKey } from "./pending-ids.js";

export function readRequest(
  state: DecoderState,
  rpc: Record<string, unknown>,
  sent: string,
  heard: Heard,
  share: number,
  out: TraceRecord[],
): void {
  const { line, side, actor, actorKey, scope, given, connection } = heard;
  const own = scope === "" ? undefined : `${scope}|${actor ?? ""}`;
  const protocol = given ?? state.protocolFor(connection, sent, line, out, own);
  // A2A v1.0 names map onto the binding's v0.3 names; the sent name stays on the message.
  let method = sent;
  let native: string | undefined;
  if (protocol === "a2a") ({ operation: method, native } = a2aMethod(sent));
  const params = rpc.params as Value | undefined;
  // MCP 2026-07-28: a retry's `inputResponses` answer the input requests of the result it
  // continues, before the retry itself is sent (looked for only where params carry them).
  if (protocol === "mcp" && (params as { inputResponses?: unknown })?.inputResponses !== undefined)
    for (const input of state.inputs.answered(params, line, out))
      located(out, protocol, "response", input.method, input.content as Value, heard);
  if (isId(rpc.id))
    state.remember(
      waiting(side, rpc.id, scope, actor, actorKey, method, native, protocol, params, share),
      line,
      out,
    );
  const message = located(out, protocol, "request", method, params ?? {}, heard);
  if (native !== undefined) a2aV1(message, native);
}

/**
 * A request of `id` as it waits for its response (correlation.ts), its `params` kept when the
 * response will be enriched with them (charged at its line's length, `share`).
 */
export function waiting(
  side: Side,
  id: string | number,
  scope: string,
  actor: string | undefined,
  actorKey: string,
  method: string,
  native: string | undefined,
  protocol: string,
  params: Value | undefined,
  share: number,
): Request {
  const enriched =
    protocol === "mcp" && (method === "tools/call" || method === "prompts/get") && isObject(params);
  return {
    key: slotKey(side, id, scope, actorKey),
    side,
    // One shape for every request (no spread): the common log names nothing.
    named:
      scope === "" && actor === undefined
        ? undefined
        : { base: idBase(side, id), scope: scope, actor: actorKey },
    method,
    native,
    streaming: protocol === "a2a" && isStreaming(method),
    answered: false,
    protocol,
    params: enriched ? params : undefined,
    cost:
      ENTRY_COST + method.length + (native?.length ?? 0) + protocol.length + (enriched ? share : 0),
  };
}
