// Picture (b): a trace as a sequence diagram between the agent under test and the actors. One
// arrow per message, its operation (and a few words of content) over it, protocol and
// direction under it; the messages that matched an indicator are marked and link to that
// indicator's evidence (`evidenceId`). Bounded: past `maxMessages` or `maxActors`, "… N more".
import { failure } from "./failure.js";
import { idPrefixOf, messageId } from "./ids.js";
import { bound, MAX_LABEL } from "./limits.js";
import type { SequenceMessage } from "./message.js";
import { layout, type MessageRow, type Participant, type SequenceMatch } from "./sequence-rows.js";
import { arrowHead, CHAR, element, svg, text } from "./svg.js";
import { clip, label, xml } from "./text.js";

export interface SequenceOptions {
  /** The document the trace is evaluated against: its actors' modes tell which side sends a request. */
  document?: unknown;
  /** The messages that matched an indicator (see the README for how to collect them). */
  matches?: readonly SequenceMatch[];
  /** Messages in the whole trace, when `messages` is a selection of it (their `index` says where). */
  total?: number;
  /** Prefix of every id in the picture (default `oatf-`): give each picture of a page its own. */
  idPrefix?: string;
  /** Message rows drawn before "… N more messages" (default 400, at most 5000). */
  maxMessages?: number;
  /** Actor columns drawn before "… N more actors" (default 8, at most 50). */
  maxActors?: number;
}

const LEFT = 100;
const HALF = 100;
const COLUMN = 250;
const HEAD_TOP = 36;
const HEAD = 40;
const ROWS_TOP = HEAD_TOP + HEAD + 26;
const ROW = 38;
const FLAG = 240;
const FLAGS_SHOWN = 2;

const x = (column: number) => LEFT + HALF + column * COLUMN;

function header(participant: Participant, column: number, bottom: number): string {
  const center = x(column);
  const role =
    column === 0 ? "under test" : (participant.mode ?? (participant.client ? "client" : "server"));
  const chars = Math.floor((2 * HALF - 12) / CHAR);
  return element(
    "g",
    {
      class: "oatf-participant",
      "data-participant": column === 0 ? "" : clip(participant.name, MAX_LABEL),
      "data-column": column,
    },
    element("rect", {
      class: "oatf-box",
      x: center - HALF,
      y: HEAD_TOP,
      width: 2 * HALF,
      height: HEAD,
      rx: 6,
    }) +
      text(center, HEAD_TOP + 17, "oatf-heading", label(participant.name, chars), {
        "text-anchor": "middle",
      }) +
      text(center, HEAD_TOP + 32, "oatf-muted", label(role, chars), { "text-anchor": "middle" }) +
      element("line", {
        class: "oatf-lifeline",
        x1: center,
        y1: HEAD_TOP + HEAD,
        x2: center,
        y2: bottom,
      }),
  );
}

const where = (row: MessageRow) =>
  typeof row.message.line === "number" ? `line ${row.message.line}` : `message ${row.index}`;

function messageRow(
  row: MessageRow,
  y: number,
  width: number,
  flagX: number,
  prefix: string,
): string {
  const { message } = row;
  const from = x(row.from);
  const to = x(row.to);
  const toward: 1 | -1 = to >= from ? 1 : -1;
  const arrowY = y + 20;
  const chars = Math.max(4, Math.floor((Math.abs(to - from) - 20) / CHAR));
  const operation = message.detail ? `${message.operation} · ${message.detail}` : message.operation;
  const matched = row.matches.length > 0;
  // evidenceId(indicator_id, prefix), from the token of the whole id.
  const ids = row.matches.map((m) => `${prefix}evidence-${m.token}`);
  const flags = row.matches
    .slice(0, FLAGS_SHOWN)
    .map((m) => m.indicator_id)
    .join(", ");
  const extra = row.matches.length > FLAGS_SHOWN ? ` +${row.matches.length - FLAGS_SHOWN}` : "";
  const tooltip = [
    `${where(row)}: ${message.protocol} ${message.operation} ${message.direction}${message.actor ? ` on ${message.actor}` : ""}`,
    ...row.matches.map((m) => `matched ${m.indicator_id}${m.evidence ? `: ${m.evidence}` : ""}`),
  ];
  const body =
    element("title", {}, tooltip.map((line) => label(line, MAX_LABEL)).join("\n")) +
    element("rect", {
      class: "oatf-band",
      x: 2,
      y: y + 1,
      width: width - 4,
      height: ROW - 2,
      rx: 4,
    }) +
    text(8, arrowY + 4, "oatf-muted", label(where(row), 13)) +
    element("line", { class: "oatf-rule", x1: from, y1: arrowY, x2: to - 8 * toward, y2: arrowY }) +
    arrowHead(to, arrowY, toward, "oatf-head") +
    text(Math.min(from, to) + 10, arrowY - 6, "oatf-operation", label(operation, chars)) +
    text(
      Math.min(from, to) + 10,
      arrowY + 13,
      "oatf-muted",
      label(`${message.protocol} · ${message.direction}`, chars),
    ) +
    (matched
      ? text(
          flagX,
          arrowY + 4,
          "oatf-flag",
          label(`⚑ ${flags}${extra}`, Math.floor(FLAG / CHAR) - 1),
        )
      : "");
  const group = element(
    "g",
    {
      class: matched ? "oatf-message oatf-matched" : "oatf-message",
      id: messageId(row.index, prefix),
      "data-index": row.index,
      "data-protocol": clip(message.protocol, MAX_LABEL),
      "data-operation": clip(message.operation, MAX_LABEL),
      "data-direction": clip(message.direction, MAX_LABEL),
      "data-from": row.from,
      "data-to": row.to,
      "data-evidence": matched ? ids.join(" ") : undefined,
    },
    body,
  );
  // A marked message is a link to the first indicator's evidence (the others are in data-evidence).
  return matched ? element("a", { href: `#${ids[0]}` }, group) : group;
}

function gapRow(count: number, y: number): string {
  return element(
    "g",
    { class: "oatf-more", "data-count": count },
    text(LEFT + HALF, y + 24, "oatf-more", xml(`… ${count} more message${count === 1 ? "" : "s"}`)),
  );
}

function draw(messages: readonly unknown[], options: SequenceOptions): string {
  const prefix = idPrefixOf(options.idPrefix);
  const matches = Array.isArray(options.matches) ? options.matches : [];
  const total =
    typeof options.total === "number" && Number.isSafeInteger(options.total) && options.total >= 0
      ? options.total
      : undefined;
  const { participants, rows } = layout(messages, options.document, matches, {
    maxMessages: bound(options.maxMessages, 400, 5000),
    maxActors: bound(options.maxActors, 8, 50),
    ...(total === undefined ? {} : { total }),
  });
  const flagX = x(participants.length - 1) + HALF + 16;
  const width = flagX + FLAG;
  const height = ROWS_TOP + Math.max(1, rows.length) * ROW + 8;
  const drawn = rows.filter((r): r is MessageRow => r.kind === "message");
  const matched = drawn.filter((r) => r.matches.length > 0).length;
  const count = total ?? Math.max(messages.length, ...drawn.map((r) => r.index + 1));
  const title = xml(
    `Exchange: ${count} message${count === 1 ? "" : "s"}, ${matched} marked as matched`,
  );
  let body = text(12, 22, "oatf-heading", title);
  body += participants.map((p, column) => header(p, column, height - 8)).join("");
  rows.forEach((row, i) => {
    const y = ROWS_TOP + i * ROW;
    body +=
      row.kind === "message" ? messageRow(row, y, width, flagX, prefix) : gapRow(row.count, y);
  });
  if (rows.length === 0) body += text(LEFT + HALF, ROWS_TOP + 24, "oatf-more", xml("no messages"));
  return svg({ width, height, kind: "oatf-sequence", title }, body);
}

/**
 * A trace as an SVG sequence diagram, as markup (no DOM): one `g.oatf-participant` per column
 * (the agent first), one `g.oatf-message` per message drawn (`id` from `messageId`,
 * `data-index`, `data-protocol`, `data-operation`, `data-direction`); a message that matched an
 * indicator has `oatf-matched`, `data-evidence` (the `evidenceId` of each indicator it matched)
 * and sits in an `<a href="#…">` to the first of them. Left-out messages are one
 * `g.oatf-more` row each run (`data-count`). Any input gives a picture, never an exception.
 */
export function sequenceSvg(
  messages: readonly SequenceMessage[],
  options: SequenceOptions = {},
): string {
  try {
    return draw(Array.isArray(messages) ? messages : [], options ?? {});
  } catch (error) {
    return failure("oatf-sequence", error);
  }
}
