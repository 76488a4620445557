import { createTraceEvaluator } from "@oatf/evaluate";
import { describe, expect, it } from "vitest";
import { readTraceText, type TraceRecord } from "../src/index.js";
import { jsonRpcDecoder } from "../src/jsonrpc/read.js";
import { leakDocument } from "./leak-document.js";

const messages = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "message" ? [r.message] : []));
const diagnostics = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "diagnostic" ? [r.diagnostic] : []));
const json = (value: unknown) => JSON.stringify(value);

const CALL = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "read_file" } };
const KEY = { content: [{ type: "text", text: "-----BEGIN OPENSSH PRIVATE KEY-----" }] };

/** What `@modelcontextprotocol/sdk`'s Streamable HTTP server writes for one JSON-RPC answer. */
const mcpEvent = (message: unknown, id = "1") =>
  [`event: message`, `id: ${id}`, `data: ${json(message)}`, ""].join("\n");

const LEAK_DOC = leakDocument("SSE-1");

describe("JSON-RPC over SSE: MCP Streamable HTTP", () => {
  const log = [json(CALL), "", mcpEvent({ jsonrpc: "2.0", id: 1, result: KEY })].join("\n");

  it("detects JSON-RPC from the SSE data, correlates and enriches the answer", () => {
    const records = readTraceText(log);
    expect(diagnostics(records)).toEqual([]);
    expect(messages(records)).toEqual([
      {
        protocol: "mcp",
        direction: "request",
        operation: "tools/call",
        content: { name: "read_file" },
        line: 1,
      },
      {
        protocol: "mcp",
        direction: "response",
        operation: "tools/call",
        content: { name: "read_file", ...KEY },
        line: 5, // the event's data line
      },
    ]);
  });

  it("detects JSON-RPC when the capture opens with SSE, comments and retry lines first", () => {
    const text = [
      ": keep-alive",
      "retry: 1000",
      mcpEvent({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info" } }),
      json(CALL),
      mcpEvent({ jsonrpc: "2.0", id: 1, result: KEY }),
    ].join("\n");
    const records = readTraceText(text);
    expect(diagnostics(records)).toEqual([]);
    expect(messages(records).map((m) => [m.direction, m.operation, m.line])).toEqual([
      ["request", "notifications/message", 5],
      ["request", "tools/call", 7],
      ["response", "tools/call", 10],
    ]);
  });

  it("joins multi-line data with line feeds, also to detect the format", () => {
    const text = [
      "event: message",
      'data: {"jsonrpc": "2.0",',
      'data:  "method": "ping"}',
      "",
    ].join("\n");
    const records = readTraceText(text);
    expect(diagnostics(records)).toEqual([]);
    expect(messages(records)).toEqual([
      { protocol: "mcp", direction: "request", operation: "ping", content: {}, line: 2 },
    ]);
  });

  it("correlates an SSE answer with a wrapped request the client sent", () => {
    const text = [
      json({ timestamp: "2026-01-01T00:00:00Z", direction: "send", message: CALL }),
      mcpEvent({ jsonrpc: "2.0", id: 1, result: KEY }),
      json({ direction: "receive", message: { jsonrpc: "2.0", id: 2, result: {} } }),
    ].join("\n");
    const records = readTraceText(text);
    const read = messages(records);
    expect(read[1]).toMatchObject({ operation: "tools/call", direction: "response", line: 4 });
    // The wrapped answer to an id never asked is still said.
    expect(diagnostics(records).map((d) => [d.rule, d.range?.start.line])).toEqual([
      ["T-UNCORRELATED", 6],
    ]);
  });

  it("correlates a client's bare answer to a request the server sent over SSE", () => {
    const text = [
      mcpEvent({ jsonrpc: "2.0", id: 9, method: "sampling/createMessage", params: { x: 1 } }),
      json({ jsonrpc: "2.0", id: 9, result: { role: "assistant" } }),
    ].join("\n");
    const records = readTraceText(text);
    expect(diagnostics(records)).toEqual([]);
    expect(messages(records)[1]).toMatchObject({
      direction: "response",
      operation: "sampling/createMessage",
      content: { role: "assistant" },
    });
  });

  it("evaluates an exploit in an SSE answer, its evidence naming the data line", () => {
    const evaluator = createTraceEvaluator([LEAK_DOC]);
    for (const r of readTraceText(log)) if (r.kind === "message") evaluator.push(r.message);
    const [verdict] = evaluator.verdicts();
    expect(verdict!.result).toBe("exploited");
    expect(verdict!.indicator_verdicts[0]!.evidence).toMatch(
      /^line 5 \(mcp tools\/call response\)/,
    );
  });

  it("reads --trace-format jsonrpc SSE the same as detected", () => {
    expect(readTraceText(log, { format: "jsonrpc" })).toEqual(readTraceText(log));
  });
});

describe("JSON-RPC over SSE: bad input", () => {
  it("says a malformed event once, with its line, and reads on", () => {
    const text = [
      json(CALL),
      "event: message",
      "data: {not json",
      "",
      "data: [DONE]",
      "",
      mcpEvent({ jsonrpc: "2.0", id: 1, result: KEY }),
    ].join("\n");
    const records = readTraceText(text, { format: "jsonrpc" });
    expect(diagnostics(records).map((d) => [d.rule, d.range?.start.line])).toEqual([
      ["T-JSON", 3],
      ["T-JSON", 5],
    ]);
    expect(messages(records).map((m) => m.operation)).toEqual(["tools/call", "tools/call"]);
  });

  it("refuses an event longer than the limit, as one diagnostic, and reads the next", () => {
    // Each line is within the limit; the event they make is not.
    const long = `data: ${"y".repeat(70)}`;
    const text = [long, long, "", mcpEvent({ jsonrpc: "2.0", method: "ping" })].join("\n");
    const records = readTraceText(text, { format: "jsonrpc", maxLineLength: 120 });
    expect(diagnostics(records).map((d) => [d.rule, d.range?.start.line])).toEqual([
      ["T-LINE-TOO-LONG", 1],
    ]);
    expect(messages(records).map((m) => [m.operation, m.line])).toEqual([["ping", 6]]);
  });

  it("ends an event at a line too long to read, never joining across it", () => {
    const text = ['data: {"jsonrpc":"2.0",', "x".repeat(200), 'data: "method":"ping"}', ""].join(
      "\n",
    );
    const records = readTraceText(text, { format: "jsonrpc", maxLineLength: 100 });
    expect(diagnostics(records).map((d) => [d.rule, d.range?.start.line])).toEqual([
      ["T-JSON", 1],
      ["T-LINE-TOO-LONG", 2],
      ["T-JSON", 3],
    ]);
  });
});

describe("SSE detection keeps AG-UI apart", () => {
  it("still reads an AG-UI SSE stream as AG-UI", () => {
    const text = [
      ": ping",
      "event: message",
      `data: ${json({ type: "RUN_STARTED", threadId: "t", runId: "r" })}`,
      "",
    ].join("\n");
    const records = readTraceText(text);
    expect(messages(records)).toEqual([
      {
        protocol: "ag_ui",
        direction: "response",
        operation: "run_started",
        content: { type: "RUN_STARTED", threadId: "t", runId: "r" },
        line: 3,
      },
    ]);
  });

  it("never takes JSON-RPC in SSE for AG-UI, even after events that show nothing", () => {
    const text = ["data: {}", "", "data: 1", "", mcpEvent({ jsonrpc: "2.0", method: "ping" })].join(
      "\n",
    );
    const read = messages(readTraceText(text));
    expect(read.map((m) => [m.protocol, m.operation])).toEqual([["mcp", "ping"]]);
  });
});

describe("jsonRpcDecoder().body: one HTTP body at a time", () => {
  const bodies = (list: [string, ("client" | "server")?][]) => {
    const decoder = jsonRpcDecoder();
    const out: TraceRecord[] = [];
    for (const [i, [text, sender]] of list.entries()) decoder.body(text, i + 1, out, sender);
    decoder.end(out);
    return out;
  };

  it("reads a pretty-printed JSON request and an SSE answer, every record at the body's line", () => {
    const out = bodies([
      [JSON.stringify(CALL, null, 2), "client"],
      [`${mcpEvent({ jsonrpc: "2.0", id: 1, result: KEY })}\n`, "server"],
    ]);
    expect(diagnostics(out)).toEqual([]);
    expect(messages(out).map((m) => [m.direction, m.operation, m.line])).toEqual([
      ["request", "tools/call", 1],
      ["response", "tools/call", 2],
    ]);
  });

  it("reads a batch body and a JSON answer body", () => {
    const out = bodies([
      [json([CALL, { jsonrpc: "2.0", id: 2, method: "tools/list" }]), "client"],
      [json([{ jsonrpc: "2.0", id: 2, result: { tools: [] } }]), "server"],
    ]);
    expect(messages(out).map((m) => [m.direction, m.operation])).toEqual([
      ["request", "tools/call"],
      ["request", "tools/list"],
      ["response", "tools/list"],
    ]);
  });

  it("says a bad body once and reads the next", () => {
    const out = bodies([
      ["<html>", "server"],
      [json(CALL), "client"],
    ]);
    expect(diagnostics(out).map((d) => [d.rule, d.range?.start.line])).toEqual([["T-JSON", 1]]);
    expect(messages(out)).toHaveLength(1);
  });
});
