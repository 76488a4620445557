// The two pictures of issue 37 §6, drawn by @oatf/diagrams: the document's actors and phases as
// a timeline, and the trace's exchange as a sequence diagram whose matched messages link to
// their indicator's row in the verdict table. This module and @oatf/diagrams are one chunk,
// which main.ts imports with the first report, so they are not part of the page's first load.
import { evidenceId, sequenceSvg, timelineSvg } from "@oatf/diagrams";
import type { Document } from "oatf";
import type { Exchange } from "./exchange.js";

/** Places the package's SVG markup: read as XML (not HTML), then adopted as nodes. */
function place(container: HTMLElement, markup: string): void {
  const svg = new DOMParser().parseFromString(markup, "image/svg+xml").documentElement;
  container.replaceChildren(document.importNode(svg, true));
}

function say(container: HTMLElement, text: string): void {
  const p = document.createElement("p");
  p.className = "muted";
  p.textContent = text;
  container.replaceChildren(p);
}

export function showTimeline(container: HTMLElement, parsed: Document | undefined): void {
  if (parsed) place(container, timelineSvg(parsed));
  else say(container, "The timeline appears once the document has no errors.");
}

/**
 * The exchange, drawn against `parsed` (its actors' roles); the verdict table's rows (in
 * `evidence`) get the ids the marked messages link to. `singleValue`: the paste was one JSON
 * value, whose messages are all on its line 1, so they are told apart by position instead.
 */
export function showSequence(
  container: HTMLElement,
  exchange: Exchange | undefined,
  parsed: Document | undefined,
  evidence: HTMLElement,
  singleValue: boolean,
): void {
  followEvidenceLinks(container);
  if (!exchange) {
    say(container, "The exchange appears with the trace's verdict.");
    return;
  }
  for (const row of evidence.querySelectorAll<HTMLElement>("tr[data-indicator]"))
    row.id = evidenceId(row.dataset.indicator ?? "");
  const { matches, total } = exchange;
  const messages = singleValue
    ? exchange.messages.map(({ line: _, ...message }) => message)
    : exchange.messages;
  place(container, sequenceSvg(messages, { document: parsed, matches, total }));
}

const following = new WeakSet<HTMLElement>();

/** A marked message's link shows its indicator's row, without touching the URL (share links live there). */
function followEvidenceLinks(container: HTMLElement): void {
  if (following.has(container)) return;
  following.add(container);
  container.addEventListener("click", (event) => {
    const target = (event.target as Element | null)?.closest("a")?.getAttribute("href");
    if (!target?.startsWith("#")) return;
    event.preventDefault();
    const row = document.getElementById(target.slice(1));
    if (!row) return;
    row.scrollIntoView({ block: "center" });
    row.classList.remove("flash");
    void row.offsetWidth; // restarts the highlight
    row.classList.add("flash");
  });
}
