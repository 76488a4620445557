// HAR entries are read in start order (HAR 1.2 §entries), whatever the file's order: a
// recorder writes a long-lived SSE stream's entry when it ends, after the client's answers to
// the requests it carried.
import { describe, expect, it } from "vitest";
import { MAX_HAR_HELD, MAX_HAR_HELD_CHARS } from "../src/har/order.js";
import { readTraceText, type TraceRecord } from "../src/index.js";

const messages = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "message" ? [r.message] : []));
const rules = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "diagnostic" ? [r.diagnostic.rule] : []));
const json = (value: unknown) => JSON.stringify(value);
const SESSION = [{ name: "mcp-session-id", value: "s-1" }];

/** The server's stream: an elicitation request, opened at 10:00:00, ended last. */
const stream = {
  startedDateTime: "2026-11-29T10:00:00.000Z",
  request: { method: "GET", url: "http://127.0.0.1:1/mcp", headers: SESSION },
  response: {
    status: 200,
    headers: [],
    content: {
      mimeType: "text/event-stream",
      text: `event: message\ndata: ${json({ jsonrpc: "2.0", id: 7, method: "elicitation/create", params: { message: "Paste your key" } })}\n\n`,
    },
  },
};
/** The client's answer, POSTed at 10:00:01 and ended at once. */
const answer = {
  startedDateTime: "2026-11-29T10:00:01.000Z",
  request: {
    method: "POST",
    url: "http://127.0.0.1:1/mcp",
    headers: SESSION,
    postData: {
      mimeType: "application/json",
      text: json({ jsonrpc: "2.0", id: 7, result: { action: "accept", content: { key: "sk" } } }),
    },
  },
  response: { status: 202, headers: SESSION, content: { mimeType: "", text: "" } },
};

describe("HAR entries in start order", () => {
  it("reads a stream written after the answers to it first, so the answers correlate", () => {
    const records = readTraceText(json({ log: { entries: [answer, stream] } }));
    expect(rules(records)).toEqual([]);
    expect(messages(records).map((m) => [m.direction, m.operation])).toEqual([
      ["request", "elicitation/create"],
      ["response", "elicitation/create"],
    ]);
  });

  it("holds a bounded window: an entry later than that is read where it is, and said", () => {
    const filler = (i: number) => ({
      startedDateTime: new Date(Date.parse(answer.startedDateTime) + i + 1).toISOString(),
      request: { method: "GET", url: "http://127.0.0.1:1/other" },
      response: { status: 200, headers: [], content: { mimeType: "text/html", text: "" } },
    });
    const entries = [answer, ...Array.from({ length: MAX_HAR_HELD }, (_, i) => filler(i)), stream];
    const records = readTraceText(json({ log: { entries } }));
    expect(rules(records)).toContain("T-PENDING-LIMIT");
    expect(rules(records)).toContain("T-UNCORRELATED");
  });

  it("holds at most MAX_HAR_HELD_CHARS of entry text, however few the entries", () => {
    const big = (i: number, length: number) => ({
      startedDateTime: new Date(Date.parse(answer.startedDateTime) + i + 1).toISOString(),
      request: { method: "GET", url: "http://127.0.0.1:1/other" },
      response: {
        status: 200,
        headers: [],
        content: { mimeType: "text/html", text: "x".repeat(length) },
      },
    });
    const fits = [answer, big(0, MAX_HAR_HELD_CHARS / 2), stream];
    expect(rules(readTraceText(json({ log: { entries: fits } })))).not.toContain("T-PENDING-LIMIT");
    const over = [answer, big(0, MAX_HAR_HELD_CHARS / 2), big(1, MAX_HAR_HELD_CHARS / 2), stream];
    const records = readTraceText(json({ log: { entries: over } }));
    expect(rules(records)).toContain("T-PENDING-LIMIT");
    expect(rules(records)).toContain("T-UNCORRELATED");
  });
});
