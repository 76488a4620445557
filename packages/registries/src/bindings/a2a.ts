// A2A binding (format §7.2), pinned to A2A v0.3.0. Format §7.2.2 uses A2A's JSON-RPC method names
// plus three synthetic names, and defers to the A2A specification for the full method list.
import { unique } from "./unique.js";

/** A2A v0.3.0 JSON-RPC methods (a client sends them; a server receives them). */
const METHODS = [
  "message/send",
  "message/stream",
  "tasks/get",
  "tasks/cancel",
  "tasks/resubscribe",
  "tasks/pushNotificationConfig/set",
  "tasks/pushNotificationConfig/get",
  "tasks/pushNotificationConfig/list",
  "tasks/pushNotificationConfig/delete",
  "agent/getAuthenticatedExtendedCard",
] as const;

/** Synthetic name for `GET /.well-known/agent-card.json`, which has no JSON-RPC method. */
const AGENT_CARD = "agent_card/get";

/** Synthetic names projected from SSE `result.kind` `status-update` / `artifact-update`; client-mode only. */
const STREAM_EVENTS = ["task/status", "task/artifact"] as const;

export type A2aOperation =
  | (typeof METHODS)[number]
  | typeof AGENT_CARD
  | (typeof STREAM_EVENTS)[number];

/** Every A2A operation name: the valid `surface` values for `protocol: a2a` (V-018). */
export const A2A_OPERATIONS: readonly A2aOperation[] = unique<A2aOperation>([
  AGENT_CARD,
  ...METHODS,
  ...STREAM_EVENTS,
]);

/**
 * Format §7.2.2: "For `a2a_server` actors, events are incoming JSON-RPC requests (including
 * `agent/getAuthenticatedExtendedCard` ...) and the HTTP Agent Card request."
 */
export const A2A_SERVER_EVENTS: readonly A2aOperation[] = unique<A2aOperation>([
  AGENT_CARD,
  ...METHODS,
]);

/**
 * Format §7.2.2: "For `a2a_client` actors, events are correlated JSON-RPC responses, SSE streaming
 * events (`task/status`, `task/artifact`), and the Agent Card response."
 */
export const A2A_CLIENT_EVENTS: readonly A2aOperation[] = unique<A2aOperation>([
  AGENT_CARD,
  ...METHODS,
  ...STREAM_EVENTS,
]);

/**
 * A2A v1.0 JSON-RPC method names (what `@a2a-js/sdk` 1.3.0 speaks by default) and the v0.3
 * names of this binding they stand for. The SDK's own table, inverted: `LEGACY_JSONRPC_TO_V1`
 * in its `src/compat/v0_3/constants.ts` (bundled in `dist/server/index.js`). `ListTasks` is
 * new in v1.0, with no v0.3 method: it is an A2A operation under its own name (format §7.2.2:
 * "New A2A methods are usable as OATF events immediately").
 */
// Pure: a bundle that never maps v1.0 names (validate, the language service) leaves it out.
export const A2A_V1_METHODS: Readonly<Record<string, string>> = /* @__PURE__ */ Object.freeze({
  SendMessage: "message/send",
  SendStreamingMessage: "message/stream",
  GetTask: "tasks/get",
  CancelTask: "tasks/cancel",
  SubscribeToTask: "tasks/resubscribe",
  CreateTaskPushNotificationConfig: "tasks/pushNotificationConfig/set",
  GetTaskPushNotificationConfig: "tasks/pushNotificationConfig/get",
  ListTaskPushNotificationConfigs: "tasks/pushNotificationConfig/list",
  DeleteTaskPushNotificationConfig: "tasks/pushNotificationConfig/delete",
  GetExtendedAgentCard: "agent/getAuthenticatedExtendedCard",
  ListTasks: "ListTasks",
});
