// AG-UI binding (format §7.3). Format §7.3.2: events are AG-UI's `EventType` enum in snake_case
// (`TOOL_CALL_START` -> `tool_call_start`) plus the synthetic `run_agent_input`; it defers to
// the AG-UI specification for the full list of event types.
import { unique } from "./unique.js";

/** Synthetic name for the `RunAgentInput` POST body, which has no event type. */
const RUN_AGENT_INPUT = "run_agent_input";

/**
 * AG-UI `EventType` values of `@ag-ui/core` 1.0 (protocol version 1.0), snake_cased.
 * `tool_call_result` is client-originated (format §7.3.2). test/ag-ui-core.test.ts compares
 * this list with the enum the package exports, so it cannot drift from it.
 */
const EVENT_TYPES_1_0 = [
  "text_message_start",
  "text_message_content",
  "text_message_end",
  "text_message_chunk",
  "tool_call_start",
  "tool_call_args",
  "tool_call_end",
  "tool_call_chunk",
  "tool_call_result",
  "state_snapshot",
  "state_delta",
  "messages_snapshot",
  "activity_snapshot",
  "activity_delta",
  "raw",
  "custom",
  "run_started",
  "run_finished",
  "run_error",
  "step_started",
  "step_finished",
  "reasoning_start",
  "reasoning_message_start",
  "reasoning_message_content",
  "reasoning_message_end",
  "reasoning_message_chunk",
  "reasoning_end",
  "reasoning_encrypted_value",
  "subagent_started",
  "subagent_finished",
  "subagent_error",
] as const;

/**
 * Event types of AG-UI before 1.0 (`@ag-ui/core` 0.0.x, which the binding text was written
 * against) that 1.0 replaced by the `reasoning_*` events. The binding pins no AG-UI version
 * and agents built on 0.0.x still emit them, so documents naming them draw no warning.
 */
const LEGACY_EVENT_TYPES = [
  "thinking_start",
  "thinking_end",
  "thinking_text_message_start",
  "thinking_text_message_content",
  "thinking_text_message_end",
] as const;

export type AgUiOperation =
  | typeof RUN_AGENT_INPUT
  | (typeof EVENT_TYPES_1_0)[number]
  | (typeof LEGACY_EVENT_TYPES)[number];

/** Every AG-UI operation name: the valid `surface` values for `protocol: ag_ui` (V-018). */
export const AG_UI_OPERATIONS: readonly AgUiOperation[] = unique<AgUiOperation>([
  RUN_AGENT_INPUT,
  ...EVENT_TYPES_1_0,
  ...LEGACY_EVENT_TYPES,
]);

/** The pre-1.0 names kept in AG_UI_OPERATIONS (exported for the drift test). */
export const AG_UI_LEGACY_OPERATIONS: readonly AgUiOperation[] = /* @__PURE__ */ Object.freeze([
  ...LEGACY_EVENT_TYPES,
]);

/** AG-UI defines only `ag_ui_client` (format §7.3.1), which sees all of them. */
export const AG_UI_CLIENT_EVENTS: readonly AgUiOperation[] = AG_UI_OPERATIONS;
