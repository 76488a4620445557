// AG-UI tool-call correlation (format §7.3.2): `tool_call_args` and `tool_call_end`
// events carry only `toolCallId`; the runtime adds the `toolCallName` of the
// `tool_call_start` (or `tool_call_chunk`) event with the same id in the same stream
// before anything evaluates them. A trace is such a stream, one per actor.
import type { Value } from "@oatf/model";
import { isObject } from "./json.js";
import type { TraceMessage } from "./trace.js";

type EnrichableMessage = Pick<TraceMessage, "protocol" | "operation" | "actor" | "content">;

const NAMING = new Set(["tool_call_start", "tool_call_chunk"]);
const NAMELESS = new Set(["tool_call_args", "tool_call_end"]);

/** Returns a function that gives each message of one trace, in order, its enriched content. */
export function agUiToolCallEnricher(): (message: EnrichableMessage) => Value {
  const names = new Map<string, string>();
  return (message) => {
    const { content } = message;
    if (message.protocol !== "ag_ui") return content;
    if (!isObject(content) || typeof content.toolCallId !== "string") return content;
    const fields = content as Record<string, Value>;
    const key = `${message.actor ?? ""}\u0000${fields.toolCallId}`;
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
