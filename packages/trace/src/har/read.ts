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
import type { Value } from "@oatf/model";
import { isObject } from "@oatf/model/rules";
import { agUiDecoder, looksLikeAgUi } from "../ag-ui.js";
import type { BodySender } from "../jsonrpc/read.js";
import { type LineDecoder, preview, problem, type TraceRecord } from "../record.js";
import { readSseBody, sseLog } from "../sse/events.js";
import { type Body, harBody, kindOf, unread } from "./body.js";
import { HarScanner } from "./scan.js";
import { type HarConnection, harSessions } from "./sessions.js";

/** Code units of an `Mcp-Session-Id` kept as its connection's key (ids are UUID-sized). */
const MAX_SESSION_ID = 256;

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

const CARD = /\/\.well-known\/(agent-card|agent)\.json$/;

const isSuccess = (status: unknown) => typeof status === "number" && status >= 200 && status < 300;

/** A header's value from a HAR `headers` array (`[{name, value}]`), case-insensitively. */
function header(headers: unknown, name: string): string | undefined {
  if (!Array.isArray(headers)) return undefined;
  for (const h of headers)
    if (isObject(h) && typeof h.name === "string" && h.name.toLowerCase() === name)
      return typeof h.value === "string" ? h.value : undefined;
  return undefined;
}

/** Milliseconds from the request's start to the response's first byte (HAR `timings`). */
function firstByte(timings: unknown): number {
  if (!isObject(timings)) return 0;
  let sum = 0;
  // `ssl` is part of `connect` (HAR 1.2 §timings); -1 means "does not apply".
  for (const k of ["blocked", "dns", "connect", "send", "wait"]) {
    const v = timings[k];
    if (typeof v === "number" && Number.isFinite(v) && v > 0) sum += v;
  }
  return sum;
}

function later(start: string | undefined, ms: number): string | undefined {
  if (start === undefined || ms === 0) return start;
  const t = Date.parse(start);
  return Number.isNaN(t) ? start : new Date(t + ms).toISOString();
}

export function harDecoder(options: HarOptions): HarDecoder {
  const sessions = harSessions(options.protocol, options.maxEntryLength);
  let skipped = 0;
  let firstSkipped = "";

  function entry(index: number, line: number, text: string | undefined, out: TraceRecord[]) {
    const where = `HAR entry ${index}`;
    const before = out.length;
    if (text === undefined)
      return problem(
        out,
        line,
        "T-LINE-TOO-LONG",
        `${where}: longer than ${options.maxEntryLength} characters: not read`,
      );
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return problem(out, line, "T-JSON", `${where}: not JSON (${(error as Error).message})`);
    }
    if (!isObject(value) || !isObject(value.request))
      return problem(out, line, "T-SHAPE", `${where}: not a HAR entry (it needs a request object)`);
    const request = value.request;
    const response = isObject(value.response) ? value.response : undefined;
    if (value.response !== undefined && response === undefined)
      problem(out, line, "T-SHAPE", `${where}: its response is not an object`);
    const method = typeof request.method === "string" ? request.method.toUpperCase() : "";
    const url = typeof request.url === "string" ? request.url : "";
    const sent = typeof value.startedDateTime === "string" ? value.startedDateTime : undefined;
    const received = later(sent, firstByte(value.timings));

    const max = options.maxEntryLength;
    const requestBody = harBody(request.postData, "request", where, line, out, max);
    const responseBody =
      response === undefined
        ? undefined
        : harBody(response.content, "response", where, line, out, max);

    if (method === "GET" && CARD.test(url.replace(/[?#].*$/, ""))) {
      agentCard(responseBody, response, { where, line, sent, received }, out);
      return;
    }

    // Each body is read as what it carries; one that shows nothing, as its entry's kind.
    const kind = requestBody?.kind ?? responseBody?.kind;
    if (kind !== undefined) {
      // The request's header, or the response's for the `initialize` that opened the session.
      const session = (
        header(request.headers, "mcp-session-id") ?? header(response?.headers, "mcp-session-id")
      )?.slice(0, MAX_SESSION_ID);
      let rpc: HarConnection | undefined;
      let agUi: LineDecoder | undefined;
      // One JSON text (a JSON body, or an SSE event's data), read as what it is: a peer
      // cannot have its JSON-RPC read as AG-UI (or the other way) by what it sends first.
      const route = (text: string, value: unknown, sender: BodySender) => {
        if ((kindOf(value) ?? kind) === "jsonrpc") {
          rpc ??= sessions.connection(session, line, out);
          rpc.decoder.body(text, line, out, sender);
        } else {
          agUi ??= agUiDecoder(options.maxEntryLength);
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
          readSseBody(b.text, line, sseLog(each, each, options.maxEntryLength), out);
        }
        // Bare JSON-RPC has no time, and an AG-UI event may have none of its own.
        if (time === undefined) return;
        for (let i = start; i < out.length; i++) {
          const record = out[i]!;
          if (record.kind === "message" && record.message.timestamp === undefined)
            record.message.timestamp = time;
        }
      };
      read(requestBody, "client", sent);
      read(responseBody, "server", received);
      if (rpc?.own) rpc.decoder.end(out);
      agUi?.end(out);
      // A protocol request whose response body the HAR left out hides what the peer said.
      if (response !== undefined && responseBody === undefined) unread(response, where, line, out);
    }
    if (out.length === before && skipped++ === 0)
      firstSkipped = `entry ${index}: ${method} ${preview(url)}`;
  }

  const scanner = new HarScanner(options.maxEntryLength, (e, out) =>
    entry(e.index, e.line, e.text, out),
  );

  return {
    push: (chunk, out) => scanner.push(chunk, out),
    end(out) {
      scanner.end(out);
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

/** A2A `agent_card/get` (format §7.2.2): the GET as a request, the card as its response. */
function agentCard(
  card: Body | null | undefined,
  response: Record<string, unknown> | undefined,
  at: { where: string; line: number; sent?: string | undefined; received?: string | undefined },
  out: TraceRecord[],
) {
  const message = (direction: "request" | "response", content: Value, time?: string) =>
    out.push({
      kind: "message",
      message: {
        protocol: "a2a",
        operation: "agent_card/get",
        line: at.line,
        direction,
        content,
        ...(time ? { timestamp: time } : {}),
      },
    });
  message("request", {}, at.sent);
  // A failed fetch (404, a redirect) carries no card.
  if (response === undefined || !isSuccess(response.status)) return;
  if (card === undefined) return unread(response, at.where, at.line, out);
  if (card === null) return;
  const value = card.value;
  if (!isObject(value))
    return problem(out, at.line, "T-SHAPE", `${at.where}: the agent card is not a JSON object`);
  message("response", value as Value, at.received);
}
