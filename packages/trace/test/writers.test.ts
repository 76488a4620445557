// The writers `oatf record` uses, in process: the log line shape the JSON-RPC reader reads, the
// stdio line cutter and the SSE tap (bounded, chunk boundaries anywhere), and HAR bodies.
import { describe, expect, it } from "vitest";
import { BodyCapture, logLine, readTraceText, type SseEvent, SseTap } from "../src/index.js";
import { LineCutter } from "../src/node.js";

describe("the log lines", () => {
  it("carry the message's own bytes when it is one line of JSON, and are read by the JSON-RPC reader", async () => {
    const request =
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"a":1.50}}}';
    const sent = logLine(
      "sent",
      request,
      { connection: "c1", session: "s" },
      undefined,
      "2026-01-01T00:00:00Z",
    );
    expect(sent).toBe(
      `{"timestamp":"2026-01-01T00:00:00Z","direction":"sent","connection":"c1","session":"s","message":${request}}`,
    );
    // SSE data lines are joined with \n: such JSON is re-encoded onto one line.
    // The response names its connection and session as the recorder writes it: a line that
    // leaves them out may be another connection's, and the reader says so (T-AMBIGUOUS-ID).
    const received = logLine("received", '{"jsonrpc":"2.0",\n"id":1,"result":{"ok":true}}', {
      connection: "c1",
      session: "s",
    });
    expect(received.includes("\n")).toBe(false);
    const records = [];
    for await (const r of readTraceText(`${sent}\n${received}\n`)) records.push(r);
    expect(
      records.map((r) =>
        r.kind === "message" ? `${r.message.direction} ${r.message.operation}` : r.kind,
      ),
    ).toEqual(["request tools/call", "response tools/call"]);
  });

  it("keep what is not JSON, or was cut, with a note the reader reports as an error", async () => {
    const lines = [
      logLine("received", "Server starting..."),
      logLine("sent", '{"jsonrpc":"2.0","id":1,"me', {}, "cut: 9 bytes"),
    ];
    for (const line of lines) expect(JSON.parse(line).note).toMatch(/not JSON|cut/);
    const records = [];
    for await (const r of readTraceText(`${lines.join("\n")}\n`, { format: "jsonrpc" }))
      records.push(r);
    expect(
      records.map((r) => (r.kind === "diagnostic" ? r.diagnostic.severity : "message")),
    ).toEqual(["error", "error"]);
  });
});

describe("LineCutter", () => {
  it("cuts at LF wherever the chunks split, drops CR before it, and cuts long lines at the cap", () => {
    const text = Buffer.from('{"a":1}\r\n\n{"b":"é"}\n0123456789abcdef\nrest');
    for (let size = 1; size <= text.length; size += 3) {
      const out: [string, string | undefined][] = [];
      const cutter = new LineCutter(12, (line, cut) => out.push([line, cut]));
      for (let i = 0; i < text.length; i += size) cutter.push(text.subarray(i, i + size));
      cutter.end();
      expect(out, `chunks of ${size}`).toEqual([
        ['{"a":1}', undefined],
        ['{"b":"é"}', undefined],
        ["0123456789ab", "cut: 4 bytes over the 12-byte cap were not recorded"],
        ["rest", undefined],
      ]);
    }
  });
});

describe("SseTap", () => {
  it("dispatches events on blank lines (CRLF, LF or CR), joins data lines, ignores comments", () => {
    const stream =
      ': hi\r\nevent: message\r\nid: 7\r\ndata: {"a":\r\ndata: 1}\r\n\r\ndata:x\r\rdata: é\n\nevent: lost\n';
    const bytes = Buffer.from(stream);
    for (let size = 1; size <= bytes.length; size += 5) {
      const events: SseEvent[] = [];
      const tap = new SseTap(100, (e) => events.push(e));
      for (let i = 0; i < bytes.length; i += size) tap.push(bytes.subarray(i, i + size));
      tap.end();
      expect(events, `chunks of ${size}`).toEqual([
        { event: "message", id: "7", data: '{"a":\n1}' },
        { data: "x" },
        { data: "é" },
      ]);
    }
  });

  it("keeps at most the cap of an event's data and says it was cut", () => {
    const events: SseEvent[] = [];
    const tap = new SseTap(8, (e) => events.push(e));
    tap.push(Buffer.from(`data: ${"x".repeat(1000)}\ndata: yy\n\ndata: ok\n\n`));
    expect(events[0]?.data.length).toBeLessThanOrEqual(9);
    expect(events[0]?.cut).toMatch(/cut: \d+ characters over the 8-character cap/);
    expect(events[1]).toEqual({ data: "ok" });
  });
});

describe("BodyCapture", () => {
  it("keeps text whole under the cap, cuts over it with a comment, and base64-encodes binary", () => {
    const text = new BodyCapture(100);
    text.push(Buffer.from("héllo"));
    expect(text.content()).toEqual({ text: "héllo" });
    const cut = new BodyCapture(4);
    cut.push(Buffer.from("abc"));
    cut.push(Buffer.from("defg"));
    expect(cut.size).toBe(7);
    expect(cut.content()).toEqual({
      text: "abcd",
      comment: "cut: 3 bytes over the 4-byte cap were not recorded",
    });
    const binary = new BodyCapture(100);
    binary.push(Buffer.from([0xff, 0x00, 0xfe]));
    expect(binary.content()).toEqual({ text: "/wD+", encoding: "base64" });
  });
});
