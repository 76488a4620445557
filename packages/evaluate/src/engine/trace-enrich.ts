// AG-UI tool-call correlation (format §7.3.2): `tool_call_args` and `tool_call_end`
// events carry only `toolCallId`; the runtime adds the `toolCallName` of the
// `tool_call_start` (or `tool_call_chunk`) event with the same id in the same stream
// before anything evaluates them. A trace is such a stream, one per actor.
// Memory stays bounded on endless streams: an id is forgotten at its `tool_call_end`, and
// at most MAX_OPEN_TOOL_CALLS calls (MAX_OPEN_TOOL_CALL_CHARS of text) are remembered, the
// oldest open one dropped first; a nameless event that may belong to a dropped call makes
// the indicators it does not match `error` (issue 23: a lost correlation is never silent).
import type { Value } from "@oatf/model";
import { BoundedTable } from "../base/bounded-table.js";
import { isObject } from "../base/json.js";
import type { TraceMessage } from "../base/message.js";
import { type AssemblerState, agUiTextAssembler } from "./ag-ui-assemble.js";

type EnrichableMessage = Pick<
  TraceMessage,
  "protocol" | "operation" | "actor" | "session" | "content"
>;

const NAMING = new Set(["tool_call_start", "tool_call_chunk"]);
const NAMELESS = new Set(["tool_call_args", "tool_call_end"]);

/** How many tool calls without their `tool_call_end` yet are remembered at once. */
export const MAX_OPEN_TOOL_CALLS = 4096;
/** UTF-16 code units of actors, ids and names the open tool calls may keep in all: 1 Mi. */
export const MAX_OPEN_TOOL_CALL_CHARS = 1024 * 1024;

export interface Enriched {
  content: Value;
  /** Set when the message may lack its tool-call name because a remembered call was forgotten. */
  lost?: string;
}

/** What a tool-call enricher remembers, as JSON (monitor snapshots): open calls, oldest first. */
export interface ToolCallState {
  names: [key: string, name: string][];
  forgotten: boolean;
}

/** A function over one trace's messages, in order, whose memory can be saved as JSON. */
export type Stateful<F, S> = F & { save(): S };

/**
 * Returns a function that gives each message of one trace, in order, its enriched content;
 * `saved` (from `save()`, possibly through JSON, checked: ag-ui-snapshot.ts) resumes where
 * that one stopped.
 */
export function agUiToolCallEnricher(
  saved?: ToolCallState,
): Stateful<(message: EnrichableMessage) => Enriched, ToolCallState> {
  const names = new BoundedTable<string>(MAX_OPEN_TOOL_CALLS, MAX_OPEN_TOOL_CALL_CHARS);
  // Once a call was forgotten, a nameless event whose call is unknown may be one of them.
  let forgotten = false;
  if (saved !== undefined) {
    forgotten = saved.forgotten;
    // Re-inserted through the bounds: a doctored snapshot cannot hold more than a trace could.
    for (const [key, name] of saved.names)
      if (names.set(key, name, name.length) > 0) forgotten = true;
  }
  const save = (): ToolCallState => ({
    names: [...names.entries()].map(([key, name]) => [key, name]),
    forgotten,
  });
  const enrich = (message: EnrichableMessage): Enriched => {
    const { content } = message;
    if (message.protocol !== "ag_ui") return { content };
    if (!isObject(content) || typeof content.toolCallId !== "string") return { content };
    const fields = content as Record<string, Value>;
    // A tuple key: no actor, id (and session: tool calls are named per connection) can alias
    // another; without a session the key is the pair it always was (saved states resume).
    const key = JSON.stringify(
      typeof message.session === "string"
        ? [message.actor ?? null, fields.toolCallId, message.session]
        : [message.actor ?? null, fields.toolCallId],
    );
    if (NAMING.has(message.operation) && typeof fields.toolCallName === "string") {
      // Re-inserted last: the table's order is the order calls were (re)started.
      if (names.set(key, fields.toolCallName, fields.toolCallName.length) > 0) forgotten = true;
      return { content };
    }
    // Later chunks of a streamed call may leave the name out too.
    if (!NAMELESS.has(message.operation) && message.operation !== "tool_call_chunk")
      return { content };
    const name = message.operation === "tool_call_end" ? names.take(key) : names.get(key);
    if (Object.hasOwn(fields, "toolCallName")) return { content };
    if (name !== undefined) return { content: { ...fields, toolCallName: name } }; // a copy
    return forgotten
      ? {
          content,
          lost: `its tool call's name is unknown: more than ${MAX_OPEN_TOOL_CALLS} open tool calls (or ${MAX_OPEN_TOOL_CALL_CHARS} characters of them) were remembered, and the oldest forgotten`,
        }
      : { content };
  };
  return Object.assign(enrich, { save });
}

/** What the AG-UI enricher of one trace remembers, as JSON. */
export interface EnricherState {
  calls: ToolCallState;
  text: AssemblerState;
}

/** Every AG-UI enrichment of one trace: tool-call names, then assembled text (ag-ui-assemble.ts). */
export function agUiEnricher(
  saved?: Partial<EnricherState>,
): Stateful<(message: EnrichableMessage) => Enriched, EnricherState> {
  const name = agUiToolCallEnricher(saved?.calls);
  const assemble = agUiTextAssembler(saved?.text);
  const enrich = (message: EnrichableMessage): Enriched => {
    const named = name(message);
    const assembled = assemble(message, named.content);
    return { content: assembled.content, lost: assembled.lost ?? named.lost };
  };
  return Object.assign(enrich, { save: () => ({ calls: name.save(), text: assemble.save() }) });
}
