// `oatf record`'s parts in process: its arguments, the log line shape the JSON-RPC reader reads,
// the stdio line cutter and the SSE tap (bounded, chunk boundaries anywhere), and HAR bodies.
import { readTraceText } from "@oatf/evaluate";
import { describe, expect, it } from "vitest";
import { parseArgs, UsageError } from "../src/cli/args.js";
import { parseRecordArgs } from "../src/cli/record.js";
import { BodyCapture } from "../src/cli/record-har.js";
import { LineCutter, logLine } from "../src/cli/record-log.js";
import { type SseEvent, SseTap } from "../src/cli/record-sse.js";

const VALUED = [
  "--out",
  "--listen",
  "--upstream",
  "--format",
  "--max-body",
  "--redis",
  "--stream",
  "--shards",
];
const parse = (argv: string[]) =>
  parseRecordArgs(parseArgs(argv, VALUED, ["--evaluate", "--keep-credentials"]));

describe("oatf record arguments", () => {
  it("reads stdio and HTTP recordings, documents before '--' with --evaluate", () => {
    expect(
      parse(["--out", "t.jsonl", "--evaluate", "a.yaml", "b/", "--", "node", "s.js", "--help"]),
    ).toEqual({
      out: "t.jsonl",
      format: "jsonl",
      maxBody: 16 * 1024 * 1024,
      keepCredentials: false,
      evaluate: ["a.yaml", "b/"],
      command: ["node", "s.js", "--help"],
    });
    const http = parse([
      "--listen",
      "[::1]:0",
      "--upstream",
      "http://h/mcp",
      "--out",
      "c.HAR",
      "--max-body",
      "10",
    ]);
    expect(http).toMatchObject({
      format: "har",
      maxBody: 10,
      keepCredentials: false,
      listen: { host: "::1", port: 0 },
    });
    expect(
      parse(["--listen", "h:1", "--upstream", "http://h", "--out", "c.har", "--keep-credentials"]),
    ).toMatchObject({ keepCredentials: true });
    expect(http.upstream?.href).toBe("http://h/mcp");
    expect(
      parse([
        "--listen",
        "127.0.0.1:8080",
        "--upstream",
        "https://h/",
        "--out",
        "c.har",
        "--format",
        "jsonl",
      ]).format,
    ).toBe("jsonl");
  });

  it("refuses what does not go together, as usage errors", () => {
    const bad = [
      ["--", "node"],
      ["--out", "t.jsonl"],
      ["--out", "t.jsonl", "doc.yaml", "--", "node"],
      ["--out", "t.jsonl", "--evaluate", "--", "node"],
      ["--out", "t.har", "--", "node"],
      ["--out", "t.jsonl", "--upstream", "http://h", "--", "node"],
      ["--out", "t.jsonl", "--listen", "h:1"],
      ["--out", "t.jsonl", "--listen", "h", "--upstream", "http://h"],
      ["--out", "t.jsonl", "--listen", "h:99999", "--upstream", "http://h"],
      ["--out", "t.jsonl", "--listen", "h:1", "--upstream", "file:///etc/passwd"],
      ["--out", "t.jsonl", "--listen", "h:1", "--upstream", "http://h", "--", "node"],
      ["--out", "t.jsonl", "--max-body", "0", "--", "node"],
      ["--out", "t.jsonl", "--keep-credentials", "--", "node"],
      ["--out", "t.jsonl", "--listen", "h:1", "--upstream", "http://h", "--keep-credentials"],
      ["--out", "t.jsonl", "--format", "pcap", "--", "node"],
      ["--out", "t.jsonl", "--redis", "redis://h", "--", "node"],
      ["--out", "t.jsonl", "--stream", "s", "--", "node"],
      ["--out", "t.jsonl", "--shards", "2", "--", "node"],
      ["--out", "t.jsonl", "--redis", "redis://h", "--stream", "s", "--shards", "0", "--", "node"],
    ];
    for (const argv of bad) expect(() => parse(argv), argv.join(" ")).toThrow(UsageError);
  });
});

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
