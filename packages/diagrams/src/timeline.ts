// Picture (a): a document's execution as a timeline (format §5). One lane per actor, its
// phases left to right in order; between two phases the trigger that advances the actor
// (event, count, match, after); in each phase box what its state holds, its `on_enter`
// actions and extractors; a terminal phase (no trigger) drawn apart. Bounded: past
// `maxActors` lanes or `maxPhases` phases a lane says "… N more".

import { failure } from "./failure.js";
import { field, type LaneSource, lanesOf } from "./lanes.js";
import { bound, MAX_LABEL } from "./limits.js";
import { type PhaseText, phaseText } from "./phase-text.js";
import { arrowHead, CHAR, element, svg, text } from "./svg.js";
import { clip, label, wrap, xml } from "./text.js";

export interface TimelineOptions {
  /** Lanes drawn before "… N more actors" (default 12, at most 100). */
  maxActors?: number;
  /** Phases drawn per lane before "… N more phases" (default 16, at most 100). */
  maxPhases?: number;
}

const LINE = 16;
const HEADER = 190;
const BOX = 260;
const GAP = 176;
const PAD = 8;
const TOP = 40;
/** Characters of a line in a phase box and under a trigger arrow. */
// Literals, so that a bundle using none of the timeline drops these lines (calls are kept):
// ⌊(BOX − 2·PAD) / CHAR⌋, ⌊(GAP − 16) / CHAR⌋, ⌊(HEADER − 24) / CHAR⌋ (timeline.test.ts checks).
export const BOX_CHARS = 33;
export const GAP_CHARS = 21;
export const HEADER_CHARS = 22;

/** Lines a long entry of a box may take. */
const WRAP = 2;

interface BoxLine {
  markup: string;
  className: string;
  /** A long entry's second line is indented. */
  indent: boolean;
}

/** A box's lines after its name, escaped; a long entry takes two lines. */
function boxLines(phase: PhaseText): BoxLine[] {
  const entries: [string, string][] = [
    [phase.state, "oatf-muted"],
    ...phase.onEnter.map((line): [string, string] => [line, "oatf-action"]),
    ...phase.extractors.map((line): [string, string] => [line, "oatf-extractor"]),
  ];
  const lines = entries.flatMap(([raw, className]) =>
    wrap(raw, BOX_CHARS - 2, WRAP).map((markup, i) => ({ markup, className, indent: i > 0 })),
  );
  if (!phase.trigger)
    lines.push({ markup: xml("■ terminal"), className: "oatf-tag", indent: false });
  return lines;
}

const boxHeight = (phase: PhaseText) => (boxLines(phase).length + 1) * LINE + 2 * PAD;
/** Room under a trigger's arrow for its lines. */
const triggerHeight = (phase: PhaseText) =>
  phase.trigger ? 2 * PAD + LINE * (phase.trigger.lines.length + 1) : 0;

function phaseBox(phase: PhaseText, index: number, x: number, y: number, height: number): string {
  const lines = boxLines(phase)
    .map((line, i) => {
      const left = x + PAD + (line.indent ? 2 * CHAR : 0);
      return text(left, y + PAD + LINE * (i + 2) - 4, line.className, line.markup);
    })
    .join("");
  const tooltip = phase.description
    ? element("title", {}, label(`${phase.name}: ${phase.description}`, MAX_LABEL))
    : element("title", {}, label(phase.name, MAX_LABEL));
  return element(
    "g",
    {
      class: phase.trigger ? "oatf-phase" : "oatf-phase oatf-terminal",
      "data-phase": clip(phase.name, MAX_LABEL),
      "data-index": index,
    },
    tooltip +
      element("rect", { class: "oatf-box", x, y, width: BOX, height, rx: 6 }) +
      text(x + PAD, y + PAD + LINE - 4, "oatf-heading", label(phase.name, BOX_CHARS - 2)) +
      lines,
  );
}

/** The arrow from a phase's box to the next one, with its trigger's lines under it. */
function triggerArrow(phase: PhaseText, x: number, y: number): string {
  const trigger = phase.trigger;
  if (!trigger) return "";
  const end = x + GAP - 6;
  const lines = trigger.lines
    .map((line, i) =>
      text(x + 8, y + LINE * (i + 1) + 2, "oatf-trigger-text", label(line, GAP_CHARS)),
    )
    .join("");
  return element(
    "g",
    { class: "oatf-trigger", "data-parts": trigger.parts.join(" ") },
    element("title", {}, label(trigger.lines.join("; "), MAX_LABEL)) +
      element("line", { class: "oatf-rule", x1: x + 4, y1: y, x2: end - 6, y2: y }) +
      arrowHead(end, y, 1, "oatf-head") +
      lines,
  );
}

function more(x: number, y: number, count: number, what: string): string {
  return element(
    "g",
    { class: "oatf-more", "data-count": count },
    text(x, y, "oatf-more", xml(`… ${count} more ${what}`)),
  );
}

function lane(
  source: LaneSource,
  y: number,
  maxPhases: number,
): { markup: string; height: number } {
  const phases = Array.from({ length: Math.min(source.phases.length, maxPhases) }, (_, i) =>
    phaseText(source.phases, i),
  );
  const inner = Math.max(
    LINE * 3,
    ...phases.map((p) => Math.max(boxHeight(p), triggerHeight(p) + 20)),
  );
  const height = inner + 2 * PAD + 8;
  const top = y + PAD;
  let body = element("line", {
    class: "oatf-lifeline",
    x1: 8,
    y1: y + height,
    x2: HEADER + phases.length * (BOX + GAP),
    y2: y + height,
  });
  body += text(12, top + LINE, "oatf-heading", label(source.name, HEADER_CHARS));
  body += text(12, top + 2 * LINE, "oatf-muted", label(source.mode, HEADER_CHARS));
  phases.forEach((phase, i) => {
    const x = HEADER + i * (BOX + GAP);
    body += phaseBox(phase, i, x, top, boxHeight(phase));
    // The last phase drawn points on only when more phases follow it.
    if (i < phases.length - 1 || source.phases.length > phases.length)
      body += triggerArrow(phase, x + BOX, top + 20);
  });
  const hidden = source.phases.length - phases.length;
  if (hidden > 0) body += more(HEADER + phases.length * (BOX + GAP), top + 24, hidden, "phases");
  if (phases.length === 0) body += text(HEADER, top + LINE, "oatf-more", xml("no phases"));
  const attrs = {
    class: "oatf-lane",
    "data-actor": clip(source.name, MAX_LABEL),
    "data-mode": clip(source.mode, MAX_LABEL),
  };
  return { markup: element("g", attrs, body), height };
}

function attackTitle(document: unknown): string {
  const attack = field(document, "attack");
  const name = field(attack, "name");
  const id = field(attack, "id");
  const named = typeof name === "string" ? name : "Untitled";
  return typeof id === "string" ? `${id}: ${named}` : named;
}

function draw(document: unknown, options: TimelineOptions): string {
  const maxActors = bound(options.maxActors, 12, 100);
  const maxPhases = bound(options.maxPhases, 16, 100);
  const { lanes, total } = lanesOf(document, maxActors);
  const title = label(`Timeline of ${attackTitle(document)}`, MAX_LABEL);
  let y = TOP;
  let body = text(12, 22, "oatf-heading", title);
  let widest = 0;
  for (const source of lanes) {
    const drawn = lane(source, y, maxPhases);
    body += drawn.markup;
    y += drawn.height;
    const phases =
      Math.min(source.phases.length, maxPhases) + (source.phases.length > maxPhases ? 1 : 0);
    widest = Math.max(widest, phases);
  }
  if (total > lanes.length) {
    body += more(12, y + 20, total - lanes.length, "actors");
    y += 32;
  }
  if (lanes.length === 0) {
    body += text(12, y + 20, "oatf-more", xml("no actors: the document has no execution to draw"));
    y += 32;
  }
  const width = HEADER + Math.max(1, widest) * (BOX + GAP);
  return svg({ width, height: y + PAD, kind: "oatf-timeline", title }, body);
}

/**
 * A document's actors and phases as an SVG timeline, as markup (no DOM): one `g.oatf-lane` per
 * actor (`data-actor`, `data-mode`), one `g.oatf-phase` per phase (`data-phase`, `data-index`;
 * `oatf-terminal` when it has no trigger), one `g.oatf-trigger` per trigger arrow
 * (`data-parts`: `event count match after`). Any input, valid or not, gives a picture, never an
 * exception; the multi-phase and single-phase forms are drawn as the `default` actor.
 */
export function timelineSvg(document: unknown, options: TimelineOptions = {}): string {
  try {
    return draw(document, options ?? {});
  } catch (error) {
    return failure("oatf-timeline", error);
  }
}
