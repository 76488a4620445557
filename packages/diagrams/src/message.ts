// A trace message as the sequence diagram needs it: who, which way, what operation, and a few
// words of what it carried. `summarizeMessage` makes that small, bounded copy, for a page that
// draws in one thread what another thread read (the playground's worker posts summaries, not
// whole messages).
import { brief } from "./brief.js";
import { field } from "./lanes.js";

/**
 * What the sequence diagram reads of a message: a trace message (`TraceMessage` of
 * `@oatf/evaluate`) is one, and so is its summary.
 */
export interface SequenceMessage {
  protocol: string;
  /** `request` or `response`, from the actor's perspective (format §6.1). */
  direction: string;
  operation: string;
  actor?: string;
  /** Read only for `detail` when that is absent. */
  content?: unknown;
  /** A few words of the content (a tool name, a count); computed from `content` when absent. */
  detail?: string;
  /** The 1-based line of the trace it was read from. */
  line?: number;
  /** Its 0-based position in the trace, when the list drawn is a selection (default: its position in the list). */
  index?: number;
}

/** Code units kept of each text field of a summary. */
const KEPT = 200;
const cut = (value: unknown) => (typeof value === "string" ? value.slice(0, KEPT) : "?");

/** A few words of a message's content: the name it calls or names, or how many tools it lists. */
export function detailOf(content: unknown): string | undefined {
  for (const key of ["name", "toolCallName", "uri", "delta"]) {
    const value = field(content, key);
    if (typeof value === "string") return key === "delta" ? brief(value, 40) : value.slice(0, KEPT);
  }
  const tools = field(content, "tools");
  if (Array.isArray(tools)) return `${tools.length} tool${tools.length === 1 ? "" : "s"}`;
  const card = field(content, "skills");
  if (Array.isArray(card)) return `agent card, ${card.length} skill${card.length === 1 ? "" : "s"}`;
  return undefined;
}

/** A bounded copy of what the diagram reads of `message`, its position in the trace as `index`. */
export function summarizeMessage(message: SequenceMessage, index: number): SequenceMessage {
  const summary: SequenceMessage = {
    protocol: cut(message.protocol),
    direction: cut(message.direction),
    operation: cut(message.operation),
    index,
  };
  if (typeof message.actor === "string") summary.actor = cut(message.actor);
  const detail =
    typeof message.detail === "string" ? cut(message.detail) : detailOf(message.content);
  if (detail !== undefined) summary.detail = detail;
  if (typeof message.line === "number" && Number.isSafeInteger(message.line))
    summary.line = message.line;
  return summary;
}
