// What the timeline writes about one phase (format §5.2–§5.5): its name, what its state
// holds, its `on_enter` actions, its extractors, and its trigger (event, count, match, after)
// or that it is terminal. Lines are raw text, each bounded; the picture clips and escapes them.
import { phaseNameAt } from "@oatf/model/rules";
import { brief } from "./brief.js";
import { field } from "./lanes.js";
import { MAX_LABEL } from "./limits.js";

/** Entries of a list (actions, extractors, state keys, match keys) written before "+N more". */
const LISTED = 3;

export interface PhaseText {
  name: string;
  /** Its description, for the box's tooltip. */
  description?: string;
  /** `state: tools (2), capabilities`, or that it keeps the previous phase's state. */
  state: string;
  onEnter: string[];
  extractors: string[];
  /** Absent for a terminal phase (format §5.2: no trigger). */
  trigger?: TriggerText;
}

export interface TriggerText {
  /** One line per part: `on tools/call ×3`, `where name: "x"`, `or after 30s`. */
  lines: string[];
  /** Which of `event`, `count`, `match`, `after` it has. */
  parts: string[];
}

// Cut first: a line built around a 100 MB string would copy it whole.
const text = (value: unknown) =>
  typeof value === "string" ? value.slice(0, MAX_LABEL + 1) : brief(value, MAX_LABEL);

/** `items` written by `write`, the first LISTED of them, then `+N more`. */
function listed(items: unknown, write: (item: unknown) => string): string[] {
  if (!Array.isArray(items)) return [];
  const lines = items.slice(0, LISTED).map(write);
  if (items.length > LISTED) lines.push(`+${items.length - LISTED} more`);
  return lines;
}

function stateLine(state: unknown, first: boolean): string {
  if (state === undefined) return first ? "state: none" : "state: as before";
  if (typeof state !== "object" || state === null || Array.isArray(state)) return "state: ?";
  const keys = Object.keys(state);
  const shown = keys.slice(0, LISTED).map((key) => {
    const value = (state as Record<string, unknown>)[key];
    return Array.isArray(value) ? `${key} (${value.length})` : key;
  });
  if (keys.length > LISTED) shown.push(`+${keys.length - LISTED}`);
  return `state: ${shown.join(", ") || "empty"}`;
}

/** An entry action (format §5.2 `on_enter`): `send <method>`, `log <message>`, or its key. */
function actionLine(action: unknown): string {
  const send = field(action, "send");
  if (send !== undefined) return `on enter: send ${text(field(send, "method") ?? "?")}`;
  const log = field(action, "log");
  if (log !== undefined) return `on enter: log ${text(field(log, "message") ?? "?")}`;
  const key = typeof action === "object" && action !== null ? Object.keys(action)[0] : undefined;
  return `on enter: ${key ?? "?"}`;
}

/** An extractor (format §5.5): `extract <name> ← <source> <selector>`. */
function extractorLine(extractor: unknown): string {
  const name = text(field(extractor, "name") ?? "?");
  const source = text(field(extractor, "source") ?? "?");
  return `extract ${name} ← ${source} ${text(field(extractor, "selector") ?? "")}`.trimEnd();
}

/** A trigger (format §5.3): each of its parts on a line. */
export function triggerText(trigger: unknown): TriggerText {
  const lines: string[] = [];
  const parts: string[] = [];
  const event = field(trigger, "event");
  const count = field(trigger, "count");
  const match = field(trigger, "match");
  const after = field(trigger, "after");
  if (event !== undefined) {
    parts.push("event");
    if (count !== undefined) parts.push("count");
    lines.push(`on ${text(event)}${count === undefined ? "" : ` ×${text(count)}`}`);
  }
  if (match !== undefined) {
    parts.push("match");
    const keys = typeof match === "object" && match !== null ? Object.keys(match) : [];
    for (const key of keys.slice(0, 2))
      lines.push(`where ${key}: ${brief((match as Record<string, unknown>)[key], MAX_LABEL)}`);
    if (keys.length > 2) lines.push(`+${keys.length - 2} more conditions`);
    if (keys.length === 0) lines.push(`where ${brief(match, MAX_LABEL)}`);
  }
  if (after !== undefined) {
    parts.push("after");
    lines.push(`${event === undefined ? "" : "or "}after ${text(after)}`);
  }
  if (lines.length === 0) lines.push("(no event or after)");
  return { lines, parts };
}

/** The text of the phase at `index` of `phases`. */
export function phaseText(phases: readonly unknown[], index: number): PhaseText {
  const phase = phases[index];
  const out: PhaseText = {
    name: text(phaseNameAt(phases, index)),
    state: stateLine(field(phase, "state"), index === 0),
    onEnter: listed(field(phase, "on_enter"), actionLine),
    extractors: listed(field(phase, "extractors"), extractorLine),
  };
  const description = field(phase, "description");
  if (typeof description === "string") out.description = text(description);
  const trigger = field(phase, "trigger");
  if (trigger !== undefined) out.trigger = triggerText(trigger);
  return out;
}
