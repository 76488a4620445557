// Issue 23: the attacker writes half the trace. Each finding as a regression test, read and
// evaluated end to end: no sequence of messages a peer can send turns an exploited trace
// into not_exploited without a diagnostic that makes the run fail (`unattributed`).

import { createTraceEvaluator, evaluateTrace } from "@oatf/evaluate";
import { MAX_OPEN_TOOL_CALL_CHARS } from "@oatf/evaluate/internal";
import type { Document, Value } from "@oatf/model";
import { ruleInfo } from "@oatf/model";
import { describe, expect, it } from "vitest";
import {
  MAX_PENDING_REQUESTS,
  type ReadTraceOptions,
  readTrace,
  readTraceText,
  type TraceRecord,
} from "../src/index.js";

const doc = (indicators: object[], execution: object = { mode: "mcp_server", state: {} }) =>
  ({ oatf: "0.1", attack: { id: "ADV-1", execution, indicators } }) as unknown as Document;

/** The key leak: a tools/call response carrying a private key. */
const LEAK = {
  surface: "tools/call",
  direction: "response",
  target: "content[*].text",
  pattern: { contains: "PRIVATE KEY" },
};
const KEY = { content: [{ type: "text", text: "-----BEGIN OPENSSH PRIVATE KEY-----" }] };

const lines = (values: unknown[]) =>
  values.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join("\n");
const diagnostics = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "diagnostic" ? [r.diagnostic] : []));

/** Reads and evaluates: the verdicts and whether a run gate fails on a diagnostic. */
function run(documents: Document[], text: string, options: ReadTraceOptions = {}) {
  const records = readTraceText(text, { documents, ...options });
  const evaluator = createTraceEvaluator(documents);
  for (const r of records) if (r.kind === "message") evaluator.push(r.message);
  const found = diagnostics(records);
  return {
    results: evaluator.verdicts().map((v) => v.result),
    unattributed: found.filter((d) => ruleInfo(d.rule)?.unattributed).map((d) => d.rule),
    codes: found.map((d) => d.rule),
  };
}

const send = (message: object) => ({ direction: "send", message });
const receive = (message: object) => ({ direction: "receive", message });

describe("finding 1: a pending-request flood", () => {
  it("still evaluates the response whose request was forgotten, and says so", () => {
    // With the tools/call, one request more than the table holds.
    const pings = Array.from({ length: MAX_PENDING_REQUESTS }, (_, i) =>
      receive({ jsonrpc: "2.0", id: i + 1, method: "ping" }),
    );
    const text = lines([
      send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "read_file" } }),
      ...pings,
      receive({ jsonrpc: "2.0", id: 1, result: KEY }),
    ]);
    const got = run([doc([LEAK])], text, { format: "jsonrpc" });
    expect(got.results).toEqual(["exploited"]);
    expect(got.unattributed).toEqual(["T-PENDING-LIMIT", "T-UNCORRELATED"]);
  });
});

describe("finding 2: request ids are scoped per sender", () => {
  it("keeps a server's request 7 apart from a client's request 7 in a wrapped log", () => {
    const text = lines([
      send({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "read_file" } }),
      receive({ jsonrpc: "2.0", id: 7, method: "ping" }),
      send({ jsonrpc: "2.0", id: 7, result: {} }),
      receive({ jsonrpc: "2.0", id: 7, result: KEY }),
    ]);
    const got = run([doc([LEAK])], text);
    expect(got.results).toEqual(["exploited"]);
    expect(got.codes).toEqual([]);
  });

  it("in a bare log, where the sender is unknown, reads the response as each request it may answer", () => {
    for (const order of [
      [
        { jsonrpc: "2.0", id: 7, result: {} },
        { jsonrpc: "2.0", id: 7, result: KEY },
      ],
      [
        { jsonrpc: "2.0", id: 7, result: KEY },
        { jsonrpc: "2.0", id: 7, result: {} },
      ],
    ]) {
      const text = lines([
        { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "read_file" } },
        { jsonrpc: "2.0", id: 7, method: "ping" },
        ...order,
      ]);
      const got = run([doc([LEAK])], text);
      expect(got.results).toEqual(["exploited"]);
      expect(got.unattributed.length).toBeGreaterThan(0);
    }
  });
});

describe("finding 3: the protocol of a connection is never flipped by content", () => {
  const TASK = {
    surface: "tasks/get",
    direction: "request",
    target: "id",
    pattern: { contains: "exfil" },
  };
  const text = lines([
    receive({ jsonrpc: "2.0", method: "message/stream", params: {} }),
    send({ jsonrpc: "2.0", id: 1, method: "tasks/get", params: { id: "exfil" } }),
  ]);

  it("reads later shared methods with the documents' protocol, and reports the contradiction", () => {
    const got = run([doc([TASK])], text);
    expect(got.results).toEqual(["exploited"]);
    expect(got.unattributed).toEqual(["T-PROTOCOL"]);
  });

  it("holds the protocol option against content too", () => {
    const records = readTraceText(text, { protocol: "mcp" });
    expect(records.flatMap((r) => (r.kind === "message" ? [r.message.protocol] : []))).toEqual([
      "mcp",
      "mcp",
    ]);
  });
});

describe("finding 4: evaluator index keys cannot alias", () => {
  it("keeps (mcp\\u0001x, y) and (mcp, x\\u0001y) apart, both ways", () => {
    const indicator = (surface: string) => ({
      surface,
      direction: "request",
      target: "a",
      pattern: { contains: "z" },
    });
    const message = (protocol: string, operation: string) => ({
      protocol,
      direction: "request" as const,
      operation,
      content: { a: "z" },
    });
    const mcp = doc([indicator("x\u0001y")]);
    expect(evaluateTrace(mcp, [message("mcp\u0001x", "y")]).result).toBe("not_exploited");
    expect(evaluateTrace(mcp, [message("mcp", "x\u0001y")]).result).toBe("exploited");
    const odd = doc([{ ...indicator("y"), protocol: "mcp\u0001x" }]);
    expect(evaluateTrace(odd, [message("mcp", "x\u0001y")]).result).toBe("not_exploited");
    expect(evaluateTrace(odd, [message("mcp\u0001x", "y")]).result).toBe("exploited");
  });
});

describe("finding 5: a ThoughtJack export read against several documents", () => {
  it("reads each line with each document's own actor modes, whatever their order", () => {
    const a2a = doc([{ surface: "message/send", target: "x", pattern: { contains: "never" } }], {
      mode: "a2a_server",
      state: {},
    });
    const mcp = doc([
      {
        surface: "tools/call",
        direction: "request",
        target: "name",
        pattern: { contains: "read" },
      },
    ]);
    const text = lines([
      {
        seq: 0,
        actor: "default",
        direction: "Incoming",
        method: "tools/call",
        content: { name: "read_file" },
      },
    ]);
    const forward = run([a2a, mcp], text);
    const backward = run([mcp, a2a], text);
    expect(forward.results).toEqual(["not_exploited", "exploited"]);
    expect(backward.results).toEqual(["exploited", "not_exploited"]);
  });
});

describe("finding 6: a line too long to read while the format is unknown", () => {
  it("is reported, whether or not a later line tells the format", () => {
    const long = "x".repeat(50);
    const none = readTraceText([long, "", long].join("\n"), { maxLineLength: 10 });
    expect(diagnostics(none).map((d) => [d.rule, d.range?.start.line])).toEqual([
      ["T-LINE-TOO-LONG", 1],
      ["T-LINE-TOO-LONG", 3],
      ["T-FORMAT", undefined],
    ]);
  });
});

describe("finding 7: depth in the input never overflows the stack", () => {
  const DEPTH = 20_000;
  const deep = (inner: string) => `${"[".repeat(DEPTH)}${inner}${"]".repeat(DEPTH)}`;
  const exploit = JSON.stringify({
    jsonrpc: "2.0",
    method: "tools/call",
    params: { name: "read_file" },
  });
  const CALL = {
    surface: "tools/call",
    direction: "request",
    target: "name",
    pattern: { contains: "read" },
  };

  it.each([
    ["a deep id", `{"jsonrpc":"2.0","id":${deep("1")},"method":"ping"}`, "jsonrpc"],
    ["a deep batch", deep(`{"jsonrpc":"2.0","method":"ping"}`), "jsonrpc"],
    ["a deep wrapped batch", `{"direction":"send","message":${deep("{}")}}`, "jsonrpc"],
    [
      "a deep direction",
      `{"direction":${deep("1")},"message":{"jsonrpc":"2.0","method":"x"}}`,
      "jsonrpc",
    ],
  ] as const)("reads %s as one bad line, and the exploit on the next", (_, line, format) => {
    const text = `${line}\n${exploit}`;
    const got = run([doc([CALL])], text, { format });
    expect(got.results).toEqual(["exploited"]);
    expect(got.codes).toEqual(["T-SHAPE"]);
  });

  it("reads a deep AG-UI type as a bad line, and describes a deep ThoughtJack actor", () => {
    const agUi = readTraceText(`{"type":${deep('"X"')}}\n{"type":"RUN_STARTED"}`);
    expect(diagnostics(agUi).map((d) => d.rule)).toEqual(["T-SHAPE"]);
    const tj = readTraceText(
      `{"seq":0,"actor":${deep("1")},"direction":"Incoming","method":"tools/call","content":{}}`,
      {
        format: "thoughtjack",
        documents: [doc([CALL]), doc([CALL], { mode: "a2a_server", state: {} })],
      },
    );
    // Not a string, so on each document's lone actor: two readings, reported.
    expect(diagnostics(tj).map((d) => d.rule)).toEqual(["T-ACTOR-MODES"]);
    expect(tj.filter((r) => r.kind === "message")).toHaveLength(2);
  });

  it("does the same through readTrace, in chunks", async () => {
    const text = `{"jsonrpc":"2.0","id":${deep("1")},"method":"ping"}\n${exploit}`;
    const out: TraceRecord[] = [];
    for await (const r of readTrace([text.slice(0, 1000), text.slice(1000)])) out.push(r);
    expect(
      out.map((r) => (r.kind === "message" ? r.message.operation : r.diagnostic.rule)),
    ).toEqual(["T-SHAPE", "tools/call"]);
  });
});

describe("finding 8: memory bounded by constants", () => {
  it("counts empty SSE data lines against the event limit", () => {
    const text = `${"data:\n".repeat(40)}\ndata: {"type":"RUN_STARTED"}\n`;
    const records = readTraceText(text, { format: "ag_ui", maxLineLength: 30 });
    expect(diagnostics(records).map((d) => [d.rule, d.range?.start.line])).toEqual([
      ["T-LINE-TOO-LONG", 1],
    ]);
    expect(records.filter((r) => r.kind === "message")).toHaveLength(1);
  });

  it("holds a run of blank lines during detection as one", () => {
    // The SSE event boundary a blank run makes survives detection.
    const text = `data: {"type":"RUN_STARTED"}\n${"\n".repeat(10_000)}data: {"type":"RUN_FINISHED"}\n`;
    const ops = readTraceText(text).flatMap((r) =>
      r.kind === "message" ? [r.message.operation] : [],
    );
    expect(ops).toEqual(["run_started", "run_finished"]);
  });

  it("makes an indicator an error when a tool-call name it needed was not kept", () => {
    const NAME = {
      protocol: "ag_ui",
      surface: "tool_call_args",
      target: "toolCallName",
      pattern: { contains: "send_email" },
    };
    const event = (operation: string, content: Value) => ({
      protocol: "ag_ui",
      direction: "response" as const,
      operation,
      content,
    });
    const name = `send_email${"x".repeat(MAX_OPEN_TOOL_CALL_CHARS)}`;
    const verdict = evaluateTrace(doc([NAME], { mode: "ag_ui_client", state: {} }), [
      event("tool_call_start", { toolCallId: "c", toolCallName: name }),
      event("tool_call_args", { toolCallId: "c", delta: "{}" }),
    ]);
    expect(verdict.result).toBe("error");
  });
});

describe("finding 9: the entry points agree", () => {
  const message = JSON.stringify({
    protocol: "mcp",
    direction: "request",
    operation: "x",
    content: {},
  });

  async function viaBytes(text: string, options: ReadTraceOptions = {}) {
    const out: TraceRecord[] = [];
    for await (const r of readTrace([new TextEncoder().encode(text)], options)) out.push(r);
    return out;
  }

  it("strips exactly one byte-order mark, from text and from bytes", async () => {
    for (const text of [`\uFEFF${message}`, `\uFEFF\uFEFF${message}`]) {
      expect(await viaBytes(text)).toEqual(readTraceText(text));
    }
    expect(readTraceText(`\uFEFF${message}`).map((r) => r.kind)).toEqual(["message"]);
  });

  it("does not count the \\r of CRLF toward the line limit", async () => {
    const options = { maxLineLength: message.length };
    const text = `${message}\r\n${message}\r\n`;
    expect(readTraceText(text, options).map((r) => r.kind)).toEqual(["message", "message"]);
    expect((await viaBytes(text, options)).map((r) => r.kind)).toEqual(["message", "message"]);
    const over = readTraceText(`${message} \r\n`, options);
    expect(diagnostics(over).map((d) => d.rule)).toEqual(["T-LINE-TOO-LONG", "T-FORMAT"]);
  });

  it("ends an SSE event at a line too long to read", () => {
    const text = [
      'data: {"type":"RUN_STARTED",',
      `data: ${"x".repeat(100)}`,
      'data: "a":1}',
      "",
      'data: {"type":"RUN_FINISHED"}',
    ].join("\n");
    const records = readTraceText(text, { format: "ag_ui", maxLineLength: 40 });
    expect(
      records.map((r) => (r.kind === "message" ? r.message.operation : r.diagnostic.rule)),
    ).toEqual(["T-JSON", "T-LINE-TOO-LONG", "T-JSON", "run_finished"]);
  });
});
