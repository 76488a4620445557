// AG-UI tool-call correlation (format §7.3.2): `tool_call_args` and `tool_call_end`
// events carry only `toolCallId`; the runtime adds the `toolCallName` of the
// `tool_call_start` (or `tool_call_chunk`) event with the same id in the same stream
// before anything evaluates them. A trace is such a stream, one per actor.
import type { Value } from "@oatf/model";

interface EnrichableMessage {
  protocol: string;
  operation: string;
  actor?: string;
  content: Value;
}

const NAMING = new Set(["tool_call_start", "tool_call_chunk"]);
const NAMELESS = new Set(["tool_call_args", "tool_call_end"]);

type Fields = Record<string, Value>;

function fieldsOf(content: Value): Fields | undefined {
  return typeof content === "object" && content !== null && !Array.isArray(content)
    ? (content as Fields)
    : undefined;
}

/** Returns a function that gives each message of one trace, in order, its enriched content. */
export function agUiToolCallEnricher(): (message: EnrichableMessage) => Value {
  const names = new Map<string, string>();
  return (message) => {
    const { content } = message;
    if (message.protocol !== "ag_ui") return content;
    const fields = fieldsOf(content);
    const id = fields?.toolCallId;
    if (fields === undefined || typeof id !== "string") return content;
    const key = `${message.actor ?? ""}\u0000${id}`;
    if (NAMING.has(message.operation)) {
      if (typeof fields.toolCallName === "string") names.set(key, fields.toolCallName);
      return content;
    }
    if (!NAMELESS.has(message.operation) || Object.hasOwn(fields, "toolCallName")) return content;
    const name = names.get(key);
    // A copy: the caller's message is not changed.
    return name === undefined ? content : { ...fields, toolCallName: name };
  };
}
