// The page's trace input: the SDK reader (format detected, line diagnostics kept), and one
// message pasted over several lines read as one line.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "oatf";
import { describe, expect, it } from "vitest";
import { readTrace } from "../src/trace-input.js";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "fixtures", name), "utf8");

const message = {
  protocol: "mcp",
  direction: "request",
  operation: "tools/call",
  content: { name: "calc" },
};

describe("readTrace", () => {
  it("reads OATF JSON Lines, skipping blank lines, with source lines", () => {
    const read = readTrace(`${JSON.stringify(message)}\n\n${JSON.stringify(message)}\n`);
    expect(read).toEqual({
      format: "oatf",
      singleValue: false,
      messages: [
        { ...message, line: 1 },
        { ...message, line: 3 },
      ],
      diagnostics: [],
    });
  });

  it("detects a JSON-RPC log and correlates responses with requests by id", () => {
    const read = readTrace(fixture("pasted-trace.jsonrpc.jsonl"));
    expect(read.format).toBe("jsonrpc");
    expect(read.diagnostics).toEqual([]);
    expect(read.messages.map((m) => [m.direction, m.operation, m.line])).toEqual([
      ["request", "tools/list", 1],
      ["response", "tools/list", 2],
      ["request", "tools/call", 3],
      ["response", "tools/call", 4],
    ]);
  });

  it("reads one message written over several lines, in any format", () => {
    expect(readTrace(JSON.stringify(message, null, 2))).toEqual({
      format: "oatf",
      singleValue: true,
      messages: [{ ...message, line: 1 }],
      diagnostics: [],
    });
    const request = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "calc" } };
    const read = readTrace(JSON.stringify(request, null, 2));
    expect(read.format).toBe("jsonrpc");
    expect(read.messages).toMatchObject([{ direction: "request", operation: "tools/call" }]);
  });

  it("passes the documents to the reader, so a ThoughtJack export takes the actor's mode", () => {
    const line = JSON.stringify({
      seq: 0,
      actor: "default",
      phase: "p1",
      direction: "Incoming",
      method: "tools/call",
      content: { name: "calc" },
    });
    const client = parse(
      "oatf: '0.1'\nattack:\n  execution:\n    mode: mcp_client\n  indicators: []\n",
    );
    if (!client.ok) throw new Error("fixture document does not parse");
    expect(readTrace(line, [client.value])).toMatchObject({
      format: "thoughtjack",
      messages: [{ direction: "response", operation: "tools/call" }],
    });
  });

  it("keeps the reader's line diagnostics and goes on reading", () => {
    const text = `${JSON.stringify(message)}\n{"protocol":"mcp"}\nnot json\n${JSON.stringify(message)}`;
    const read = readTrace(text);
    expect(read.messages.map((m) => m.line)).toEqual([1, 4]);
    expect(read.diagnostics.map((d) => [d.rule, d.range?.start.line])).toEqual([
      ["T-SHAPE", 2],
      ["T-JSON", 3],
    ]);
  });

  it("names the candidate formats when it cannot tell the format", () => {
    const read = readTrace("not json\nnor this");
    expect(read.format).toBeUndefined();
    expect(read.messages).toEqual([]);
    expect(read.diagnostics).toMatchObject([
      { severity: "error", rule: "T-FORMAT", range: { start: { line: 1 } } },
    ]);
  });
});
