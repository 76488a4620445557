// Server-sent events as a recorder sees a response stream go by (WHATWG HTML §9.2.6, the
// event stream format), fed chunk by chunk as they are relayed, with bounded memory: the one
// line splitter cuts the stream at CRLF, LF or CR (a line past the cap keeps its head), the
// one SSE parser (events.ts) reads each line's field, and an event whose data passes the cap
// keeps its first `cap` characters and is reported cut, never held whole.
import { LineSplitter, type SourceLine } from "../lines.js";
import { sseField } from "./events.js";

export interface SseEvent {
  event?: string;
  id?: string;
  data: string;
  /** Set when the data was longer than the cap. */
  cut?: string;
}

/** How much longer than the data cap a line may be: its field name is in its first bytes. */
const FIELD_ROOM = 16;

export class SseTap {
  // The byte-order mark is left for the line splitter to drop, as readTrace does.
  readonly #decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  readonly #cap: number;
  readonly #emit: (event: SseEvent) => void;
  readonly #lines: LineSplitter;
  #data: string[] = [];
  /** The data's length so far, a line feed counted after each value. */
  #dataLength = 0;
  /** Characters of over-long lines and data left out since the last event. */
  #dropped = 0;
  #event: string | undefined;
  #id: string | undefined;

  constructor(cap: number, emit: (event: SseEvent) => void) {
    this.#cap = cap;
    this.#emit = emit;
    this.#lines = new LineSplitter(cap + FIELD_ROOM, { overLong: "cut" });
  }

  push(chunk: Uint8Array): void {
    this.#text(this.#decoder.decode(chunk, { stream: true }));
  }

  /** The stream ended: an event not yet dispatched is dropped, as the format says. */
  end(): void {
    this.#text(this.#decoder.decode());
  }

  #text(text: string): void {
    for (const line of this.#lines.push(text)) this.#line(line);
  }

  #line({ text, cut }: SourceLine): void {
    if (cut !== undefined) this.#dropped += cut;
    if (text === "") {
      this.#dispatch();
      return;
    }
    const field = sseField(text);
    if (field === undefined) return;
    if (field.name === "data") this.#addData(field.value);
    else if (field.name === "event") this.#event = field.value;
    else if (field.name === "id") this.#id = field.value;
  }

  /** Adds a data value, cut to what is left of the cap. */
  #addData(value: string): void {
    const room = this.#cap - this.#dataLength;
    if (value.length > room) {
      this.#dropped += value.length - Math.max(room, 0);
      value = value.slice(0, Math.max(room, 0));
    }
    this.#data.push(value);
    this.#dataLength += value.length + 1;
  }

  #dispatch(): void {
    const data = this.#data;
    const dropped = this.#dropped;
    const event = this.#event;
    const id = this.#id;
    this.#data = [];
    this.#dataLength = 0;
    this.#dropped = 0;
    this.#event = undefined;
    this.#id = undefined;
    // An empty data buffer is not dispatched (SSE; MCP's priming events carry one).
    if (data.length === 0 || (data.length === 1 && data[0] === "" && dropped === 0)) return;
    this.#emit({
      data: data.join("\n"),
      ...(event === undefined ? {} : { event }),
      ...(id === undefined ? {} : { id }),
      ...(dropped > 0
        ? {
            cut: `cut: ${dropped} characters over the ${this.#cap}-character cap were not recorded`,
          }
        : {}),
    });
  }
}
