// A lone HAR entry whose method both bindings have (A2A v0.3 `tasks/get` / `tasks/cancel`,
// MCP tasks) is told by its answer or its path, or a diagnostic says it was defaulted.
import { describe, expect, it } from "vitest";
import { readTraceText, type TraceRecord } from "../src/index.js";

const json = (value: unknown) => JSON.stringify(value);
const messages = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "message" ? [r.message] : []));
const rules = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "diagnostic" ? [r.diagnostic.rule] : []));

const har = (method: string, path: string, result: unknown) =>
  json({
    log: {
      entries: [
        {
          startedDateTime: "2026-11-29T10:00:00.000Z",
          request: {
            method: "POST",
            url: `http://127.0.0.1:1${path}`,
            postData: {
              mimeType: "application/json",
              text: json({ jsonrpc: "2.0", id: 3, method, params: { id: "t-1" } }),
            },
          },
          response: {
            status: 200,
            content: {
              mimeType: "application/json",
              text: json({ jsonrpc: "2.0", id: 3, result }),
            },
          },
        },
      ],
    },
  });

const A2A_TASK = { kind: "task", id: "t-1", contextId: "c-1", status: { state: "canceled" } };

describe("a lone HAR entry of a method both bindings have", () => {
  for (const method of ["tasks/get", "tasks/cancel"])
    it(`reads a v0.3 ${method} answered by an A2A task as A2A`, () => {
      const records = readTraceText(har(method, "/", A2A_TASK));
      expect(rules(records)).toEqual([]);
      expect(messages(records).map((m) => [m.protocol, m.direction, m.operation])).toEqual([
        ["a2a", "request", method],
        ["a2a", "response", method],
      ]);
    });

  it("reads one on an /mcp path answered by an MCP task as MCP", () => {
    const task = {
      taskId: "t-1",
      status: "working",
      createdAt: "x",
      lastUpdatedAt: "x",
      ttl: null,
    };
    const records = readTraceText(har("tasks/get", "/mcp", task));
    expect(rules(records)).toEqual([]);
    expect(messages(records).map((m) => m.protocol)).toEqual(["mcp", "mcp"]);
  });

  it("says why it defaulted when neither the answer nor the path tells", () => {
    const records = readTraceText(har("tasks/get", "/rpc", { error: "?" }));
    expect(rules(records)).toEqual(["T-PROTOCOL"]);
    expect(messages(records).map((m) => m.protocol)).toEqual(["mcp", "mcp"]);
  });
});
