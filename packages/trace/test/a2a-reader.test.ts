// A2A as the binding reads it (format §7.2.2, §7.2.3; issue 22 §3): every SSE item of a
// `message/stream` response is a correlated `message/stream` message, status-update and
// artifact-update items are also `task/status` / `task/artifact`, and A2A v1.0 (the default
// of `@a2a-js/sdk` 1.3.0) maps onto the binding's v0.3 names with protocol `a2a`. The wire
// shapes are what the SDK writes: `data: <JSON-RPC response>` and a blank line per item
// (`formatSSEEvent` in its express server), `event: error` for a stream error.

import { createTraceEvaluator } from "@oatf/evaluate";
import type { Document } from "@oatf/model";
import { describe, expect, it } from "vitest";
import { type ReadTraceOptions, readTraceText, type TraceRecord } from "../src/index.js";

const messages = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "message" ? [r.message] : []));
const diagnostics = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "diagnostic" ? [r.diagnostic] : []));
const item = (id: unknown, result: unknown) =>
  `data: ${JSON.stringify({ jsonrpc: "2.0", id, result })}\n`;
const request = (id: unknown, method: string, params: unknown = {}) =>
  JSON.stringify({ jsonrpc: "2.0", id, method, params });

const USER = {
  kind: "message",
  role: "user",
  messageId: "m1",
  parts: [{ kind: "text", text: "hi" }],
};
const STATUS = (state: string, final: boolean) => ({
  kind: "status-update",
  taskId: "t1",
  contextId: "c1",
  status: { state },
  final,
});
const ARTIFACT = {
  kind: "artifact-update",
  taskId: "t1",
  contextId: "c1",
  artifact: { artifactId: "a1", parts: [{ kind: "text", text: "SECRET=hunter2" }] },
};

/** A v0.3 `message/stream` exchange as @a2a-js/sdk 0.3 puts it on the wire. */
const V03 = [
  request("r1", "message/stream", { message: USER }), // line 1
  item("r1", { kind: "task", id: "t1", contextId: "c1", status: { state: "submitted" } }), // 2
  item("r1", STATUS("working", false)), // 4
  item("r1", ARTIFACT), // 6
  item("r1", STATUS("completed", true)), // 8
  item("r1", STATUS("working", false)), // 10: after the last item
].join("\n");

const read = (text: string, options: ReadTraceOptions = {}) => readTraceText(text, options);

describe("A2A message/stream (v0.3)", () => {
  it("reads every item as message/stream, and status / artifact items also as task/*", () => {
    const records = read(V03);
    expect(messages(records).map((m) => [m.protocol, m.direction, m.operation, m.line])).toEqual([
      ["a2a", "request", "message/stream", 1],
      ["a2a", "response", "message/stream", 2],
      ["a2a", "response", "message/stream", 4],
      ["a2a", "response", "task/status", 4],
      ["a2a", "response", "message/stream", 6],
      ["a2a", "response", "task/artifact", 6],
      ["a2a", "response", "message/stream", 8],
      ["a2a", "response", "task/status", 8],
      ["a2a", "response", "", 10],
    ]);
    // The stream ended with its `final` item: one after it is said, not silently attributed.
    expect(diagnostics(records).map((d) => [d.rule, d.range?.start.line])).toEqual([
      ["T-UNCORRELATED", 10],
    ]);
  });

  it("gives task/status and task/artifact the item's result as content (format §7.2.3)", () => {
    const read_ = messages(read(V03));
    expect(read_.find((m) => m.operation === "task/artifact")!.content).toEqual(ARTIFACT);
    expect(read_.filter((m) => m.operation === "task/status").map((m) => m.content)).toEqual([
      STATUS("working", false),
      STATUS("completed", true),
    ]);
  });

  it("lets task/artifact and task/status indicators match, evidence naming the item's line", () => {
    const document = {
      oatf: "0.1",
      attack: {
        id: "A2A-1",
        execution: { mode: "a2a_client", state: {} },
        indicators: [
          {
            surface: "task/artifact",
            target: "artifact.parts[*].text",
            pattern: { contains: "SECRET" },
          },
          { surface: "task/status", target: "status.state", pattern: { regex: "^completed$" } },
        ],
      },
    } as unknown as Document;
    const evaluator = createTraceEvaluator([document]);
    for (const r of read(V03, { documents: [document] }))
      if (r.kind === "message") evaluator.push(r.message);
    const [verdict] = evaluator.verdicts();
    expect(verdict!.result).toBe("exploited");
    const evidence = verdict!.indicator_verdicts.map((v) => [v.result, v.evidence?.split(":")[0]]);
    expect(evidence).toEqual([
      ["matched", "line 6 (a2a task/artifact response)"],
      ["matched", "line 8 (a2a task/status response)"],
    ]);
  });

  it("closes a stream on an error item; a new request of the same method reuses its id silently, another is said", () => {
    const text = [
      request(1, "message/stream"),
      item(1, STATUS("working", false)),
      `event: error\ndata: ${JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32603, message: "boom" } })}\n`,
      item(1, STATUS("working", false)),
      request(1, "message/stream"),
      item(1, STATUS("working", false)),
      // Another method reusing the id of an open stream is said, as any reused id is.
      request(1, "tasks/get", { id: "t1" }),
      JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: 1 } }),
    ].join("\n");
    const records = read(text);
    expect(diagnostics(records).map((d) => [d.rule, d.range?.start.line])).toEqual([
      ["T-UNCORRELATED", 7],
      ["T-DUPLICATE-ID", 12],
      ["T-AMBIGUOUS-ID", 13],
    ]);
    expect(messages(records).map((m) => [m.operation, m.line])).toEqual([
      ["message/stream", 1],
      ["message/stream", 2],
      ["task/status", 2],
      ["message/stream", 5], // the error item
      ["", 7],
      ["message/stream", 9],
      ["message/stream", 10],
      ["task/status", 10],
      ["tasks/get", 12],
      ["message/stream", 13],
      ["tasks/get", 13],
    ]);
  });

  it("says a malformed item once, with its line, reads it as message/stream and reads on", () => {
    const text = [
      request(1, "message/stream"),
      item(1, 42),
      item(1, { kind: "bogus" }),
      "data: {not json\n",
      item(1, STATUS("working", false)),
    ].join("\n");
    const records = read(text);
    expect(diagnostics(records).map((d) => [d.rule, d.severity, d.range?.start.line])).toEqual([
      ["T-A2A-ITEM", "warning", 2],
      ["T-A2A-ITEM", "warning", 4],
      ["T-JSON", "error", 6],
    ]);
    expect(messages(records).map((m) => [m.operation, m.line])).toEqual([
      ["message/stream", 1],
      ["message/stream", 2],
      ["message/stream", 4],
      ["message/stream", 8],
      ["task/status", 8],
    ]);
  });
});

describe("A2A v1.0 (@a2a-js/sdk 1.3.0)", () => {
  const V1 = [
    request(7, "SendStreamingMessage", { message: { messageId: "m1", role: "ROLE_USER" } }), // 1
    item(7, { task: { id: "t1", contextId: "c1", status: { state: "TASK_STATE_SUBMITTED" } } }), // 2
    item(7, { statusUpdate: { taskId: "t1", status: { state: "TASK_STATE_WORKING" } } }), // 4
    item(7, { artifactUpdate: { taskId: "t1", artifact: { parts: [{ text: "SECRET" }] } } }), // 6
    item(7, { statusUpdate: { taskId: "t1", status: { state: "TASK_STATE_COMPLETED" } } }), // 8
    request(8, "GetTask", { id: "t1" }), // 10
    JSON.stringify({ jsonrpc: "2.0", id: 8, result: { id: "t1" } }), // 11
    request(9, "SendMessage", { message: {} }), // 12
    JSON.stringify({ jsonrpc: "2.0", id: 9, result: { message: { messageId: "m2" } } }), // 13
    request(10, "ListTasks"), // 14
  ].join("\n");

  it("maps v1.0 methods onto the binding's names, keeping the native one, always as a2a", () => {
    const records = read(V1); // no documents, no protocol option: a pure A2A log
    expect(diagnostics(records)).toEqual([]);
    expect(
      messages(records).map((m) => [m.protocol, m.operation, m.native_operation, m.line]),
    ).toEqual([
      ["a2a", "message/stream", "SendStreamingMessage", 1],
      ["a2a", "message/stream", "SendStreamingMessage", 2],
      ["a2a", "message/stream", "SendStreamingMessage", 4],
      ["a2a", "task/status", undefined, 4],
      ["a2a", "message/stream", "SendStreamingMessage", 6],
      ["a2a", "task/artifact", undefined, 6],
      ["a2a", "message/stream", "SendStreamingMessage", 8],
      ["a2a", "task/status", undefined, 8],
      ["a2a", "tasks/get", "GetTask", 10],
      ["a2a", "tasks/get", "GetTask", 11],
      ["a2a", "message/send", "SendMessage", 12],
      ["a2a", "message/send", "SendMessage", 13],
      ["a2a", "ListTasks", "ListTasks", 14],
    ]);
  });

  it("unwraps the v1.0 result oneof: the content is the Task, Message or event inside, in v0.3", () => {
    const read_ = messages(read(V1));
    expect(read_[1]!.content).toEqual({
      kind: "task",
      id: "t1",
      contextId: "c1",
      status: { state: "submitted" },
    });
    expect(read_[1]!.native_content).toEqual({
      task: { id: "t1", contextId: "c1", status: { state: "TASK_STATE_SUBMITTED" } },
    });
    const artifact = {
      kind: "artifact-update",
      taskId: "t1",
      artifact: { parts: [{ kind: "text", text: "SECRET" }] },
      append: false,
      lastChunk: false,
    };
    expect(read_[4]!.content).toEqual(artifact);
    expect(read_[5]!.content).toEqual(artifact); // task/artifact: the same v0.3 event
    expect(read_[11]!.content).toEqual({ kind: "message", messageId: "m2" });
    // tasks/get answers a Task directly: nothing to unwrap, still read as a v0.3 Task.
    expect(read_[9]!.content).toEqual({ kind: "task", id: "t1" });
  });

  it("never labels a log of A2A stream items mcp, even without their request", () => {
    const text = [
      item(1, { statusUpdate: { taskId: "t1", status: { state: "TASK_STATE_WORKING" } } }),
      item(2, STATUS("working", false)),
    ].join("\n");
    const records = read(text);
    expect(messages(records).map((m) => [m.protocol, m.operation])).toEqual([
      ["a2a", ""],
      ["a2a", ""],
    ]);
    expect(diagnostics(records).map((d) => d.rule)).toEqual(["T-UNCORRELATED", "T-UNCORRELATED"]);
  });

  it("keeps a v1.0 name as the operation when the connection is mcp", () => {
    const records = read(request(1, "GetTask"), { protocol: "mcp" });
    expect(messages(records)[0]).toMatchObject({ protocol: "mcp", operation: "GetTask" });
    expect(messages(records)[0]!.native_operation).toBeUndefined();
  });
});
