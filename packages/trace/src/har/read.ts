// HAR 1.2 captures (issue 22 §2) of MCP Streamable HTTP, A2A (format §7.2) and AG-UI
// (format §7.3) traffic, as browser devtools, Playwright's `recordHar`, mitmproxy and HTTP
// proxies export them. Each entry's request body (`postData.text`) and response body
// (`content.text`, base64 decoded when `encoding` says so) are read in entry order: a JSON
// body, a JSON-RPC batch, or SSE whose `data` carries JSON. What an entry is comes from what
// it carries, never from the entry before it, and each JSON text in it (a body, an SSE event)
// is read as what it is, so a peer cannot have the other side's messages misread:
// - JSON-RPC messages go through the JSON-RPC reader (jsonrpc.ts: correlation and SDK §4.1
//   enrichment), the request body as sent, the response body as received. Each entry is its
//   own connection (ids are scoped to it, its protocol told by its methods), except that
//   entries carrying one MCP `Mcp-Session-Id` header share a connection, so a response sent
//   on a later stream still finds its request.
// - `GET …/.well-known/agent-card.json` (or the older `agent.json`) is the A2A synthetic
//   `agent_card/get` (format §7.2.2): a request, then a response whose content is the card.
// - An AG-UI run (format §7.3) is a POST of a RunAgentInput, read as `run_agent_input`, then
//   the AG-UI events of its SSE response (ag-ui.ts).
// Requests are stamped with the entry's `startedDateTime`, responses with the time its
// first byte came (start plus the `timings` before `receive`), unless an event has its own.
// Every message and diagnostic carries the line the entry starts on.
import { preview, problem, type TraceRecord } from "../record.js";
import { agentCard, isAgentCardFetch } from "./agent-card.js";
import { unread } from "./body.js";
import { cutBody } from "./complete.js";
import { type HarEntry, harEntry, pathOf, sessionOf } from "./entry.js";
import { EntryMessages } from "./entry-messages.js";
import { entryProtocol } from "./entry-protocol.js";
import { HarOrder } from "./order.js";
import { HarScanner } from "./scan.js";
import { type HarSessions, harSessions } from "./sessions.js";

export interface HarOptions {
  /** The protocol of every JSON-RPC message, whatever its method says. */
  protocol?: string;
  /** Longest entry read, in UTF-16 code units; a longer one is reported and skipped. */
  maxEntryLength: number;
}

/** The text decoder a HAR is read with: feed it text as it arrives. */
export interface HarDecoder {
  push(chunk: string, out: TraceRecord[]): void;
  end(out: TraceRecord[]): void;
  readonly stopped: boolean;
}

export function harDecoder(options: HarOptions): HarDecoder {
  return new HarReader(options);
}

class HarReader implements HarDecoder {
  readonly #options: HarOptions;
  readonly #sessions: HarSessions;
  // Entries are read in the order they started (order.ts), not the order they ended in.
  readonly #order = new HarOrder((e, out) => this.#entry(e.index, e.line, e.text, out));
  readonly #scanner: HarScanner;
  /** Entries that carried no protocol message, and the first of them. */
  #skipped = 0;
  #firstSkipped = "";

  constructor(options: HarOptions) {
    this.#options = options;
    this.#sessions = harSessions(options.protocol, options.maxEntryLength);
    this.#scanner = new HarScanner(options.maxEntryLength, (e, out) => this.#order.push(e, out));
  }

  push(chunk: string, out: TraceRecord[]) {
    this.#scanner.push(chunk, out);
  }

  end(out: TraceRecord[]) {
    this.#scanner.end(out);
    this.#order.end(out);
    this.#sessions.end(out);
    if (this.#skipped > 0)
      problem(
        out,
        1,
        "T-HAR-SKIPPED",
        `${this.#skipped} of ${this.#scanner.entries} HAR entries carry no MCP, A2A or AG-UI message and were skipped (the first: ${this.#firstSkipped})`,
      );
  }

  get stopped() {
    return this.#scanner.stopped;
  }

  #entry(index: number, line: number, text: string | undefined, out: TraceRecord[]) {
    const before = out.length;
    const entry = harEntry(index, line, text, this.#options.maxEntryLength, out);
    if (entry === undefined) return;
    if (isAgentCardFetch(entry)) return agentCard(entry, out);
    this.#messages(entry, out);
    if (out.length === before && this.#skipped++ === 0)
      this.#firstSkipped = `entry ${index}: ${entry.method} ${preview(entry.url)}`;
  }

  /** The JSON-RPC and AG-UI messages of an entry, and what hides them. */
  #messages(entry: HarEntry, out: TraceRecord[]) {
    const { requestBody, responseBody, request, response, where, line } = entry;
    // Each body is read as what it carries; one that shows nothing, as its entry's kind.
    const kind = requestBody?.kind ?? responseBody?.kind;
    if (kind === undefined) return;
    const session = sessionOf(entry);
    // Alone (no session), an entry whose method both bindings have is told by its answer.
    const told =
      session === undefined && this.#options.protocol === undefined
        ? entryProtocol(requestBody?.value, responseBody?.value, pathOf(entry), where, line, out)
        : undefined;
    const connection = { sessions: this.#sessions, session, told };
    const messages = new EntryMessages(entry, kind, connection, this.#options.maxEntryLength);
    messages.read(requestBody, "client", entry.sent, out);
    messages.read(responseBody, "server", entry.received, out);
    messages.end(out);
    // A protocol request whose response body the HAR left out hides what the peer said.
    if (response !== undefined && responseBody === undefined) unread(response, where, line, out);
    // So does a body it holds only part of.
    cutBody(request.postData, "request", where, line, out);
    cutBody(response?.content, "response", where, line, out);
  }
}
