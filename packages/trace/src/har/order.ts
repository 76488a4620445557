// HAR entries read in the order their requests started (HAR 1.2 §entries: "sorted by
// startedDateTime"), whatever the file's order. A recorder writes an entry when its exchange
// ends, so a long-lived SSE stream (carrying `elicitation/create`, `sampling/createMessage`)
// comes after the client's answers to it; read in file order, those answers would find no
// request. Bounded: at most MAX_HAR_HELD entries (MAX_HAR_HELD_CHARS of text) wait to be
// sorted; past that the earliest is read, and an entry that started before one already read
// (it came too late for the window) is read where it is, and said (a bound reached:
// T-PENDING-LIMIT, since its answers may be uncorrelated); an entry without a start
// keeps its place in the file.
import { type TraceRecord, unattributed } from "../record.js";
import type { HarEntrySink, HarEntryText } from "./scan.js";

/** Entries held back at once to be read in start order. */
export const MAX_HAR_HELD = 1024;
/**
 * UTF-16 code units of entry text held back at once: 4 Mi, so reading a HAR holds at most
 * this beside the entry being read (the client's answers a stream waits for are small).
 */
export const MAX_HAR_HELD_CHARS = 4 * 1024 * 1024;

// The entry's own `startedDateTime` (a member of the entry object: inside a body's string
// its quotes are escaped, so a body cannot be taken for it).
const STARTED = /"startedDateTime"\s*:\s*"([^"\\]{1,64})"/;

interface Held {
  entry: HarEntryText;
  start: number;
}

/** The start of an entry in ms, or NaN when it says none. */
function startOf(entry: HarEntryText): number {
  const found = entry.text === undefined ? null : STARTED.exec(entry.text);
  return found === null ? Number.NaN : Date.parse(found[1]!);
}

export class HarOrder {
  readonly #read: HarEntrySink;
  // Held entries, kept sorted by (start, index): a new one is inserted at its place.
  #held: Held[] = [];
  #chars = 0;
  #released = Number.NEGATIVE_INFINITY;
  #late = 0;

  constructor(read: HarEntrySink) {
    this.#read = read;
  }

  push(entry: HarEntryText, out: TraceRecord[]): void {
    const start = startOf(entry);
    // An entry that says no start keeps its place: what came before it is read first.
    if (Number.isNaN(start)) {
      while (this.#held.length > 0) this.#release(out);
      this.#read(entry, out);
      return;
    }
    let at = this.#held.length;
    while (at > 0 && this.#held[at - 1]!.start > start) at--;
    this.#held.splice(at, 0, { entry, start });
    this.#chars += entry.text?.length ?? 0;
    while (this.#held.length > MAX_HAR_HELD || this.#chars > MAX_HAR_HELD_CHARS) this.#release(out);
  }

  end(out: TraceRecord[]): void {
    while (this.#held.length > 0) this.#release(out);
    if (this.#late > 0)
      unattributed(
        out,
        1,
        "T-PENDING-LIMIT",
        `${this.#late} HAR entries started over ${MAX_HAR_HELD} entries before their place: read there`,
      );
  }

  #release(out: TraceRecord[]): void {
    const { entry, start } = this.#held.shift()!;
    this.#chars -= entry.text?.length ?? 0;
    if (start < this.#released) this.#late++;
    else this.#released = start;
    this.#read(entry, out);
  }
}
