import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import type { Document } from "@oatf/model";
import { lineRange } from "@oatf/model/internal";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatOfLine,
  readTrace,
  readTraceText,
  TRACE_FORMATS,
  type TraceFormat,
  type TraceRecord,
} from "../src/index.js";

const fixture = (name: string) => readFileSync(new URL(`traces/${name}`, import.meta.url), "utf8");
const messages = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "message" ? [r.message] : []));
const diagnostics = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "diagnostic" ? [r.diagnostic] : []));

async function collect(source: Parameters<typeof readTrace>[0], options = {}) {
  const out: TraceRecord[] = [];
  for await (const record of readTrace(source, options)) out.push(record);
  return out;
}

describe("JSON-RPC logs", () => {
  // Read inside each test, not at collection time, so every test sees the code under test.
  const proxy = () => readTraceText(fixture("mcp-proxy.jsonl"));

  it("reads requests as params and correlates responses to their request's method", () => {
    const read = messages(proxy());
    expect(read[0]).toMatchObject({
      protocol: "mcp",
      direction: "request",
      operation: "initialize",
      actor: "agent",
      timestamp: "2026-03-01T10:00:00Z",
      line: 1,
    });
    expect(read[1]).toMatchObject({ direction: "response", operation: "initialize", line: 2 });
    expect(read[1]!.content).toMatchObject({ serverInfo: { name: "evil" } });
    expect(read[2]).toMatchObject({ operation: "notifications/initialized", content: {} });
    expect(read[4]).toMatchObject({ operation: "tools/list", direction: "response" });
  });

  it("enriches a tools/call result with the request's params (SDK §4.1)", () => {
    const read = messages(proxy());
    expect(read[6]).toMatchObject({ operation: "tools/call", direction: "response", line: 7 });
    expect(read[6]!.content).toEqual({
      name: "read_file",
      arguments: { path: "/home/user/.ssh/id_rsa" },
      content: [{ type: "text", text: "-----BEGIN OPENSSH PRIVATE KEY-----" }],
      isError: false,
    });
  });

  it("keeps a __proto__ key of params or result as data when enriching", () => {
    const read = messages(
      readTraceText(
        [
          '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","__proto__":{"polluted":1}}}',
          '{"jsonrpc":"2.0","id":1,"result":{"content":[],"__proto__":{"isAdmin":true}}}',
        ].join("\n"),
      ),
    );
    const content = read[1]!.content as Record<string, unknown>;
    expect(Object.getPrototypeOf(content)).toBe(Object.prototype);
    expect(Object.keys(content)).toEqual(["name", "__proto__", "content"]);
    // The result's key wins, as `{...params, ...result}` says.
    expect(Object.getOwnPropertyDescriptor(content, "__proto__")?.value).toEqual({ isAdmin: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("reports uncorrelated responses, reused ids and unknown directions, and goes on", () => {
    const records = proxy();
    const read = messages(records);
    expect(read[7]).toMatchObject({ operation: "", direction: "response", line: 9 });
    const found = diagnostics(records).map((d) => [d.range?.start.line, d.rule, d.severity]);
    expect(found).toEqual([
      [9, "T-UNCORRELATED", "warning"],
      [11, "T-DUPLICATE-ID", "warning"],
      [12, "T-AMBIGUOUS-ID", "warning"],
      [13, "T-SHAPE", "error"],
    ]);
    // The response to a reused id is read as a response to each; an error is not enriched.
    expect(read.at(-2)).toMatchObject({
      operation: "prompts/get",
      line: 12,
      content: { code: -32602, message: "unknown prompt" },
    });
    expect(read.at(-1)).toMatchObject({
      operation: "prompts/get",
      line: 12,
      content: { code: -32602, message: "unknown prompt" },
    });
  });

  it("reads bare messages, A2A methods, synthetic lines and batches", () => {
    const a2a = readTraceText(fixture("a2a-bare.jsonl"));
    const got = messages(a2a).map((m) => [m.line, m.protocol, m.direction, m.operation]);
    expect(got).toEqual([
      [1, "a2a", "response", "agent_card/get"],
      [2, "a2a", "request", "message/send"],
      [3, "a2a", "response", "message/send"],
      [4, "a2a", "request", "tasks/get"],
      [4, "a2a", "request", "tasks/cancel"],
    ]);
    expect(diagnostics(a2a)).toMatchObject([{ range: lineRange(5), rule: "T-JSON" }]);
  });

  it("accepts the common direction spellings", () => {
    for (const [out, back] of [
      ["sent", "received"],
      ["outgoing", "incoming"],
      ["client→server", "server→client"],
    ]) {
      const text = [
        `{"direction":"${out}","message":{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x"}}}`,
        `{"direction":"${back}","message":{"jsonrpc":"2.0","id":7,"result":{"content":[]}}}`,
      ].join("\n");
      const read = messages(readTraceText(text));
      expect(read[1]).toMatchObject({
        operation: "tools/call",
        content: { name: "x", content: [] },
      });
    }
  });
});

describe("AG-UI", () => {
  it("reads an SSE capture: data lines joined, other fields and comments ignored", () => {
    const records = readTraceText(fixture("ag-ui.sse"));
    const got = messages(records).map((m) => [m.line, m.direction, m.operation]);
    expect(got).toEqual([
      [3, "response", "run_started"],
      [5, "response", "tool_call_start"],
      [9, "response", "tool_call_args"],
      [11, "response", "tool_call_end"],
      [15, "response", "run_finished"],
    ]);
    expect(messages(records)[1]!.timestamp).toBe("2026-01-01T00:00:00.000Z");
    expect(diagnostics(records)).toMatchObject([{ range: lineRange(13), rule: "T-SHAPE" }]);
  });

  it("reads JSON Lines of events and the RunAgentInput body", () => {
    const got = messages(readTraceText(fixture("ag-ui-events.jsonl"))).map((m) => [
      m.direction,
      m.operation,
    ]);
    expect(got).toEqual([
      ["request", "run_agent_input"],
      ["response", "run_started"],
      ["response", "text_message_content"],
      ["response", "tool_call_start"],
    ]);
  });
});

describe("ThoughtJack exports", () => {
  const document = (mode: string): Document =>
    ({ oatf: "0.1", attack: { execution: { actors: [{ name: "default", mode }] } } }) as Document;

  it("takes request/response from the actor's mode (format §6.1)", () => {
    const server = messages(
      readTraceText(fixture("thoughtjack.jsonl"), { documents: [document("mcp_server")] }),
    );
    expect(server.map((m) => [m.protocol, m.direction, m.operation])).toEqual([
      ["mcp", "request", "tools/list"],
      ["mcp", "response", "tools/list"],
      ["mcp", "request", "tools/call"],
    ]);
    const client = messages(
      readTraceText(fixture("thoughtjack.jsonl"), { documents: [document("mcp_client")] }),
    );
    expect(client.map((m) => m.direction)).toEqual(["response", "request", "response"]);
  });

  it("reports lines of an actor the documents do not declare", () => {
    const two = {
      oatf: "0.1",
      attack: {
        execution: {
          actors: [
            { name: "a", mode: "mcp_server" },
            { name: "b", mode: "a2a_client" },
          ],
        },
      },
    } as Document;
    const records = readTraceText(fixture("thoughtjack.jsonl"), { documents: [two] });
    expect(diagnostics(records).map((d) => d.rule)).toEqual(["T-ACTOR", "T-ACTOR", "T-ACTOR"]);
  });
});

describe("format detection and line handling", () => {
  it("tells each format from its first line", () => {
    expect(formatOfLine(fixture("mcp-proxy.jsonl").split("\n")[0]!)).toBe("jsonrpc");
    // The SSE capture opens with a comment and an `event:` line, which show nothing alone.
    expect(formatOfLine(fixture("ag-ui.sse").split("\n")[0]!)).toBeUndefined();
    expect(formatOfLine(fixture("ag-ui.sse").split("\n")[2]!)).toBe("ag_ui");
    expect(formatOfLine(fixture("thoughtjack.jsonl").split("\n")[0]!)).toBe("thoughtjack");
    expect(formatOfLine(fixture("ag-ui-events.jsonl").split("\n")[0]!)).toBe("ag_ui");
    const oatf = readFileSync(
      new URL("../../../examples/mcp-rug-pull.trace.jsonl", import.meta.url),
      "utf8",
    );
    expect(formatOfLine(oatf.split("\n")[0]!)).toBe("oatf");
  });

  it("names the candidates when it cannot tell", () => {
    const records = readTraceText(Array.from({ length: 10 }, () => '{"hello":1}').join("\n"));
    expect(records).toHaveLength(1);
    const [d] = diagnostics(records);
    expect(d).toMatchObject({ severity: "error", rule: "T-FORMAT", range: lineRange(1) });
    for (const format of TRACE_FORMATS) expect(d!.message).toContain(format);
  });

  it("reads an empty trace as no records", () => {
    expect(readTraceText("")).toEqual([]);
    expect(readTraceText("\n\n  \n")).toEqual([]);
  });

  it("accepts a byte-order mark and CRLF line ends", async () => {
    const text = `\uFEFF${fixture("thoughtjack.jsonl").replaceAll("\n", "\r\n")}`;
    const docs = [{ oatf: "0.1", attack: { execution: { mode: "mcp_server" } } } as Document];
    expect(messages(readTraceText(text, { documents: docs }))).toHaveLength(3);
    const bytes = new TextEncoder().encode(text);
    expect(bytes[0]).toBe(0xef);
    expect(messages(await collect([bytes], { documents: docs }))).toHaveLength(3);
  });

  it("reports a line over the limit without keeping it, and reads the next", async () => {
    const long = `{"jsonrpc":"2.0","method":"x","params":{"p":"${"a".repeat(500)}"}}`;
    const text = `{"jsonrpc":"2.0","method":"a"}\n${long}\n{"jsonrpc":"2.0","method":"b"}\n`;
    const chunks = text.match(/[\s\S]{1,37}/g)!;
    const records = await collect(chunks, { maxLineLength: 100 });
    expect(messages(records).map((m) => [m.line, m.operation])).toEqual([
      [1, "a"],
      [3, "b"],
    ]);
    expect(diagnostics(records)).toMatchObject([{ range: lineRange(2), rule: "T-LINE-TOO-LONG" }]);
  });

  it("reads Node streams and web ReadableStreams alike", async () => {
    const text = fixture("mcp-proxy.jsonl");
    const whole = readTraceText(text);
    expect(await collect(Readable.from([Buffer.from(text)]))).toEqual(whole);
    const web = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(text);
        for (let i = 0; i < bytes.length; i += 13) controller.enqueue(bytes.slice(i, i + 13));
        controller.close();
      },
    });
    expect(await collect(web)).toEqual(whole);
  });

  it("never throws, and chunking never changes what is read (property)", async () => {
    const line = fc.oneof(
      fc.string(),
      fc.json(),
      fc.constantFrom(
        ...fixture("mcp-proxy.jsonl").split("\n"),
        ...fixture("ag-ui.sse").split("\n"),
        ...fixture("a2a-bare.jsonl").split("\n"),
        '{"jsonrpc":"2.0","id":{"__proto__":1},"result":null}',
        '[{"jsonrpc":"2.0"}]',
        "data: null",
      ),
    );
    const format = fc.option(fc.constantFrom<TraceFormat>(...TRACE_FORMATS), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 12 }),
        format,
        fc.nat(50),
        async (lines, f, cut) => {
          const text = lines.join("\n");
          const whole = readTraceText(text, { format: f, documents: [] });
          for (const r of whole)
            if (r.kind === "message") expect(r.message.line).toBeGreaterThan(0);
          const size = cut + 1;
          const chunks = Array.from({ length: Math.ceil(text.length / size) }, (_, i) =>
            text.slice(i * size, (i + 1) * size),
          );
          expect(await collect(chunks, { format: f, documents: [] })).toEqual(whole);
        },
      ),
      { numRuns: 300 },
    );
  });
});
