// Server-sent events as `oatf record` sees a response stream go by (WHATWG HTML §9.2.6, the
// event stream format): lines end in CRLF, LF or CR; `data:` lines of one event are joined
// with `\n`; a blank line dispatches the event. Fed chunk by chunk as they are relayed, with
// bounded memory: an event whose data passes the cap keeps its first `cap` characters and is
// reported cut, never held whole.

export interface SseEvent {
  event?: string;
  id?: string;
  data: string;
  /** Set when the data was longer than the cap. */
  cut?: string;
}

export class SseTap {
  readonly #decoder = new TextDecoder();
  readonly #cap: number;
  readonly #emit: (event: SseEvent) => void;
  #line = "";
  #data: string[] = [];
  #dataLength = 0;
  #dropped = 0;
  #event: string | undefined;
  #id: string | undefined;
  #afterCr = false;

  constructor(cap: number, emit: (event: SseEvent) => void) {
    this.#cap = cap;
    this.#emit = emit;
  }

  push(chunk: Uint8Array): void {
    this.#text(this.#decoder.decode(chunk, { stream: true }));
  }

  /** The stream ended: an event not yet dispatched is dropped, as the format says. */
  end(): void {
    this.#text(this.#decoder.decode());
  }

  #text(text: string): void {
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      // LF right after CR ends the same line.
      if (c === 10 && this.#afterCr && i === start) {
        this.#afterCr = false;
        start = i + 1;
        continue;
      }
      this.#append(text.slice(start, i));
      this.#afterCr = c === 13;
      this.#endLine();
      start = i + 1;
    }
    if (start < text.length) {
      this.#afterCr = false;
      this.#append(text.slice(start));
    }
  }

  #append(part: string): void {
    // A line longer than the cap is cut as it grows; its field name is in the first bytes.
    const room = this.#cap + 16 - this.#line.length;
    if (part.length > room) {
      this.#dropped += part.length - Math.max(room, 0);
      part = part.slice(0, Math.max(room, 0));
    }
    this.#line += part;
  }

  #endLine(): void {
    const line = this.#line;
    this.#line = "";
    if (line === "") {
      this.#dispatch();
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") {
      const room = this.#cap - this.#dataLength;
      if (value.length > room) {
        this.#dropped += value.length - Math.max(room, 0);
        value = value.slice(0, Math.max(room, 0));
      }
      this.#data.push(value);
      this.#dataLength += value.length + 1;
    } else if (field === "event") this.#event = value;
    else if (field === "id") this.#id = value;
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
    if (data.length === 0) return;
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
