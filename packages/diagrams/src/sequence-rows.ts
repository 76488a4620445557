// What the sequence diagram shows of a trace, before any drawing: the participants (the agent
// and the actors), and the rows (one per message shown, and "… N more" where messages are left
// out). Past `maxMessages`, the first messages are kept with every matched one (up to half the
// rows), so a match deep in a long trace is still drawn.
import { extractProtocol, isObject } from "@oatf/model/rules";
import { token } from "./ids.js";
import { isClientMode, lanesOf } from "./lanes.js";
import { MAX_LABEL, MAX_MATCHES } from "./limits.js";
import { type SequenceMessage, summarizeMessage } from "./message.js";

/** A message that decided an indicator's match, by its 0-based position in the trace. */
export interface SequenceMatch {
  indicator_id: string;
  /** The matching message's 0-based position in the trace (`index` of the messages drawn). */
  message: number;
  /** The indicator's evidence, shown when the mark is hovered. */
  evidence?: string;
}

/** A match as drawn: its texts cut to a label's length, its evidence link's token from the whole id. */
export interface Mark {
  indicator_id: string;
  evidence?: string;
  /** `token(indicator_id)` of the whole id, the tail of its `evidenceId`. */
  token: string;
}

const cutLabel = (text: string) => text.slice(0, MAX_LABEL + 1);

function markOf(match: SequenceMatch): Mark {
  const mark: Mark = {
    indicator_id: cutLabel(match.indicator_id),
    token: token(match.indicator_id),
  };
  if (typeof match.evidence === "string") mark.evidence = cutLabel(match.evidence);
  return mark;
}

export interface Participant {
  name: string;
  mode?: string;
  /** Client-role actors send requests to the agent; server-role actors answer its requests. */
  client: boolean;
}

export interface MessageRow {
  kind: "message";
  index: number;
  message: SequenceMessage;
  /** Columns: 0 is the agent. */
  from: number;
  to: number;
  matches: Mark[];
}

export type Row = MessageRow | { kind: "gap"; count: number };

export interface Layout {
  /** Column 0 is the agent; a last column may stand for `hiddenActors` actors. */
  participants: Participant[];
  hiddenActors: number;
  rows: Row[];
}

export interface RowLimits {
  maxMessages: number;
  maxActors: number;
  /** Messages in the whole trace, when `messages` is a selection of it. */
  total?: number;
}

/** Actors of the document read to place messages (the rest are placed as unknown actors). */
const DOCUMENT_ACTORS = 1000;

interface Entry {
  index: number;
  message: SequenceMessage;
  position: number;
}

/** A message's position in the trace: its own `index`, else its position in the list. */
function indexOf(message: SequenceMessage | undefined, position: number): number {
  const own = message?.index;
  return typeof own === "number" && Number.isSafeInteger(own) ? own : position;
}

/** The entries shown: all, or the first ones and the matched ones (at most half the rows). */
function window(messages: readonly unknown[], matched: Set<number>, max: number): Entry[] {
  const entryAt = (position: number): Entry => {
    const raw = messages[position];
    const message = (isObject(raw) ? raw : {}) as unknown as SequenceMessage;
    const index = indexOf(message, position);
    return { index, message: summarizeMessage(message, index), position };
  };
  if (messages.length <= max) return messages.map((_, position) => entryAt(position));
  const marked: number[] = [];
  for (let position = 0; position < messages.length && marked.length < max / 2; position++) {
    const raw = messages[position];
    if (
      matched.has(
        indexOf(isObject(raw) ? (raw as unknown as SequenceMessage) : undefined, position),
      )
    )
      marked.push(position);
  }
  const first = max - marked.length;
  const positions = new Set([...Array.from({ length: first }, (_, p) => p), ...marked]);
  return [...positions].sort((a, b) => a - b).map(entryAt);
}

/** Who carried a message: its actor, else the document's one actor of its protocol, else its protocol. */
function participantName(message: SequenceMessage, byProtocol: Map<string, string | null>): string {
  if (typeof message.actor === "string") return message.actor;
  return byProtocol.get(message.protocol) ?? `(${message.protocol})`;
}

export function layout(
  messages: readonly unknown[],
  document: unknown,
  matches: readonly SequenceMatch[],
  limits: RowLimits,
): Layout {
  const byIndex = new Map<number, Mark[]>();
  for (const match of matches.slice(0, MAX_MATCHES)) {
    if (!isObject(match) || typeof match.message !== "number") continue;
    if (typeof match.indicator_id !== "string") continue;
    const list = byIndex.get(match.message);
    if (list) list.push(markOf(match));
    else byIndex.set(match.message, [markOf(match)]);
  }
  const entries = window(messages, new Set(byIndex.keys()), limits.maxMessages);

  const modes = new Map<string, string>();
  const byProtocol = new Map<string, string | null>();
  for (const lane of lanesOf(document, DOCUMENT_ACTORS).lanes) {
    if (modes.has(lane.name)) continue;
    modes.set(lane.name, lane.mode);
    const protocol = extractProtocol(lane.mode);
    byProtocol.set(protocol, byProtocol.has(protocol) ? null : lane.name);
  }
  // The document's actors first, in its order, then others as they appear; the agent is column 0.
  const names = entries.map((e) => participantName(e.message, byProtocol));
  const seen = new Set(names);
  const ordered = [
    ...[...modes.keys()].filter((n) => seen.has(n)),
    ...new Set(names.filter((n) => !modes.has(n))),
  ];
  for (const name of modes.keys()) if (!seen.has(name)) ordered.push(name);
  const shown =
    ordered.length > limits.maxActors ? ordered.slice(0, limits.maxActors - 1) : ordered;
  const hiddenActors = ordered.length - shown.length;
  const column = new Map(shown.map((name, i) => [name, i + 1]));
  const firstProtocol = new Map<string, string>();
  entries.forEach((e, i) => {
    if (!firstProtocol.has(names[i] as string))
      firstProtocol.set(names[i] as string, e.message.protocol);
  });
  const participants: Participant[] = [{ name: "agent", client: false }];
  for (const name of shown) {
    const mode = modes.get(name);
    const client = mode !== undefined ? isClientMode(mode) : firstProtocol.get(name) === "ag_ui";
    participants.push(mode === undefined ? { name, client } : { name, mode, client });
  }
  if (hiddenActors > 0) participants.push({ name: `… ${hiddenActors} more actors`, client: false });

  const rows: Row[] = [];
  let next = 0; // the trace position expected next
  entries.forEach((entry, i) => {
    const skipped = Math.max(
      entry.index - next,
      i === 0 ? 0 : entry.position - (entries[i - 1] as Entry).position - 1,
    );
    if (skipped > 0) rows.push({ kind: "gap", count: skipped });
    const col = column.get(names[i] as string) ?? participants.length - 1;
    const participant = participants[col] as Participant;
    // Format §6.1: `request` is what the server-role side receives, the client-role side sends.
    const towardActor = (entry.message.direction === "response") === participant.client;
    rows.push({
      kind: "message",
      index: entry.index,
      message: entry.message,
      from: towardActor ? 0 : col,
      to: towardActor ? col : 0,
      matches: byIndex.get(entry.index) ?? [],
    });
    next = Math.max(next, entry.index + 1);
  });
  const last = entries.at(-1);
  const total =
    limits.total ?? (last ? Math.max(last.index + 1, messages.length) : messages.length);
  const trailing = Math.max(total - next, messages.length - 1 - (last?.position ?? -1));
  if (trailing > 0) rows.push({ kind: "gap", count: trailing });
  return { participants, hiddenActors, rows };
}
