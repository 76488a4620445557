// One line splitter and one SSE parser (issue 34): the readers, the recorder's stdio log and
// its SSE tap cut lines with the same code, in the modes they need (CR, LF and CRLF for the
// readers and server-sent events; LF for the MCP stdio wire; over-long lines dropped or cut),
// whatever the chunking; and
// an SSE body read from a capture gives the events the recorder's tap saw on the wire.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readTraceText, SseTap, type TraceRecord } from "../src/index.js";
import { LineSplitter } from "../src/lines.js";
import { readSseBody, sseField, sseLog } from "../src/sse/events.js";

/** `text` fed in the pieces that cutting it at `cuts` gives. */
function pieces(text: string, cuts: number[]): string[] {
  const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const c of at) {
    out.push(text.slice(from, c));
    from = c;
  }
  out.push(text.slice(from));
  return out;
}

function split(splitter: LineSplitter, chunks: string[]): string[] {
  const lines = chunks.flatMap((c) => splitter.push(c));
  return [...lines, ...splitter.end()].map((l) => l.text);
}

const sseText = fc.array(
  fc.tuple(
    fc.constantFrom("data:", "data: ", "event: ", "id:", ": ", "retry: ", ""),
    fc.string({ maxLength: 6 }).map((s) => s.replace(/[\r\n]/g, "")),
    fc.constantFrom("\n", "\r\n", "\r"),
  ),
  { maxLength: 12 },
);

describe("the one line splitter", () => {
  it("ends lines at CR, LF and CRLF for SSE, however the chunks fall (CRLF split too)", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }).map((s) => s.replace(/[xy]/g, "\r").replace(/z/g, "\n")),
        fc.array(fc.nat(), { maxLength: 5 }),
        (text, cuts) => {
          const whole = text.split(/\r\n|\r|\n/);
          if (whole[whole.length - 1] === "") whole.pop();
          const lines = split(new LineSplitter(1000, { ends: "any" }), pieces(text, cuts));
          expect(lines).toEqual(whole);
          // The default, numbered as an editor counts (a CRLF split across chunks once).
          const splitter = new LineSplitter(1000);
          const numbered = pieces(text, cuts).flatMap((c) => splitter.push(c));
          numbered.push(...splitter.end());
          expect(numbered).toEqual(whole.map((t, i) => ({ line: i + 1, text: t })));
        },
      ),
      { numRuns: 300 },
    );
    expect(split(new LineSplitter(1000, { ends: "any" }), ["a\r\rb\r\nc\n\r"])).toEqual([
      "a",
      "",
      "b",
      "c",
      "",
    ]);
  });

  it("keeps the head of an over-long line and counts the rest when asked to cut", () => {
    // As the recorder's stdio log cuts (LF only, as MCP stdio frames messages).
    const splitter = new LineSplitter(4, { ends: "lf", overLong: "cut" });
    expect(splitter.push("abcdefg\nxy\r\nabcd\r\n")).toEqual([
      { line: 1, text: "abcd", cut: 3 },
      { line: 2, text: "xy" },
      // The CR of a CRLF counts toward the cap (bytes as the wire had them).
      { line: 3, text: "abcd", cut: 1 },
    ]);
    splitter.push("12");
    splitter.push("3456");
    expect(splitter.end()).toEqual([{ line: 4, text: "1234", cut: 2 }]);
  });
});

describe("the one SSE parser", () => {
  it("reads a field as the event stream does: one space after the colon, comments apart", () => {
    expect(sseField("data: x")).toEqual({ name: "data", value: "x" });
    expect(sseField("data:  x")).toEqual({ name: "data", value: " x" });
    expect(sseField("data")).toEqual({ name: "data", value: "" });
    expect(sseField("id:7:8")).toEqual({ name: "id", value: "7:8" });
    expect(sseField(": ping")).toBeUndefined();
  });

  it("gives a capture's SSE body the events the recorder's tap saw on the wire", () => {
    fc.assert(
      fc.property(sseText, fc.array(fc.nat(), { maxLength: 4 }), (fields, cuts) => {
        const body = `${fields.map(([field, value, end]) => `${field}${field === "" ? "" : value}${end}`).join("")}\n\n`;
        // Ended by a blank line: a tap drops an event the stream leaves open, a capture reads it.
        const seen: string[] = [];
        const tap = new SseTap(1000, (e) => seen.push(e.data));
        for (const piece of pieces(body, cuts)) tap.push(new TextEncoder().encode(piece));
        tap.end();
        const read: string[] = [];
        const events = sseLog(
          (data) => read.push(data),
          () => read.push("(not SSE)"),
        );
        readSseBody(body, 1, events, []);
        expect(read).toEqual(seen);
      }),
      { numRuns: 300 },
    );
  });

  it("reads a HAR's SSE body whose lines end in a lone CR (it was read as one line before)", () => {
    const body = 'event: message\rdata: {"jsonrpc":"2.0","id":1,"result":{"content":[]}}\r\r';
    const har = JSON.stringify({
      log: {
        entries: [
          {
            request: {
              method: "POST",
              url: "http://127.0.0.1/mcp",
              postData: { text: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}' },
            },
            response: { status: 200, content: { size: body.length, text: body } },
          },
        ],
      },
    });
    const records: TraceRecord[] = readTraceText(har);
    expect(records.filter((r) => r.kind === "diagnostic")).toEqual([]);
    expect(
      records.flatMap((r) =>
        r.kind === "message" ? [`${r.message.operation} ${r.message.direction}`] : [],
      ),
    ).toEqual(["tools/call request", "tools/call response"]);
  });
});
