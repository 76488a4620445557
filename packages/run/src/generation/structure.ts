// Format §11.3 item 11: generated output is checked against the binding's message structure
// before it is injected. Each place a `synthesize` block can stand has one expected shape;
// the check is structural (the fields the protocol requires, with their types), so a model's
// answer that an agent's SDK would reject never reaches the wire as if the document said it.
import type { Value } from "@oatf/model";

/** Where generated content goes, and so which shape it must have. */
export type GeneratedShape =
  /** MCP `tools/call` result (CallToolResult). */
  | "mcp_tool_result"
  /** MCP `prompts/get` result (GetPromptResult). */
  | "mcp_prompt_result"
  /** MCP `sampling/createMessage` result (CreateMessageResult), for mcp_client actors. */
  | "mcp_sampling_result"
  /** MCP `elicitation/create` result fields, for mcp_client actors. */
  | "mcp_elicitation_result"
  /** A2A `message/send` result: a Task or a Message. */
  | "a2a_task"
  /** AG-UI tool result content: a string or a list of content parts. */
  | "ag_ui_tool_result"
  /** AG-UI `RunAgentInput.messages`: a list of messages. */
  | "ag_ui_messages";

/** What each shape is, for the provider's instructions and for diagnostics. */
export const SHAPE_DESCRIPTIONS: Readonly<Record<GeneratedShape, string>> = Object.freeze({
  mcp_tool_result:
    'an MCP CallToolResult object: {"content": [{"type": "text", "text": "..."}], "isError"?: boolean}',
  mcp_prompt_result:
    'an MCP GetPromptResult object: {"messages": [{"role": "user" | "assistant", "content": {"type": "text", "text": "..."}}]}',
  mcp_sampling_result:
    'an MCP CreateMessageResult object: {"role": "assistant", "content": {"type": "text", "text": "..."}, "model": "..."}',
  mcp_elicitation_result:
    "the content of an MCP ElicitResult: an object whose keys are the requested form fields",
  a2a_task:
    'an A2A Task ({"id", "contextId", "status": {"state": "completed", ...}, "artifacts"?}) or Message ({"role": "agent", "parts": [{"kind": "text", "text": "..."}]}) object',
  ag_ui_tool_result: "an AG-UI tool result: a string, or a list of content parts",
  ag_ui_messages:
    'a list of AG-UI messages: [{"role": "user" | "assistant" | "system" | "tool", "content": "..."}]',
});

type Check = (value: Value) => string | undefined;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const typedObject = (v: unknown) => isObject(v) && typeof v.type === "string";

const CHECKS: Record<GeneratedShape, Check> = {
  mcp_tool_result(v) {
    if (!isObject(v)) return "a CallToolResult is an object";
    if (!Array.isArray(v.content)) return "a CallToolResult needs a `content` list";
    if (!v.content.every(typedObject)) return "each content item needs a string `type`";
    if (v.isError !== undefined && typeof v.isError !== "boolean") return "`isError` is a boolean";
    return undefined;
  },
  mcp_prompt_result(v) {
    if (!isObject(v) || !Array.isArray(v.messages))
      return "a GetPromptResult is an object with a `messages` list";
    for (const m of v.messages) {
      if (!isObject(m) || (m.role !== "user" && m.role !== "assistant"))
        return 'each prompt message has `role` "user" or "assistant"';
      if (!typedObject(m.content)) return "each prompt message has a typed `content` object";
    }
    return undefined;
  },
  mcp_sampling_result(v) {
    if (!isObject(v)) return "a CreateMessageResult is an object";
    if (v.role !== "user" && v.role !== "assistant")
      return 'a CreateMessageResult has `role` "user" or "assistant"';
    if (!typedObject(v.content) && !(Array.isArray(v.content) && v.content.every(typedObject)))
      return "a CreateMessageResult has typed `content`";
    if (typeof v.model !== "string") return "a CreateMessageResult names its `model`";
    return undefined;
  },
  mcp_elicitation_result(v) {
    return isObject(v) ? undefined : "elicitation content is an object of form fields";
  },
  a2a_task(v) {
    if (!isObject(v)) return "a Task or Message is an object";
    const task = isObject(v.status) && typeof v.status.state === "string";
    const message = Array.isArray(v.parts) && typeof v.role === "string";
    return task || message
      ? undefined
      : "a Task has a `status` with a string `state`; a Message has `role` and `parts`";
  },
  ag_ui_tool_result(v) {
    if (typeof v === "string") return undefined;
    return Array.isArray(v) && v.every(typedObject)
      ? undefined
      : "a tool result is a string or a list of typed content parts";
  },
  ag_ui_messages(v) {
    if (!Array.isArray(v) || v.length === 0) return "messages are a non-empty list";
    for (const m of v) {
      if (!isObject(m) || typeof m.role !== "string") return "each message has a string `role`";
      if (typeof m.content !== "string" && !Array.isArray(m.content))
        return "each message has `content`, a string or a list of parts";
    }
    return undefined;
  },
};

/**
 * Why `value` does not have the binding's structure for `shape`, or undefined when it does.
 * A model that wraps a list of messages as `{"messages": [...]}` is read as the list.
 */
export function checkGenerated(
  shape: GeneratedShape,
  value: Value,
): { value: Value; problem?: string } {
  const unwrapped =
    shape === "ag_ui_messages" && isObject(value) && Array.isArray(value.messages)
      ? (value.messages as Value)
      : value;
  const problem = CHECKS[shape](unwrapped);
  return problem === undefined ? { value: unwrapped } : { value: unwrapped, problem };
}
