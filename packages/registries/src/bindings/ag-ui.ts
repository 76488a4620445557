// AG-UI binding (format §7.3). Format §7.3.2: events are AG-UI's `EventType` enum in snake_case
// (`TOOL_CALL_START` -> `tool_call_start`) plus the synthetic `run_agent_input`; it defers to
// the AG-UI specification for the full list of event types.
import { unique } from "./unique.js";

/** Synthetic name for the `RunAgentInput` POST body, which has no event type. */
const RUN_AGENT_INPUT = "run_agent_input";

/**
 * AG-UI `EventType` values, snake_cased, as of the binding text (@ag-ui/core 0.0.42, with the
 * activity events). `tool_call_result` is client-originated (format §7.3.2). Later `reasoning_*`
 * events are not listed; like any unlisted event they draw a V-029 warning only.
 */
const EVENT_TYPES = [
  "run_started",
  "run_finished",
  "run_error",
  "step_started",
  "step_finished",
  "text_message_start",
  "text_message_content",
  "text_message_end",
  "text_message_chunk",
  "thinking_start",
  "thinking_end",
  "thinking_text_message_start",
  "thinking_text_message_content",
  "thinking_text_message_end",
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
] as const;

export type AgUiOperation = typeof RUN_AGENT_INPUT | (typeof EVENT_TYPES)[number];

/** Every AG-UI operation name: the valid `surface` values for `protocol: ag_ui` (V-018). */
export const AG_UI_OPERATIONS: readonly AgUiOperation[] = unique<AgUiOperation>([
  RUN_AGENT_INPUT,
  ...EVENT_TYPES,
]);

/** AG-UI defines only `ag_ui_client` (format §7.3.1), which sees all of them. */
export const AG_UI_CLIENT_EVENTS: readonly AgUiOperation[] = AG_UI_OPERATIONS;
