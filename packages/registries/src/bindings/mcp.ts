// MCP binding (format §7.1), pinned to MCP 2025-11-25, the binding's default protocol version.
// Format §7.1.2 uses MCP's JSON-RPC method names as events and defers to the MCP specification for
// the full list, so the lists below are that specification's methods, grouped by direction,
// with those MCP 2026-07-28 added (the official SDK v2 speaks both revisions): `server/discover`
// and `subscriptions/listen`, whose stream opens with `notifications/subscriptions/acknowledged`.
// 2026's `input_required` results carry no method of their own: the trace readers turn their
// `inputRequests` into the binding's `elicitation/create` / `sampling/createMessage` requests.
import { unique } from "./unique.js";

/** Requests a client sends; a server receives them, a client observes their correlated responses. */
const CLIENT_REQUESTS = [
  "initialize",
  "ping",
  "tools/list",
  "tools/call",
  "resources/list",
  "resources/templates/list",
  "resources/read",
  "resources/subscribe",
  "resources/unsubscribe",
  "prompts/list",
  "prompts/get",
  "completion/complete",
  "logging/setLevel",
  "tasks/get",
  "tasks/result",
  "tasks/list",
  "tasks/cancel",
  // MCP 2026-07-28
  "server/discover",
  "subscriptions/listen",
] as const;

/** Client-to-server notifications. */
const CLIENT_NOTIFICATIONS = [
  "notifications/initialized",
  "notifications/cancelled",
  "notifications/progress",
  "notifications/roots/list_changed",
  "notifications/tasks/status",
] as const;

/** Server-initiated requests, observed directly by a client (no correlation). */
const SERVER_REQUESTS = [
  "sampling/createMessage",
  "elicitation/create",
  "roots/list",
  "ping",
  "tasks/get",
  "tasks/result",
  "tasks/list",
  "tasks/cancel",
] as const;

/** Server-to-client notifications. */
const SERVER_NOTIFICATIONS = [
  "notifications/tools/list_changed",
  "notifications/resources/list_changed",
  "notifications/resources/updated",
  "notifications/prompts/list_changed",
  "notifications/message",
  "notifications/progress",
  "notifications/cancelled",
  "notifications/elicitation/complete",
  "notifications/tasks/status",
  // MCP 2026-07-28: the first message of a `subscriptions/listen` stream
  "notifications/subscriptions/acknowledged",
] as const;

export type McpOperation =
  | (typeof CLIENT_REQUESTS)[number]
  | (typeof CLIENT_NOTIFICATIONS)[number]
  | (typeof SERVER_REQUESTS)[number]
  | (typeof SERVER_NOTIFICATIONS)[number];

/** Every MCP operation name: the valid `surface` values for `protocol: mcp` (V-018). */
export const MCP_OPERATIONS: readonly McpOperation[] = unique<McpOperation>([
  ...CLIENT_REQUESTS,
  ...CLIENT_NOTIFICATIONS,
  ...SERVER_REQUESTS,
  ...SERVER_NOTIFICATIONS,
]);

/** Format §7.1.2: "For `mcp_server` actors, events are incoming requests and client-to-server notifications." */
export const MCP_SERVER_EVENTS: readonly McpOperation[] = unique<McpOperation>([
  ...CLIENT_REQUESTS,
  ...CLIENT_NOTIFICATIONS,
]);

/**
 * Format §7.1.2: "For `mcp_client` actors, events are correlated responses, server-to-client
 * notifications, and server-initiated requests."
 */
export const MCP_CLIENT_EVENTS: readonly McpOperation[] = unique<McpOperation>([
  ...CLIENT_REQUESTS,
  ...SERVER_NOTIFICATIONS,
  ...SERVER_REQUESTS,
]);
