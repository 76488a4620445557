// AG-UI assembled text (format §7.3.2, enrichment in the manner of its `toolCallName` rule):
// an agent streams text as deltas (`" You"`, `" are"`, ...), so no single delta event holds
// what the user read. The end event of each streamed message is given the whole text, on a
// copy, before anything evaluates it; the delta events stay as they are:
//   text_message_end       + `content`  TEXT_MESSAGE_CONTENT / _CHUNK deltas of its messageId
//   reasoning_message_end  + `content`  REASONING_MESSAGE_CONTENT / _CHUNK deltas (AG-UI 1.0)
//   thinking_text_message_end + `content`  THINKING_TEXT_MESSAGE_CONTENT (AG-UI 0.0.x, no id)
//   tool_call_end          + `args`     TOOL_CALL_ARGS / TOOL_CALL_CHUNK deltas of its toolCallId
// A trace is one stream per actor (as for tool-call names): messages are keyed by actor and id.
// Memory stays bounded on endless or hostile streams, and every loss is reported on the
// message it affects (`lost`): the evaluator makes an indicator that message does not match
// `error`, never a silent `not_matched`.
import type { Value } from "@oatf/model";
import { isObject } from "../base/json.js";
import type { TraceMessage } from "../base/message.js";

type AssemblableMessage = Pick<TraceMessage, "protocol" | "operation" | "actor" | "session">;

/** A message's content after assembly, and why it may lack text when it may. */
export interface Assembled {
  content: Value;
  /** Set when the assembled text is cut or incomplete (an indicator it does not match is `error`). */
  lost?: string;
}

/** UTF-16 code units of assembled text kept per message (1 Mi); the rest is cut, and reported. */
export const MAX_ASSEMBLED_TEXT_LENGTH = 1024 * 1024;
/** Streamed messages without their end event yet that are assembled at once; the oldest is dropped. */
export const MAX_OPEN_ASSEMBLED_MESSAGES = 1024;
/** UTF-16 code units all open messages may hold together (16 Mi, ids included); the oldest is dropped. */
export const MAX_ASSEMBLED_TOTAL_LENGTH = 16 * 1024 * 1024;

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

/** Deltas are joined this many at a time, so tiny deltas do not each keep a string alive. */
const JOIN_EVERY = 256;

class OpenMessage {
  text = "";
  parts: string[] = [];
  length = 0;
  cut = false;
  /** The family and actor whose id-less chunks continue this message, while it does. */
  chunkScope: string | undefined;
  /** Its key in the table of open messages. */
  readonly key: string;
  /** Opened by a delta after some message was dropped: its earlier deltas may be gone. */
  readonly partial: boolean;

  constructor(key: string, partial: boolean) {
    this.key = key;
    this.partial = partial;
  }

  /** Appends what fits under the cap; returns the code units kept. */
  append(delta: string): number {
    const room = MAX_ASSEMBLED_TEXT_LENGTH - this.length;
    let kept = delta;
    if (delta.length > room) {
      this.cut = true;
      // Never keep half of a surrogate pair.
      const end = room > 0 && isHighSurrogate(delta.charCodeAt(room - 1)) ? room - 1 : room;
      kept = delta.slice(0, end);
    }
    if (kept.length === 0) return 0;
    this.parts.push(kept);
    this.length += kept.length;
    if (this.parts.length >= JOIN_EVERY) this.flush();
    return kept.length;
  }

  flush(): string {
    if (this.parts.length > 0) {
      this.text += this.parts.join("");
      this.parts = [];
    }
    return this.text;
  }
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * Returns a function that gives each message of one trace, in order, its `content` (the
 * message's own, or as enriched so far) with the assembled text of the streamed message it
 * ends (see the table above), and a `lost` reason when that text was cut at
 * MAX_ASSEMBLED_TEXT_LENGTH or may miss deltas of a dropped message.
 */
/** What an assembler remembers, as JSON (monitor snapshots): open messages, oldest first. */
export interface AssemblerState {
  /** Key, text so far, cut, partial, and the chunk scope it continues (or null). */
  open: [key: string, text: string, cut: boolean, partial: boolean, chunkScope: string | null][];
  dropped: number;
}

function isOpenList(v: unknown): v is AssemblerState["open"] {
  return (
    Array.isArray(v) &&
    v.every(
      (e) =>
        Array.isArray(e) &&
        typeof e[0] === "string" &&
        typeof e[1] === "string" &&
        typeof e[2] === "boolean" &&
        typeof e[3] === "boolean" &&
        (e[4] === null || typeof e[4] === "string"),
    )
  );
}

export function agUiTextAssembler(
  saved?: unknown,
): ((message: AssemblableMessage, content: Value) => Assembled) & { save(): AssemblerState } {
  // Insertion order is age: the first entry is the oldest open message.
  const open = new Map<string, OpenMessage>();
  let total = 0;
  // The open message a `*_chunk` without an id continues, per family and actor (AG-UI: the
  // id is needed on the first chunk of a message only). Only open messages are here, and
  // their scopes are charged to `total`, so it is bounded with them.
  const lastChunk = new Map<string, OpenMessage>();
  let dropped = 0;

  const cost = (entry: OpenMessage) =>
    entry.key.length + entry.length + (entry.chunkScope?.length ?? 0);
  const unscope = (entry: OpenMessage) => {
    if (entry.chunkScope === undefined) return;
    lastChunk.delete(entry.chunkScope);
    total -= entry.chunkScope.length;
    entry.chunkScope = undefined;
  };
  const forget = (key: string): OpenMessage | undefined => {
    const entry = open.get(key);
    if (entry === undefined) return undefined;
    unscope(entry);
    open.delete(key);
    total -= cost(entry);
    return entry;
  };
  // Drops the oldest open messages (never `keep`, the one just written) until within bounds.
  const shrink = (keep: string) => {
    if (open.size <= MAX_OPEN_ASSEMBLED_MESSAGES && total <= MAX_ASSEMBLED_TOTAL_LENGTH) return;
    for (const key of open.keys()) {
      if (open.size <= MAX_OPEN_ASSEMBLED_MESSAGES && total <= MAX_ASSEMBLED_TOTAL_LENGTH) return;
      if (key === keep) continue;
      forget(key); // deleting while iterating a Map is safe: iteration goes on after it
      dropped++;
    }
  };
  const opened = (key: string, partial: boolean): OpenMessage => {
    let entry = open.get(key);
    if (entry === undefined) {
      entry = new OpenMessage(key, partial);
      open.set(key, entry);
      total += key.length;
      shrink(key);
    }
    return entry;
  };

  if (saved !== undefined) {
    const state = saved as AssemblerState;
    if (!isOpenList(state?.open) || !(Number.isSafeInteger(state.dropped) && state.dropped >= 0))
      throw new TypeError("malformed assembler state");
    dropped = state.dropped;
    // Rebuilt through the same bounds as a trace: a doctored snapshot cannot hold more.
    for (const [key, text, cut, partial, chunkScope] of state.open) {
      forget(key);
      const entry = opened(key, partial);
      total += entry.append(text);
      entry.cut ||= cut;
      if (chunkScope !== null && open.has(key)) {
        const previous = lastChunk.get(chunkScope);
        if (previous !== undefined) unscope(previous);
        entry.chunkScope = chunkScope;
        lastChunk.set(chunkScope, entry);
        total += chunkScope.length;
      }
      shrink(key);
    }
  }
  const save = (): AssemblerState => ({
    open: [...open.values()].map((e) => [e.key, e.flush(), e.cut, e.partial, e.chunkScope ?? null]),
    dropped,
  });

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
    else if (role === "chunk") key = lastChunk.get(scope)?.key;
    if (key === undefined) return { content };

    if (role === "start") {
      // A restarted id begins again; what it held before is not part of the new message.
      forget(key);
      opened(key, false);
      return { content };
    }
    if (role === "delta" || role === "chunk") {
      const entry = opened(key, dropped > 0);
      if (role === "chunk" && entry.chunkScope === undefined) {
        const previous = lastChunk.get(scope);
        if (previous !== undefined) unscope(previous);
        entry.chunkScope = scope;
        lastChunk.set(scope, entry);
        total += scope.length;
      }
      if (typeof fields.delta === "string") total += entry.append(fields.delta);
      shrink(key);
      return { content };
    }
    // The end event: the message is complete and forgotten.
    const entry = forget(key);
    if (entry === undefined) {
      return dropped > 0
        ? { content, lost: `its streamed ${family.field} is unknown: ${droppedReason(dropped)}` }
        : { content };
    }
    // The assembled text replaces a field of that name the end event may carry: it is what
    // the deltas streamed, and AG-UI end events define no such field.
    const assembled = { content: { ...fields, [family.field]: entry.flush() } };
    if (entry.cut)
      return {
        ...assembled,
        lost: `its assembled ${family.field} was cut at ${MAX_ASSEMBLED_TEXT_LENGTH} characters (MAX_ASSEMBLED_TEXT_LENGTH)`,
      };
    if (entry.partial)
      return {
        ...assembled,
        lost: `its assembled ${family.field} may lack early deltas: ${droppedReason(dropped)}`,
      };
    return assembled;
  };
  return Object.assign(assemble, { save });
}

const droppedReason = (dropped: number) =>
  `${dropped} streamed message(s) were dropped unfinished to stay within MAX_OPEN_ASSEMBLED_MESSAGES (${MAX_OPEN_ASSEMBLED_MESSAGES}) and MAX_ASSEMBLED_TOTAL_LENGTH (${MAX_ASSEMBLED_TOTAL_LENGTH})`;
