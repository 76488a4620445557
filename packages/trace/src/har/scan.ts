// HAR 1.2 ("HTTP Archive", W3C Web Performance WG draft; HAR 1.2 §log, §entries) split as it arrives.
// A HAR is one JSON document, `{"log": {"version", "creator", "pages", "entries": [...]}}`,
// often hundreds of megabytes, so it is never parsed whole: this scanner follows only
// strings and brackets (no values are built) down to `log.entries`, and hands back the text
// of each entry, which the caller parses on its own. Memory is one entry's text, at most
// `maxEntryLength` code units: a longer entry is skipped as it streams past, in constant
// memory, and reported. A syntax error inside an entry spoils that entry only (its own
// JSON.parse fails), and the scan goes on with the next; a HAR cut short is reported.
// The result is the same however the text is cut into chunks.
import { problem, type TraceRecord } from "../record.js";

/** One element of `log.entries`: its 0-based index, the line its `{` is on, and its text. */
export interface HarEntryText {
  index: number;
  line: number;
  /** Undefined when the entry was longer than the limit (it was reported and not kept). */
  text: string | undefined;
}

export type HarEntrySink = (entry: HarEntryText, out: TraceRecord[]) => void;

// Inside a string only a quote, a backslash or a line end matter; outside, the brackets,
// the separators, a quote opening a string, and line ends (for line numbers: CR, LF and
// CRLF, as the line splitter counts them).
const IN_STRING = /["\\\n]|\r\n?/g;
const OUTSIDE = /["{}[\],:\n]|\r\n?/g;
const NON_SPACE = /\S/;
/** Object keys longer than this are not `log` or `entries`: only a prefix is kept. */
const MAX_KEY = 16;

// Levels of the path to the entries: the root object, `log`, `log.entries`.
const ROOT = 1;
const LOG = 2;
const ENTRIES = 3;

export class HarScanner {
  #line = 1;
  /** The last chunk ended in `\r`: a `\n` opening the next one ends no other line. */
  #afterCr = false;
  /** Brackets open; `#level` of them are on the path to the entries, the rest are skipped. */
  #depth = 0;
  #level = 0;
  #inString = false;
  #escaped = false;
  // The key of the member being read at the root or in `log`, and whether one is expected.
  #expectKey = false;
  #readingKey = false;
  #key = "";
  // In `log.entries`: whether the element after the last comma has started, and how many did.
  #elementStarted = false;
  #count = 0;
  // The entry being kept: its line, the text so far (in parts) and its length.
  #entry: { index: number; line: number; parts: string[]; length: number } | undefined;
  #tooLong = false;
  #from = 0;
  #sawEntries = false;
  #done = false;
  #trailing = false;
  /** Elements of `log.entries` met so far, objects or not. */
  get entries(): number {
    return this.#count;
  }

  /** The input is not a HAR at all: nothing more is read. */
  stopped = false;
  readonly #max: number;
  readonly #sink: HarEntrySink;

  constructor(maxEntryLength: number, sink: HarEntrySink) {
    this.#max = maxEntryLength;
    this.#sink = sink;
  }

  push(chunk: string, out: TraceRecord[]): void {
    if (this.stopped) return;
    // A CRLF split between chunks ends one line: its CR was counted, its LF is counted below.
    if (this.#afterCr && chunk.charCodeAt(0) === 10) this.#line--;
    let i = 0;
    this.#from = 0;
    while (i < chunk.length && !this.stopped) {
      if (this.#inString) i = this.#string(chunk, i);
      else i = this.#outside(chunk, i, out);
    }
    if (this.#entry !== undefined) this.#keep(chunk, chunk.length);
    if (chunk.length > 0) this.#afterCr = chunk.charCodeAt(chunk.length - 1) === 13;
  }

  end(out: TraceRecord[]): void {
    if (this.stopped) return;
    if (this.#entry !== undefined) {
      const { index, line } = this.#entry;
      this.#entry = undefined;
      problem(out, line, "T-HAR", `HAR entry ${index}: the HAR ends inside it (truncated)`);
      return;
    }
    if (!this.#done && this.#level === 0 && this.#depth === 0) return; // empty: an empty trace
    if (!this.#done)
      problem(out, this.#line, "T-HAR", "the HAR ends before its closing brackets (truncated)");
    else if (!this.#sawEntries)
      problem(out, 1, "T-HAR", "a HAR without a log.entries array: nothing to read");
  }

  /** Skips string text up to its closing quote; returns where to go on. */
  #string(chunk: string, i: number): number {
    if (this.#escaped) {
      this.#escaped = false;
      if (this.#readingKey) this.#addKey(chunk, i, i + 1);
      i++;
    }
    IN_STRING.lastIndex = i;
    for (;;) {
      const m = IN_STRING.exec(chunk);
      if (m === null) {
        if (this.#readingKey) this.#addKey(chunk, i, chunk.length);
        return chunk.length;
      }
      const at = m.index;
      const c = chunk.charCodeAt(at);
      if (c === 10 || c === 13) {
        this.#line++; // not valid JSON, but lines are counted as an editor does
        continue;
      }
      if (c === 92) {
        // A backslash escapes the next character, which may be in the next chunk.
        if (at + 1 >= chunk.length) {
          this.#escaped = true;
          if (this.#readingKey) this.#addKey(chunk, i, at + 1);
          return chunk.length;
        }
        IN_STRING.lastIndex = at + 2;
        continue;
      }
      // The closing quote.
      if (this.#readingKey) {
        this.#addKey(chunk, i, at);
        this.#readingKey = false;
      }
      this.#inString = false;
      return at + 1;
    }
  }

  #addKey(chunk: string, from: number, to: number): void {
    if (this.#key.length < MAX_KEY) this.#key += chunk.slice(from, Math.min(to, from + MAX_KEY));
  }

  /** Reads structure up to and including the next structural character. */
  #outside(chunk: string, i: number, out: TraceRecord[]): number {
    OUTSIDE.lastIndex = i;
    const m = OUTSIDE.exec(chunk);
    const at = m === null ? chunk.length : m.index;
    // What lies between structural characters: whitespace, or a number, true, false, null.
    if (at > i && this.#depth === this.#level && NON_SPACE.test(chunk.slice(i, at)))
      this.#scalar(out);
    if (m === null || this.stopped) return chunk.length;
    const c = chunk[at]!;
    switch (c) {
      case "\n":
      case "\r":
        this.#line++;
        break;
      case '"':
        this.#inString = true;
        if (this.#depth === this.#level && this.#depth > 0 && this.#depth < ENTRIES) {
          if (this.#expectKey) {
            this.#readingKey = true;
            this.#key = "";
          }
        } else if (this.#depth === this.#level) this.#scalar(out);
        break;
      case "{":
      case "[":
        this.#open(c, at, out);
        break;
      case "}":
      case "]":
        this.#close(chunk, at, out);
        break;
      case ",":
        if (this.#depth === this.#level) {
          if (this.#level === ENTRIES) this.#elementStarted = false;
          else this.#expectKey = true;
        }
        break;
      case ":":
        if (this.#depth === this.#level) this.#expectKey = false;
        break;
    }
    return at + m[0].length; // a CRLF is one match
  }

  /** A value that is no container where the path expects one. */
  #scalar(out: TraceRecord[]) {
    if (this.#done) return this.#afterEnd(out);
    if (this.#level === 0) return this.#notHar(out);
    if (this.#level === ENTRIES && !this.#elementStarted) this.#element(false, out);
  }

  /** An element of `log.entries` starts: its index; one that is no object is reported. */
  #element(object: boolean, out: TraceRecord[]): number {
    this.#elementStarted = true;
    const index = this.#count++;
    if (!object) problem(out, this.#line, "T-HAR", `HAR entry ${index}: not an object`);
    return index;
  }

  #open(c: string, at: number, out: TraceRecord[]) {
    if (this.#done) return this.#afterEnd(out);
    const onPath = this.#depth === this.#level;
    this.#depth++;
    if (!onPath) return;
    switch (this.#level) {
      case 0:
        if (c !== "{") return this.#notHar(out);
        this.#level = ROOT;
        this.#expectKey = true;
        return;
      case ROOT:
      case LOG: {
        const wanted = this.#level === ROOT ? "log" : "entries";
        if (this.#key !== wanted) return;
        if (c === (this.#level === ROOT ? "{" : "[")) {
          this.#level++;
          this.#expectKey = true;
          this.#elementStarted = false;
          if (this.#level === ENTRIES) this.#sawEntries = true;
        } else {
          const what =
            this.#level === ROOT ? "log is not an object" : "log.entries is not an array";
          problem(out, this.#line, "T-HAR", `HAR ${what}`);
        }
        return;
      }
      case ENTRIES: {
        if (this.#elementStarted) return; // a second value without a comma: its entry's error
        const index = this.#element(c === "{", out);
        if (c === "[") return;
        this.#entry = { index, line: this.#line, parts: [], length: 0 };
        this.#tooLong = false;
        this.#from = at;
        return;
      }
    }
  }

  #close(chunk: string, at: number, out: TraceRecord[]) {
    if (this.#depth === 0) return this.#done ? this.#afterEnd(out) : this.#notHar(out);
    if (this.#depth === this.#level) {
      this.#level--;
      this.#depth--;
      if (this.#level === 0) this.#done = true;
      return;
    }
    this.#depth--;
    if (this.#entry !== undefined && this.#depth === ENTRIES) this.#finish(chunk, at + 1, out);
  }

  /** Adds the entry's text in this chunk up to `end` (or marks it too long). */
  #keep(chunk: string, end: number): void {
    const entry = this.#entry!;
    if (!this.#tooLong && end > this.#from) {
      entry.length += end - this.#from;
      if (entry.length > this.#max) {
        this.#tooLong = true;
        entry.parts = [];
      } else entry.parts.push(chunk.slice(this.#from, end));
    }
    this.#from = 0;
  }

  #finish(chunk: string, end: number, out: TraceRecord[]): void {
    this.#keep(chunk, end);
    const entry = this.#entry!;
    this.#entry = undefined;
    this.#from = end;
    const text = this.#tooLong ? undefined : entry.parts.join("");
    this.#sink({ index: entry.index, line: entry.line, text }, out);
  }

  #afterEnd(out: TraceRecord[]): void {
    if (this.#trailing) return;
    this.#trailing = true;
    problem(out, this.#line, "T-HAR-TRAILING", "text after the end of the HAR: not read");
  }

  #notHar(out: TraceRecord[]): void {
    this.stopped = true;
    problem(
      out,
      this.#line,
      "T-FORMAT",
      'not a HAR: a HAR is one JSON object, {"log": {"entries": [...]}}',
    );
  }
}
