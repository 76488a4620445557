// The protocol messages of one HAR entry (read.ts): each JSON text its bodies carry (a JSON
// body, or an SSE event's data) is read as what it is, so a peer cannot have its JSON-RPC
// read as AG-UI (or the other way) by what it sends first. JSON-RPC goes to the entry's
// connection (its MCP session's, or its own: sessions.ts), AG-UI to a reader of the entry's
// own (ag-ui.ts). Messages without a time of their own get the time of their body's side.
import { agUiDecoder } from "../ag-ui.js";
import type { BodySender } from "../jsonrpc/read.js";
import { type LineDecoder, problem, type TraceRecord } from "../record.js";
import { readSseBody, sseLog } from "../sse/events.js";
import { type Body, type Kind, kindOf } from "./body.js";
import type { HarEntry } from "./entry.js";
import type { HarConnection, HarSessions } from "./sessions.js";

/** Where an entry's JSON-RPC goes: its MCP session, and the protocol it was told alone. */
export interface EntryConnection {
  sessions: HarSessions;
  session: string | undefined;
  told: string | undefined;
}

export class EntryMessages {
  #rpc: HarConnection | undefined;
  #agUi: LineDecoder | undefined;

  constructor(
    private readonly entry: HarEntry,
    /** What a body that shows nothing is read as: its entry's kind. */
    private readonly kind: Kind,
    private readonly connection: EntryConnection,
    private readonly maxEntryLength: number,
  ) {}

  /** Reads one body, stamping its messages that have no time with `time`. */
  read(
    body: Body | null | undefined,
    sender: BodySender,
    time: string | undefined,
    out: TraceRecord[],
  ) {
    if (body === undefined || body === null) return;
    const start = out.length;
    if (!body.sse) this.#route(body.text, body.value, sender, out);
    else {
      const side = sender === "client" ? "request" : "response";
      const each = (text: string, _line: number, out: TraceRecord[]) =>
        this.#event(text, side, sender, out);
      // A line that is not SSE is read as a JSON line, as the JSON-RPC reader does.
      const events = sseLog(each, each, this.maxEntryLength, true);
      readSseBody(body.text, this.entry.line, events, out, true);
    }
    // Bare JSON-RPC has no time, and an AG-UI event may have none of its own.
    if (time === undefined) return;
    for (let i = start; i < out.length; i++) {
      const record = out[i]!;
      if (record.kind === "message" && record.message.timestamp === undefined)
        record.message.timestamp = time;
    }
  }

  /** The entry is read: its own readers end (a session's goes on with the HAR). */
  end(out: TraceRecord[]) {
    if (this.#rpc?.own) this.#rpc.decoder.end(out);
    this.#agUi?.end(out);
  }

  #event(text: string, side: string, sender: BodySender, out: TraceRecord[]) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const why = (error as Error).message;
      const what = `${this.entry.where}: an SSE event of its ${side} body is not JSON (${why})`;
      return problem(out, this.entry.line, "T-JSON", what);
    }
    this.#route(text, value, sender, out);
  }

  #route(text: string, value: unknown, sender: BodySender, out: TraceRecord[]) {
    const line = this.entry.line;
    if ((kindOf(value) ?? this.kind) === "jsonrpc") {
      const { sessions, session, told } = this.connection;
      this.#rpc ??= sessions.connection(session, line, out, told);
      this.#rpc.decoder.body(text, line, out, sender);
    } else {
      this.#agUi ??= agUiDecoder(this.maxEntryLength);
      this.#agUi.line(text, line, out);
    }
  }
}
