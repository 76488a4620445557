// The OTLP reader (@oatf/trace/otlp): MCP and A2A spans by the semantic conventions and by what
// traceloop and shinzolabs emit, the content they did not carry, and hostile input (malformed
// spans, `__proto__` keys, deep nesting, over-long lines, protobuf that does not decode).
import { describe, expect, it } from "vitest";
import { readOtlp } from "../src/otlp.js";
import type { TraceRecord } from "../src/record.js";

const str = (value: string) => ({ stringValue: value });
const attr = (key: string, value: unknown) => ({ key, value });
const span = (name: string, attributes: unknown[], extra: Record<string, unknown> = {}) => ({
  traceId: "0af7651916cd43dd8448eb211c80319c",
  spanId: "b7ad6b7169203331",
  name,
  kind: 3,
  startTimeUnixNano: "1700000000000000000",
  endTimeUnixNano: "1700000001000000000",
  attributes,
  status: { code: 1 },
  ...extra,
});
const request = (spans: unknown[], scope = "test") =>
  JSON.stringify({
    resourceSpans: [
      { resource: { attributes: [] }, scopeSpans: [{ scope: { name: scope }, spans }] },
    ],
  });

async function read(source: string | Uint8Array[], maxLineLength?: number) {
  const records: TraceRecord[] = [];
  for await (const record of readOtlp(source, maxLineLength === undefined ? {} : { maxLineLength }))
    records.push(record);
  const messages = records.flatMap((r) =>
    r.kind === "message" ? [r.message as typeof r.message & { uncaptured?: string[] }] : [],
  );
  const diagnostics = records.flatMap((r) => (r.kind === "diagnostic" ? [r.diagnostic] : []));
  return { messages, diagnostics };
}

describe("OTLP spans as MCP messages", () => {
  it("reads the semantic conventions: method, tool, structured arguments, JSON result, session", async () => {
    const { messages, diagnostics } = await read(
      request([
        span("tools/call get-weather", [
          attr("mcp.method.name", str("tools/call")),
          attr("gen_ai.tool.name", str("get-weather")),
          attr("mcp.session.id", str("s-1")),
          attr("gen_ai.tool.call.arguments", {
            kvlistValue: { values: [attr("city", str("Paris")), attr("days", { intValue: "3" })] },
          }),
          attr("gen_ai.tool.call.result", str('{"content":[{"type":"text","text":"sunny"}]}')),
        ]),
      ]),
    );
    expect(diagnostics).toEqual([]);
    expect(messages.map(({ line, ...m }) => m)).toEqual([
      {
        protocol: "mcp",
        direction: "request",
        operation: "tools/call",
        session: "s-1",
        timestamp: "2023-11-14T22:13:20.000Z",
        content: { name: "get-weather", arguments: { city: "Paris", days: 3 } },
      },
      {
        protocol: "mcp",
        direction: "response",
        operation: "tools/call",
        session: "s-1",
        timestamp: "2023-11-14T22:13:21.000Z",
        content: {
          name: "get-weather",
          arguments: { city: "Paris", days: 3 },
          content: [{ type: "text", text: "sunny" }],
        },
      },
    ]);
  });

  it("marks and tallies what a span did not carry: no arguments, no result, redacted values", async () => {
    const { messages, diagnostics } = await read(
      `${request([
        span("tools/call add", [
          attr("mcp.method.name", str("tools/call")),
          attr("mcp.tool.name", str("add")),
        ]),
        span("tools/call add", [
          attr("mcp.method.name", str("tools/call")),
          attr("mcp.tool.name", str("add")),
          attr("mcp.request.argument.a", { intValue: 1 }),
          attr("mcp.request.argument.auth.api_key", str("[REDACTED]")),
        ]),
      ])}\n`,
    );
    expect(messages[0]!.uncaptured).toEqual(["arguments"]);
    expect(messages[1]!.uncaptured).toEqual(["arguments", "content", "structuredContent"]);
    expect(messages[2]!.content).toEqual({
      name: "add",
      arguments: { a: 1, auth: { api_key: "[REDACTED]" } },
    });
    expect(messages[2]!.uncaptured).toEqual(["arguments.auth.api_key"]);
    expect(diagnostics.map((d) => `${d.rule} ${d.severity} ${d.message.split(":")[0]}`)).toEqual([
      "T-OTLP warning 1 of 2 tools/call spans carry no arguments",
      "T-OTLP warning 2 of 2 tools/call spans carry no result",
      "T-OTLP warning 1 of 2 tools/call spans carry no arguments.auth.api_key (redacted)",
    ]);
  });

  it("reads traceloop's spans: the method in the span name, content as JSON digests; a session span is no message", async () => {
    const { messages } = await read(
      request(
        [
          span("mcp.client.session", [attr("traceloop.span.kind", str("session"))]),
          span("calc.tool", [
            attr("traceloop.span.kind", str("tool")),
            attr("traceloop.entity.name", str("calc")),
            attr("traceloop.entity.input", str('{"tool_name":"calc","arguments":{"a":1}}')),
            attr("traceloop.entity.output", str('{"result":"2","is_error":false}')),
          ]),
        ],
        "@traceloop/instrumentation-mcp",
      ),
    );
    expect(messages.map((m) => [m.direction, m.operation, m.content, m.uncaptured])).toEqual([
      ["request", "tools/call", { name: "calc", arguments: { a: 1 } }, undefined],
      [
        "response",
        "tools/call",
        {
          name: "calc",
          arguments: { a: 1 },
          content: [{ type: "text", text: "2" }],
          isError: false,
        },
        ["content", "structuredContent"],
      ],
    ]);
  });

  it("reads A2A JSON-RPC spans as calls whose content was not captured", async () => {
    const { messages } = await read(
      request([span("SendMessage", [attr("rpc.method", str("SendMessage"))])]),
    );
    expect(messages.map((m) => [m.protocol, m.direction, m.operation, m.uncaptured])).toEqual([
      ["a2a", "request", "message/send", [""]],
      ["a2a", "response", "message/send", [""]],
    ]);
  });

  it("reads an a2a-python card fetch as one message, the card (none when it failed)", async () => {
    const getCard = "a2a.client.transports.jsonrpc.JsonRpcTransport.get_card";
    const { messages } = await read(
      request(
        [
          span(getCard, []),
          span(getCard, [], { spanId: "b7ad6b7169203332", status: { code: 2, message: "404" } }),
        ],
        "a2a-python-sdk",
      ),
    );
    // Format §7.2.3: `message` is the full card; the body-less GET is no message of its own.
    expect(messages.map((m) => [m.protocol, m.direction, m.operation, m.uncaptured])).toEqual([
      ["a2a", "response", "agent_card/get", [""]],
    ]);
  });

  it("reads one request written over several lines", async () => {
    const pretty = JSON.stringify(
      JSON.parse(request([span("ping", [attr("mcp.method.name", str("ping"))])])),
      null,
      2,
    );
    const { messages, diagnostics } = await read(pretty);
    expect(diagnostics).toEqual([]);
    expect(messages.map((m) => `${m.direction} ${m.operation}`)).toEqual([
      "request ping",
      "response ping",
    ]);
    // Lines ended by a lone CR or by CRLF read the same, at the same lines.
    const lf = await read(`${pretty}\n${request([span("ping", [])])}`);
    for (const eol of ["\r", "\r\n"])
      expect(await read(`${pretty}\n${request([span("ping", [])])}`.replace(/\n/g, eol))).toEqual(
        lf,
      );
  });
});

describe("OTLP hostile input", () => {
  it("reports a malformed span once and reads the others; counts the spans that are no call", async () => {
    const good = span("tools/list", [attr("mcp.method.name", str("tools/list"))]);
    const { messages, diagnostics } = await read(
      `${request([42, { name: 7 }, good, span("GET /", [])])}\nnot json\n${request([good])}\n`,
    );
    expect(messages).toHaveLength(4);
    expect(diagnostics.map((d) => d.rule)).toEqual([
      "T-SHAPE",
      "T-SHAPE",
      "T-JSON",
      "T-OTLP",
      "T-OTLP",
    ]);
    expect(diagnostics.at(-1)!.message).toContain('1 spans are no MCP or A2A call ("GET /")');
  });

  it("keeps __proto__ keys as data, in structured and flattened arguments", async () => {
    const { messages } = await read(
      request([
        span("tools/call x", [
          attr("mcp.method.name", str("tools/call")),
          attr("gen_ai.tool.call.arguments", {
            kvlistValue: {
              values: [
                attr("__proto__", {
                  kvlistValue: { values: [attr("polluted", { boolValue: true })] },
                }),
              ],
            },
          }),
        ]),
        span("tools/call y", [
          attr("mcp.method.name", str("tools/call")),
          attr("mcp.request.argument.__proto__.polluted", { boolValue: true }),
        ]),
      ]),
    );
    for (const message of messages.filter((m) => m.direction === "request")) {
      const args = (message.content as Record<string, Record<string, unknown>>).arguments!;
      expect(Object.hasOwn(args, "__proto__")).toBe(true);
      expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("reads an attribute nested 100,000 deep without recursing, and drops an over-long line alone", async () => {
    // Built as text: JSON.stringify itself would recurse 100,000 deep.
    const depth = 100_000;
    const value = `${'{"arrayValue":{"values":['.repeat(depth)}{"stringValue":"deep"}${"]}}".repeat(depth)}`;
    const deep = request([
      span("tools/call x", [
        attr("mcp.method.name", str("tools/call")),
        attr("gen_ai.tool.call.arguments", "DEEP"),
      ]),
    ]).replace('"DEEP"', value);
    const huge = request([
      span("tools/call x", [
        attr("mcp.method.name", str("tools/call")),
        attr("gen_ai.tool.call.arguments", str("x".repeat(3_000_000))),
      ]),
    ]);
    const { messages, diagnostics } = await read(
      `${deep}\n${huge}\n${request([span("ping", [attr("mcp.method.name", str("ping"))])])}\n`,
      deep.length + 10,
    );
    expect(messages.map((m) => `${m.direction} ${m.operation}`)).toEqual([
      "request tools/call",
      "response tools/call",
      "request ping",
      "response ping",
    ]);
    expect(diagnostics.map((d) => d.rule)).toContain("T-LINE-TOO-LONG");
  });

  it("reads protobuf: a request that does not decode is reported, the next one read", async () => {
    const frame = (body: number[]) => [0, 0, 0, body.length, ...body];
    // ExportTraceServiceRequest{resource_spans{scope_spans{spans{name:"ping", attributes{key, value}}}}}
    const kv = [
      0x0a,
      15,
      ...Buffer.from("mcp.method.name"),
      0x12,
      6,
      0x0a,
      4,
      ...Buffer.from("ping"),
    ];
    const spanBytes = [0x2a, 4, ...Buffer.from("ping"), 0x4a, kv.length, ...kv];
    const scope = [0x12, spanBytes.length, ...spanBytes];
    const resource = [0x12, scope.length, ...scope];
    const good = [0x0a, resource.length, ...resource];
    const bytes = Uint8Array.from([...frame([0x0a, 0x7f, 0x01]), ...frame(good)]);
    const { messages, diagnostics } = await read([bytes.subarray(0, 5), bytes.subarray(5)]);
    expect(diagnostics.map((d) => [d.rule, d.range?.start.line])).toEqual([["T-SHAPE", 1]]);
    expect(messages.map((m) => `${m.line} ${m.direction} ${m.operation}`)).toEqual([
      "2 request ping",
      "2 response ping",
    ]);
  });
});
