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
//   `agent_card/get` (format §7.2.2): one response message whose content is the card (none
//   for a failed fetch, which is counted with the entries that carry nothing).
// - An AG-UI run (format §7.3) is a POST of a RunAgentInput, read as `run_agent_input`, then
//   the AG-UI events of its SSE response (ag-ui.ts).
// Requests are stamped with the entry's `startedDateTime`, responses with the time its
// first byte came (start plus the `timings` before `receive`), unless an event has its own.
// Every message and diagnostic carries the line the entry starts on.
import { preview, problem, type TraceRecord } from "../record.js";
import { agentCard, isAgentCardFetch } from "./agent-card.js";
import { readHarEntry } from "./entry.js";
import { entryMessages } from "./entry-messages.js";
import { HarOrder } from "./order.js";
import { HarScanner } from "./scan.js";
import { harSessions } from "./sessions.js";

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
  const { protocol, maxEntryLength } = options;
  const sessions = harSessions(protocol, maxEntryLength);
  // Entries that carry no protocol message, and the first of them.
  let skipped = 0;
  let firstSkipped = "";

  // Entries are read in the order they started (order.ts), not the order they ended in.
  const order = new HarOrder((e, out) => {
    const before = out.length;
    const entry = readHarEntry(e.index, e.line, e.text, maxEntryLength, out);
    if (entry === undefined) return;
    if (isAgentCardFetch(entry)) agentCard(entry, out);
    else entryMessages(entry, sessions, protocol, maxEntryLength, out);
    if (out.length === before && skipped++ === 0)
      firstSkipped = `entry ${e.index}: ${entry.method} ${preview(entry.url)}`;
  });
  const scanner = new HarScanner(maxEntryLength, (e, out) => order.push(e, out));

  return {
    push: (chunk, out) => scanner.push(chunk, out),
    end(out) {
      scanner.end(out);
      order.end(out);
      sessions.end(out);
      if (skipped > 0)
        problem(
          out,
          1,
          "T-HAR-SKIPPED",
          `${skipped} of ${scanner.entries} HAR entries carry no MCP, A2A or AG-UI message and were skipped (the first: ${firstSkipped})`,
        );
    },
    get stopped() {
      return scanner.stopped;
    },
  };
}
