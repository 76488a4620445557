// A2A v1.0 content read in the binding's v0.3 shape (issue 22 §3; format §7.2): each v1.0
// shape `@a2a-js/sdk` 1.3.0 writes (`Part.toJSON` and friends in its `src/types/pb/a2a.ts`)
// becomes what the SDK's own v0.3 compatibility layer (`src/compat/v0_3/translate/`) sends a
// v0.3 client, and the reader keeps the wire content as `native_content`.

import type { TraceMessage } from "@oatf/evaluate";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readTraceText, type TraceRecord } from "../src/index.js";
import {
  messageV03,
  paramsV03,
  partV03,
  plainResultV03,
  resultV03,
  taskV03,
} from "../src/jsonrpc/a2a-v1.js";

const messages = (records: TraceRecord[]): TraceMessage[] =>
  records.flatMap((r) => (r.kind === "message" ? [r.message] : []));
const diagnostics = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "diagnostic" ? [r.diagnostic] : []));
const rpc = (value: object) => JSON.stringify({ jsonrpc: "2.0", ...value });
const read = (...lines: string[]) => readTraceText(lines.join("\n"), { protocol: "a2a" });

describe("v1.0 parts are v0.3 TextPart, FilePart and DataPart", () => {
  it("a text part gets kind text and keeps its metadata", () => {
    expect(partV03({ text: "hi", metadata: { a: 1 } })).toEqual({
      kind: "text",
      text: "hi",
      metadata: { a: 1 },
    });
  });

  it("raw bytes and a URL are a file part, mediaType and filename renamed", () => {
    expect(partV03({ raw: "aGk=", mediaType: "text/plain", filename: "a.txt" })).toEqual({
      kind: "file",
      file: { bytes: "aGk=", mimeType: "text/plain", name: "a.txt" },
    });
    expect(partV03({ url: "https://x/a.pdf", metadata: { m: true } })).toEqual({
      kind: "file",
      file: { uri: "https://x/a.pdf" },
      metadata: { m: true },
    });
    // Empty strings are proto defaults, not values: not moved into `file`, as the SDK does.
    expect(partV03({ url: "u", mediaType: "", filename: "" })).toEqual({
      kind: "file",
      file: { uri: "u" },
      mediaType: "",
      filename: "",
    });
    // Two oneof cases at once (no SDK writes it): the second stays where it was, not dropped.
    expect(partV03({ raw: "aGk=", url: "https://x" })).toEqual({
      kind: "file",
      file: { bytes: "aGk=" },
      url: "https://x",
    });
  });

  it("an object data part is a DataPart; anything else is wrapped as {value}, flagged", () => {
    const data = { rows: [1, 2] };
    const part = partV03({ data }) as { kind: string; data: unknown };
    expect(part).toEqual({ kind: "data", data });
    expect(part.data).toBe(data); // shared, not copied
    expect(partV03({ data: [1, 2], metadata: { m: 1 } })).toEqual({
      kind: "data",
      data: { value: [1, 2] },
      metadata: { m: 1, data_part_compat: true },
    });
    expect(partV03({ data: null })).toEqual({
      kind: "data",
      data: { value: null },
      metadata: { data_part_compat: true },
    });
  });

  it("a v0.3 part, a part of no known case and a non-object stay as they are", () => {
    const v03 = { kind: "text", text: "hi" };
    expect(partV03(v03)).toBe(v03);
    const unknown = { image: "x" };
    expect(partV03(unknown)).toBe(unknown);
    expect(partV03("text")).toBe("text");
  });
});

describe("v1.0 messages, tasks and stream events are v0.3 ones", () => {
  it("a message gets kind message, the v0.3 role and v0.3 parts", () => {
    expect(messageV03({ messageId: "m", role: "ROLE_USER", parts: [{ text: "a" }] })).toEqual({
      kind: "message",
      messageId: "m",
      role: "user",
      parts: [{ kind: "text", text: "a" }],
    });
    expect(messageV03({ role: "ROLE_AGENT" })).toEqual({ kind: "message", role: "agent" });
    expect(messageV03({ role: 1 })).toEqual({ kind: "message", role: "user" });
    // A role v1.0 does not have is kept: an indicator still sees what was sent.
    expect(messageV03({ role: "ROLE_ADMIN" })).toEqual({ kind: "message", role: "ROLE_ADMIN" });
    // Proto JSON spells an enum by name or by number, not by a numeric string.
    expect(messageV03({ role: "1" })).toEqual({ kind: "message", role: "1" });
    // Any `kind`, even one no version has, is left as it is rather than overwritten.
    const odd = { kind: ["x"], role: "ROLE_USER" };
    expect(messageV03(odd)).toBe(odd);
    const v03 = { kind: "message", role: "user", parts: [] };
    expect(messageV03(v03)).toBe(v03);
  });

  it("every task state has its v0.3 spelling", () => {
    const states = {
      TASK_STATE_UNSPECIFIED: "unknown",
      TASK_STATE_SUBMITTED: "submitted",
      TASK_STATE_WORKING: "working",
      TASK_STATE_COMPLETED: "completed",
      TASK_STATE_FAILED: "failed",
      TASK_STATE_CANCELED: "canceled",
      TASK_STATE_INPUT_REQUIRED: "input-required",
      TASK_STATE_REJECTED: "rejected",
      TASK_STATE_AUTH_REQUIRED: "auth-required",
    };
    for (const [v1, v03] of Object.entries(states)) {
      expect((taskV03({ id: "t", status: { state: v1 } }) as { status: unknown }).status).toEqual({
        state: v03,
      });
    }
  });

  it("a task gets kind task; its status message, history and artifacts are v0.3", () => {
    expect(
      taskV03({
        id: "t",
        contextId: "c",
        status: { state: "TASK_STATE_WORKING", message: { role: "ROLE_AGENT", parts: [] } },
        history: [{ role: "ROLE_USER", parts: [{ text: "q" }] }],
        artifacts: [{ artifactId: "a", parts: [{ text: "r" }] }],
      }),
    ).toEqual({
      kind: "task",
      id: "t",
      contextId: "c",
      status: { state: "working", message: { kind: "message", role: "agent", parts: [] } },
      history: [{ kind: "message", role: "user", parts: [{ kind: "text", text: "q" }] }],
      artifacts: [{ artifactId: "a", parts: [{ kind: "text", text: "r" }] }],
    });
  });

  it("a status update gets kind status-update and final from its state", () => {
    for (const [state, final] of [
      ["TASK_STATE_COMPLETED", true],
      ["TASK_STATE_FAILED", true],
      ["TASK_STATE_CANCELED", true],
      ["TASK_STATE_REJECTED", true],
      ["TASK_STATE_WORKING", false],
      ["TASK_STATE_INPUT_REQUIRED", false],
    ] as const)
      expect(resultV03("status-update", { taskId: "t", status: { state } })).toEqual({
        kind: "status-update",
        taskId: "t",
        status: { state: expect.not.stringMatching(/^TASK_STATE_/) },
        final,
      });
    expect(resultV03("status-update", { taskId: "t" })).toEqual({
      kind: "status-update",
      taskId: "t",
      final: false,
    });
  });

  it("an artifact update gets kind artifact-update, v0.3 parts, append and lastChunk", () => {
    expect(
      resultV03("artifact-update", { artifact: { parts: [{ text: "x" }] }, lastChunk: true }),
    ).toEqual({
      kind: "artifact-update",
      artifact: { parts: [{ kind: "text", text: "x" }] },
      append: false,
      lastChunk: true,
    });
  });

  it("send params: the message is v0.3, and returnImmediately is the negation of blocking", () => {
    expect(
      paramsV03("message/send", {
        message: { role: "ROLE_USER", parts: [{ text: "a" }] },
        configuration: { returnImmediately: true, historyLength: 2 },
      }),
    ).toEqual({
      message: { kind: "message", role: "user", parts: [{ kind: "text", text: "a" }] },
      configuration: { blocking: false, historyLength: 2 },
    });
    const get = { id: "t" };
    expect(paramsV03("tasks/get", get)).toBe(get);
  });

  it("does not follow the input's own depth: deep metadata is shared, not walked", () => {
    let deep: unknown = "leaf";
    for (let i = 0; i < 100_000; i++) deep = { d: deep };
    const mapped = messageV03({ role: "ROLE_USER", metadata: deep, parts: [{ data: deep }] });
    expect((mapped as { metadata: unknown }).metadata).toBe(deep);
    expect((mapped as { parts: { data: unknown }[] }).parts[0]!.data).toBe(deep);
  });
});

describe("the reader: v1.0 traffic in the v0.3 shape, the wire content kept", () => {
  it("a SendMessage request and its oneof answer", () => {
    const records = read(
      rpc({
        id: 1,
        method: "SendMessage",
        params: { message: { messageId: "m", role: "ROLE_USER", parts: [{ text: "key" }] } },
      }),
      rpc({
        id: 1,
        result: { message: { messageId: "r", role: "ROLE_AGENT", parts: [{ text: "ok" }] } },
      }),
    );
    expect(diagnostics(records)).toEqual([]);
    const [request, response] = messages(records);
    expect(request).toMatchObject({
      operation: "message/send",
      native_operation: "SendMessage",
      content: { message: { kind: "message", role: "user", parts: [{ kind: "text" }] } },
      native_content: { message: { role: "ROLE_USER", parts: [{ text: "key" }] } },
    });
    expect(response).toMatchObject({
      operation: "message/send",
      native_operation: "SendMessage",
      content: { kind: "message", role: "agent", parts: [{ kind: "text", text: "ok" }] },
      native_content: { message: { role: "ROLE_AGENT" } },
    });
    expect(response!.content).not.toHaveProperty("message");
  });

  it("GetTask answers a v0.3 Task; an error answer stays as it is", () => {
    const task = { id: "t", status: { state: "TASK_STATE_INPUT_REQUIRED" } };
    const records = read(
      rpc({ id: 1, method: "GetTask", params: { id: "t" } }),
      rpc({ id: 1, result: task }),
      rpc({ id: 2, method: "CancelTask", params: { id: "t" } }),
      rpc({ id: 2, error: { code: -32001, message: "not found" } }),
    );
    const [get, got, cancel, error] = messages(records);
    expect(get).toMatchObject({ operation: "tasks/get", content: { id: "t" } });
    expect(get).not.toHaveProperty("native_content"); // the same params in both versions
    expect(got).toMatchObject({
      operation: "tasks/get",
      content: { kind: "task", id: "t", status: { state: "input-required" } },
      native_content: task,
    });
    expect(cancel!.operation).toBe("tasks/cancel");
    expect(error!.content).toEqual({ code: -32001, message: "not found" });
    expect(error).not.toHaveProperty("native_content");
  });

  it("a v1.0 stream: items, task/status and task/artifact in v0.3, ended by a final state", () => {
    const item = (result: object) => `data: ${rpc({ id: 7, result })}\n`;
    const records = read(
      rpc({ id: 7, method: "SubscribeToTask", params: { id: "t" } }),
      item({ statusUpdate: { taskId: "t", status: { state: "TASK_STATE_WORKING" } } }),
      item({ artifactUpdate: { taskId: "t", artifact: { parts: [{ text: "SECRET" }] } } }),
      item({ statusUpdate: { taskId: "t", status: { state: "TASK_STATE_COMPLETED" } } }),
      item({ statusUpdate: { taskId: "t", status: { state: "TASK_STATE_WORKING" } } }),
    );
    const read_ = messages(records).map((m) => [m.operation, m.content]);
    const working = {
      kind: "status-update",
      taskId: "t",
      status: { state: "working" },
      final: false,
    };
    const artifact = {
      kind: "artifact-update",
      taskId: "t",
      artifact: { parts: [{ kind: "text", text: "SECRET" }] },
      append: false,
      lastChunk: false,
    };
    const done = { ...working, status: { state: "completed" }, final: true };
    expect(read_.slice(0, 7)).toEqual([
      ["tasks/resubscribe", { id: "t" }],
      ["tasks/resubscribe", working],
      ["task/status", working],
      ["tasks/resubscribe", artifact],
      ["task/artifact", artifact],
      ["tasks/resubscribe", done],
      ["task/status", done],
    ]);
    // The completed item ended the stream: the next one answers no request.
    expect(read_[7]![0]).toBe("");
    expect(diagnostics(records).map((d) => d.rule)).toEqual(["T-UNCORRELATED"]);
  });

  it("v0.3 traffic is passed through: no native fields, the same objects", () => {
    const records = read(
      rpc({ id: 1, method: "message/send", params: { message: { kind: "message" } } }),
      rpc({ id: 1, result: { kind: "task", id: "t", status: { state: "completed" } } }),
    );
    for (const m of messages(records)) {
      expect(m).not.toHaveProperty("native_content");
      expect(m).not.toHaveProperty("native_operation");
    }
  });
});

describe("the mapping hides nothing the wire carried", () => {
  /** Every string leaf (keys too) of a JSON value. */
  const strings = (value: unknown, out: string[] = []): string[] => {
    if (typeof value === "string") out.push(value);
    else if (Array.isArray(value)) for (const v of value) strings(v, out);
    else if (typeof value === "object" && value !== null)
      for (const [k, v] of Object.entries(value)) {
        out.push(k);
        strings(v, out);
      }
    return out;
  };
  // The only strings the mapping may replace: enum names and the fields it renames.
  const TRANSLATED =
    /^(TASK_STATE_[A-Z_]+|ROLE_(USER|AGENT)|raw|url|mediaType|filename|returnImmediately|taskPushNotificationConfig)$/;
  const json = fc.jsonValue({ maxDepth: 3 });
  const part = fc.oneof(
    json,
    fc.record({ text: json, metadata: json }, { requiredKeys: [] }),
    fc.record({ raw: json, url: json, mediaType: json, filename: json }, { requiredKeys: [] }),
    fc.record({ data: json, metadata: json }, { requiredKeys: [] }),
  );
  const role = fc.oneof(fc.constantFrom("ROLE_USER", "ROLE_AGENT", 1, 2), json);
  const message = fc.record(
    { role, parts: fc.oneof(fc.array(part, { maxLength: 3 }), json), messageId: json },
    { requiredKeys: [] },
  );
  const state = fc.oneof(
    fc.constantFrom("TASK_STATE_COMPLETED", "TASK_STATE_INPUT_REQUIRED", 3),
    json,
  );
  const status = fc.record({ state, message: fc.oneof(message, json) }, { requiredKeys: [] });
  const artifact = fc.record(
    { parts: fc.array(part, { maxLength: 2 }), name: json },
    { requiredKeys: [] },
  );
  const task = fc.record(
    {
      status,
      history: fc.array(message, { maxLength: 2 }),
      artifacts: fc.array(artifact, { maxLength: 2 }),
    },
    { requiredKeys: [] },
  );
  const event = fc.record({ status, artifact, parts: fc.array(part) }, { requiredKeys: [] });
  const params = fc.record(
    {
      message,
      configuration: fc.oneof(
        json,
        fc.record(
          { returnImmediately: json, taskPushNotificationConfig: json },
          { requiredKeys: [] },
        ),
      ),
    },
    { requiredKeys: [] },
  );
  /** Every reading of a wire value, as each place the reader may put it. */
  const readings = (w: never): unknown[] => [
    partV03(w),
    messageV03(w),
    taskV03(w),
    ...["task", "message", "status-update", "artifact-update"].map((k) => resultV03(k, w)),
    paramsV03("message/stream", w),
    paramsV03("message/send", { message: w } as never),
    plainResultV03("tasks/get", w),
    plainResultV03("ListTasks", { tasks: [w] } as never),
  ];

  it("every string of a v1.0 value is in its v0.3 reading, unless it is an enum name or a renamed field", () => {
    fc.assert(
      fc.property(fc.oneof(part, message, task, event, params), (wire) => {
        const kept = strings(wire).filter((s) => !TRANSLATED.test(s));
        for (const reading of readings(wire as never)) {
          const seen = new Set(strings(reading));
          expect(kept.filter((s) => !seen.has(s))).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
