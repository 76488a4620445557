// The protocol messages of one HAR entry (read.ts). Each JSON text its bodies carry (a JSON
// body, or an SSE event's data) is read as what it is, so a peer cannot have its JSON-RPC
// read as AG-UI (or the other way) by what it sends first: JSON-RPC goes to the entry's
// connection (its MCP session's, or its own: sessions.ts), AG-UI to a reader of the entry's
// own (ag-ui.ts). A message without a time of its own gets the time of its body's side.
import { agUiDecoder } from "../ag-ui.js";
import type { BodySender } from "../jsonrpc/read.js";
import { type LineDecoder, problem, type TraceRecord } from "../record.js";
import { readSseBody, sseLog } from "../sse/events.js";
import { type Body, kindOf, unread } from "./body.js";
import { cutBody } from "./complete.js";
import { type HarEntry, pathOf, sessionOf } from "./entry.js";
import { entryProtocol } from "./entry-protocol.js";
import type { HarConnection, HarSessions } from "./sessions.js";

/** Reads the JSON-RPC and AG-UI messages of `entry`, and says what hides them. */
export function entryMessages(
  entry: HarEntry,
  sessions: HarSessions,
  protocol: string | undefined,
  maxEntryLength: number,
  out: TraceRecord[],
) {
  const { where, line, request, response, requestBody, responseBody } = entry;
  // Each body is read as what it carries; one that shows nothing, as its entry's kind.
  const kind = requestBody?.kind ?? responseBody?.kind;
  if (kind === undefined) return;
  const session = sessionOf(entry);
  // Alone (no session), an entry whose method both bindings have is told by its answer.
  const told =
    session === undefined && protocol === undefined
      ? entryProtocol(requestBody?.value, responseBody?.value, pathOf(entry), where, line, out)
      : undefined;
  let rpc: HarConnection | undefined;
  let agUi: LineDecoder | undefined;
  const route = (text: string, value: unknown, sender: BodySender) => {
    if ((kindOf(value) ?? kind) === "jsonrpc") {
      rpc ??= sessions.connection(session, line, out, told);
      rpc.decoder.body(text, line, out, sender);
    } else {
      agUi ??= agUiDecoder(maxEntryLength);
      agUi.line(text, line, out);
    }
  };
  const read = (b: Body | null | undefined, sender: BodySender, time: string | undefined) => {
    if (b === undefined || b === null) return;
    const start = out.length;
    const side = sender === "client" ? "request" : "response";
    if (!b.sse) route(b.text, b.value, sender);
    else {
      const each = (text: string) => {
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch (error) {
          const why = (error as Error).message;
          const what = `${where}: an SSE event of its ${side} body is not JSON (${why})`;
          return problem(out, line, "T-JSON", what);
        }
        route(text, value, sender);
      };
      // A line that is not SSE is read as a JSON line, as the JSON-RPC reader does.
      const events = sseLog(each, each, maxEntryLength, true);
      readSseBody(b.text, line, events, out, true);
    }
    // Bare JSON-RPC has no time, and an AG-UI event may have none of its own; the entry's
    // run is its messages'.
    if (time === undefined && entry.run === undefined) return;
    for (let i = start; i < out.length; i++) {
      const record = out[i]!;
      if (record.kind !== "message") continue;
      if (time !== undefined && record.message.timestamp === undefined)
        record.message.timestamp = time;
      if (entry.run !== undefined) record.message.run = entry.run;
    }
  };
  read(requestBody, "client", entry.sent);
  read(responseBody, "server", entry.received);
  if (rpc?.own) rpc.decoder.end(out);
  agUi?.end(out);
  // A protocol request whose response body the HAR left out hides what the peer said.
  if (response !== undefined && responseBody === undefined) unread(response, where, line, out);
  // So does a body it holds only part of.
  cutBody(request.postData, "request", where, line, out);
  cutBody(response?.content, "response", where, line, out);
}
