// A2A spans as exchanges. There are no semantic conventions for A2A content; what exists is
// the RPC conventions' method (`rpc.method` on a JSON-RPC span) and the a2a-python SDK's own
// spans (scope `a2a-python-sdk`, named `<module>.<Class>.<method>`: the server's
// `DefaultRequestHandler.on_message_send`, the client transports' `send_message`), neither of
// which carries the params or the result: the exchange says the call happened, with its
// content uncaptured (`""`), so an indicator on it is never silently not matched.
import { a2aOperationOfV1, isSurfaceValidForProtocol } from "@oatf/registries";
import { type Exchange, errorOf, sessionOf, stringAttribute } from "./exchange.js";
import type { OtlpSpan } from "./spans.js";

const A2A_PYTHON_SCOPE = "a2a-python-sdk";

/** The a2a-python SDK's traced methods (request handler, client transports) → A2A methods. */
const A2A_PYTHON_METHODS: Record<string, string> = {
  on_message_send: "message/send",
  on_message_send_stream: "message/stream",
  on_get_task: "tasks/get",
  on_cancel_task: "tasks/cancel",
  on_resubscribe_to_task: "tasks/resubscribe",
  on_set_task_push_notification_config: "tasks/pushNotificationConfig/set",
  on_get_task_push_notification_config: "tasks/pushNotificationConfig/get",
  on_list_task_push_notification_config: "tasks/pushNotificationConfig/list",
  on_delete_task_push_notification_config: "tasks/pushNotificationConfig/delete",
  send_message: "message/send",
  send_message_streaming: "message/stream",
  get_task: "tasks/get",
  cancel_task: "tasks/cancel",
  resubscribe: "tasks/resubscribe",
  set_task_callback: "tasks/pushNotificationConfig/set",
  get_task_callback: "tasks/pushNotificationConfig/get",
  get_card: "agent_card/get",
};

/** The A2A method of a span, or undefined when it is no A2A call. */
export function a2aMethod(span: OtlpSpan): string | undefined {
  const rpc = stringAttribute(span, "rpc.method");
  if (rpc !== undefined) {
    const method = a2aOperationOfV1(rpc) ?? rpc;
    // MCP spans name their method in `mcp.method.name` (read first), so a JSON-RPC span whose
    // method A2A has (`tasks/get`, which MCP has too) is taken for A2A.
    return isSurfaceValidForProtocol("a2a", method) ? method : undefined;
  }
  if (span.scope !== A2A_PYTHON_SCOPE) return undefined;
  // The server's request handler and the client's transports; the JSON-RPC layer above the
  // handler traces the same calls again and is left out.
  const [owner, name] = span.name.split(".").slice(-2);
  if (owner === undefined || name === undefined) return undefined;
  if (owner !== "DefaultRequestHandler" && !owner.endsWith("Transport")) return undefined;
  return Object.hasOwn(A2A_PYTHON_METHODS, name) ? A2A_PYTHON_METHODS[name] : undefined;
}

export function a2aExchange(span: OtlpSpan, method: string): Exchange {
  const error = errorOf(span);
  const session = sessionOf(span);
  return {
    protocol: "a2a",
    method,
    notification: false,
    params: {},
    paramsMissing: [""],
    result: error ?? {},
    resultMissing: error === undefined ? [""] : [],
    error: error !== undefined,
    ...(session === undefined ? {} : { session }),
  };
}
