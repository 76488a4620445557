// AG-UI assembled text (format §7.3.2, enrichment in the manner of its `toolCallName` rule):
// an agent streams text as deltas (`" You"`, `" are"`, ...), so no single delta event holds
// what the user read. The end event of each streamed message is given the whole text, on a
// copy, before anything evaluates it; the delta events stay as they are:
//   text_message_end       + `content`  TEXT_MESSAGE_CONTENT / _CHUNK deltas of its messageId
//   reasoning_message_end  + `content`  REASONING_MESSAGE_CONTENT / _CHUNK deltas (AG-UI 1.0)
//   thinking_text_message_end + `content`  THINKING_TEXT_MESSAGE_CONTENT (AG-UI 0.0.x, no id)
//   tool_call_end          + `args`     TOOL_CALL_ARGS / TOOL_CALL_CHUNK deltas of its toolCallId
// A trace is one stream per actor (as for tool-call names): messages are keyed by actor and id.
// The open messages and their bounds are ag-ui-open-messages.ts. Memory stays bounded on
// endless or hostile streams, and every loss is reported on the
// message it affects (`lost`): the evaluator makes an indicator that message does not match
// `error`, never a silent `not_matched`.
import type { Value } from "@oatf/model";
import { isObject } from "../base/json.js";
import type { TraceMessage } from "../base/message.js";
import {
  type AssemblerState,
  MAX_ASSEMBLED_TEXT_LENGTH,
  MAX_ASSEMBLED_TOTAL_LENGTH,
  MAX_OPEN_ASSEMBLED_MESSAGES,
  openMessages,
} from "./ag-ui-open-messages.js";

export type { AssemblerState } from "./ag-ui-open-messages.js";
export {
  MAX_ASSEMBLED_TEXT_LENGTH,
  MAX_ASSEMBLED_TOTAL_LENGTH,
  MAX_OPEN_ASSEMBLED_MESSAGES,
} from "./ag-ui-open-messages.js";

type AssemblableMessage = Pick<TraceMessage, "protocol" | "operation" | "actor" | "session">;

/** A message's content after assembly, and why it may lack text when it may. */
export interface Assembled {
  content: Value;
  /** Set when the assembled text is cut or incomplete (an indicator it does not match is `error`). */
  lost?: string;
}

interface Family {
  /** Names the family in keys: one letter, so the key's layout stays unambiguous. */
  name: string;
  /** The field naming the message; none for the 0.0.x thinking message (one at a time). */
  id?: string;
  /** The field of the end event that receives the assembled text. */
  field: string;
}

const TEXT: Family = { name: "t", id: "messageId", field: "content" };
const REASONING: Family = { name: "r", id: "messageId", field: "content" };
const TOOL: Family = { name: "c", id: "toolCallId", field: "args" };
const THINKING: Family = { name: "k", field: "content" };

type Role = "start" | "delta" | "chunk" | "end";

const OPERATIONS = new Map<string, [Family, Role]>([
  ["text_message_start", [TEXT, "start"]],
  ["text_message_content", [TEXT, "delta"]],
  ["text_message_chunk", [TEXT, "chunk"]],
  ["text_message_end", [TEXT, "end"]],
  ["reasoning_message_start", [REASONING, "start"]],
  ["reasoning_message_content", [REASONING, "delta"]],
  ["reasoning_message_chunk", [REASONING, "chunk"]],
  ["reasoning_message_end", [REASONING, "end"]],
  ["tool_call_start", [TOOL, "start"]],
  ["tool_call_args", [TOOL, "delta"]],
  ["tool_call_chunk", [TOOL, "chunk"]],
  ["tool_call_end", [TOOL, "end"]],
  ["thinking_text_message_start", [THINKING, "start"]],
  ["thinking_text_message_content", [THINKING, "delta"]],
  ["thinking_text_message_end", [THINKING, "end"]],
]);

/**
 * Returns a function that gives each message of one trace, in order, its `content` (the
 * message's own, or as enriched so far) with the assembled text of the streamed message it
 * ends (see the table above), and a `lost` reason when that text was cut at
 * MAX_ASSEMBLED_TEXT_LENGTH or may miss deltas of a dropped message.
 */
export function agUiTextAssembler(
  saved?: AssemblerState,
): ((message: AssemblableMessage, content: Value) => Assembled) & { save(): AssemblerState } {
  const open = openMessages(saved);
  const assemble = (message: AssemblableMessage, content: Value): Assembled => {
    if (message.protocol !== "ag_ui" || !isObject(content)) return { content };
    const known = OPERATIONS.get(message.operation);
    if (known === undefined) return { content };
    const [family, role] = known;
    const fields = content as Record<string, Value>;
    // A non-string actor (an in-memory message may have anything) is no actor.
    const actor = typeof message.actor === "string" ? message.actor : null;
    // Family, actor and session (messages are assembled per connection), length-prefixed so
    // that no (family, actor, session, id) aliases another; no session adds nothing, so a
    // saved state keeps its keys.
    const session = typeof message.session === "string" ? message.session : null;
    const scope = `${family.name}${actor === null ? "-" : `${actor.length}:${actor}`}${session === null ? "" : `s${session.length}:${session}`}`;
    let key: string | undefined;
    const id = family.id === undefined ? "" : fields[family.id];
    if (typeof id === "string") key = `${scope}|${id}`;
    else if (role === "chunk") key = open.chunkKey(scope);
    if (key === undefined) return { content };

    if (role !== "end") {
      if (role === "start") open.start(key);
      else open.append(key, fields.delta, role === "chunk" ? scope : undefined);
      return { content };
    }
    // The end event: the message is complete and forgotten.
    const entry = open.end(key);
    if (entry === undefined) {
      return open.dropped > 0
        ? {
            content,
            lost: `its streamed ${family.field} is unknown: ${droppedReason(open.dropped)}`,
          }
        : { content };
    }
    // The assembled text replaces a field of that name the end event may carry: it is what
    // the deltas streamed, and AG-UI end events define no such field.
    const assembled = { content: { ...fields, [family.field]: entry.flush() } };
    const lost = entry.cut
      ? `was cut at ${MAX_ASSEMBLED_TEXT_LENGTH} characters (MAX_ASSEMBLED_TEXT_LENGTH)`
      : entry.partial
        ? `may lack early deltas: ${droppedReason(open.dropped)}`
        : undefined;
    return lost === undefined
      ? assembled
      : { ...assembled, lost: `its assembled ${family.field} ${lost}` };
  };
  return Object.assign(assemble, { save: open.save });
}

const droppedReason = (dropped: number) =>
  `${dropped} streamed message(s) were dropped unfinished to stay within MAX_OPEN_ASSEMBLED_MESSAGES (${MAX_OPEN_ASSEMBLED_MESSAGES}) and MAX_ASSEMBLED_TOTAL_LENGTH (${MAX_ASSEMBLED_TOTAL_LENGTH})`;
