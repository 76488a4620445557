// AG-UI tool-call correlation (format §7.3.2): `tool_call_args` and `tool_call_end`
// events carry only `toolCallId`; the runtime adds the `toolCallName` of the
// `tool_call_start` (or `tool_call_chunk`) event with the same id in the same stream
// before anything evaluates them. A trace is such a stream, one per actor.
// Memory stays bounded on endless streams: an id is forgotten at its `tool_call_end`, and
// at most MAX_OPEN_TOOL_CALLS calls are remembered (the oldest open one is dropped first).
import type { Value } from "@oatf/model";
import { type Assembled, agUiTextAssembler } from "./ag-ui-assemble.js";
import { isObject } from "./json.js";
import type { TraceMessage } from "./trace.js";

type EnrichableMessage = Pick<TraceMessage, "protocol" | "operation" | "actor" | "content">;

const NAMING = new Set(["tool_call_start", "tool_call_chunk"]);
const NAMELESS = new Set(["tool_call_args", "tool_call_end"]);

/** How many tool calls without their `tool_call_end` yet are remembered at once. */
export const MAX_OPEN_TOOL_CALLS = 4096;

/** Returns a function that gives each message of one trace, in order, its enriched content. */
export function agUiToolCallEnricher(): (message: EnrichableMessage) => Value {
  const names = new Map<string, string>();
  const remember = (key: string, name: string): void => {
    names.delete(key); // re-inserted last: Map order is the order calls were (re)started
    names.set(key, name);
    if (names.size > MAX_OPEN_TOOL_CALLS) names.delete(names.keys().next().value as string);
  };
  return (message) => {
    const { content } = message;
    if (message.protocol !== "ag_ui") return content;
    if (!isObject(content) || typeof content.toolCallId !== "string") return content;
    const fields = content as Record<string, Value>;
    const key = `${message.actor ?? ""}\u0000${fields.toolCallId}`;
    if (NAMING.has(message.operation) && typeof fields.toolCallName === "string") {
      remember(key, fields.toolCallName);
      return content;
    }
    // Later chunks of a streamed call may leave the name out too.
    if (!NAMELESS.has(message.operation) && message.operation !== "tool_call_chunk") return content;
    const name = names.get(key);
    if (message.operation === "tool_call_end") names.delete(key);
    if (Object.hasOwn(fields, "toolCallName")) return content;
    // A copy: the caller's message is not changed.
    return name === undefined ? content : { ...fields, toolCallName: name };
  };
}

/** Every AG-UI enrichment of one trace: tool-call names, then assembled text (ag-ui-assemble.ts). */
export function agUiEnricher(): (message: EnrichableMessage) => Assembled {
  const [name, assemble] = [agUiToolCallEnricher(), agUiTextAssembler()];
  return (message) => assemble(message, name(message));
}
