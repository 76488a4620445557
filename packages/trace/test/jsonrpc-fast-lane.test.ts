// The JSON-RPC decoder's fast lane (fast-lane.ts: the ordinary message of an MCP proxy log)
// against the full path alone: for random logs mixing ordinary lines with every kind of line
// the fast lane must leave to the full path (actors, sessions, connections, clients, notes,
// the line's own protocol, duplicate and string ids, ids "1" and 1, huge, negative and
// fractional ids, `__proto__` keys in params and results, responses without requests, error
// responses, A2A methods that flip a default connection, MCP input requests and retries,
// batches, SSE lines, bad JSON, numbers as timestamps, other directions, bare messages),
// under each protocol option, every line gives the same records in the same order,
// diagnostics included, and so does the end.
//
// Runs are bounded; for a longer local run set OATF_FUZZ_RUNS.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { connections } from "../src/jsonrpc/connections.js";
import { correlation, type Side } from "../src/jsonrpc/correlation.js";
import { ordinary } from "../src/jsonrpc/fast-lane.js";
import type { DecoderState, Heard } from "../src/jsonrpc/heard.js";
import { InputRequests } from "../src/jsonrpc/input-required.js";
import { decoder } from "../src/jsonrpc/read.js";
import type { TraceRecord } from "../src/record.js";

const RUNS = Number(process.env.OATF_FUZZ_RUNS ?? 150);

/** `__proto__` as an own key: JSON.stringify writes the placeholder, replaced in the text. */
const PROTO = "__PROTO_KEY__";
const text = (value: unknown) => JSON.stringify(value).replaceAll(PROTO, "__proto__");

const ids = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom("1", "2", "x", -1, 1.5, 2 ** 50, 2 ** 50 - 1, 2 ** 53) },
);
const methods = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("tools/call", "prompts/get", "tools/list", "ping") },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "message/send",
      "message/stream",
      "tasks/get",
      "SendMessage",
      "custom/x",
      "initialize",
    ),
  },
);
const params = fc.constantFrom<unknown>(
  { name: "read", arguments: { path: "a" } },
  { name: "read", [PROTO]: { polluted: true } },
  {},
  undefined,
  [1],
  "text",
  { inputResponses: { k: { action: "accept" } }, requestState: "s1" },
  { message: { role: "user", parts: [] } },
);
const results = fc.constantFrom<unknown>(
  { content: [{ type: "text", text: "ok" }], isError: false },
  { name: "overridden", [PROTO]: 5 },
  {},
  [],
  "done",
  null,
  {
    resultType: "input_required",
    inputRequests: { k: { method: "elicitation/create", params: { message: "?" } } },
    requestState: "s1",
  },
  { kind: "task", id: "t1", status: { state: "working" } },
  { kind: "status-update", taskId: "t1", status: { state: "completed" }, final: true },
);

const rpc = fc.oneof(
  { weight: 4, arbitrary: fc.record({ id: ids, method: methods, params }) },
  { weight: 1, arbitrary: fc.record({ method: methods, params }, { requiredKeys: ["method"] }) },
  { weight: 4, arbitrary: fc.record({ id: ids, result: results }) },
  {
    weight: 1,
    arbitrary: fc.record({ id: fc.oneof(ids, fc.constant(null)), error: fc.constant({ code: 1 }) }),
  },
  { weight: 1, arbitrary: fc.record({ id: fc.constant(null), method: methods }) },
  // A response whose `method` is no string: neither path reads it.
  { weight: 1, arbitrary: fc.record({ id: ids, method: fc.constant(5), result: results }) },
);

/** What a wrapper may say besides its message (mostly nothing: ordinary lines). */
const extra = fc.oneof(
  { weight: 12, arbitrary: fc.constant({}) },
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      { actor: "a" },
      { actor: "b" },
      { actor: 5 },
      { session: "s1" },
      { connection: "c1" },
      { connection: "c2", client: "cl" },
      { client: "cl" },
      { protocol: "mcp" },
      { protocol: "a2a" },
      { note: "cut at 1 MiB" },
      { jsonrpc: "2.0" },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        actor: fc.constantFrom("a", "b"),
        session: fc.constantFrom("s1", "s2"),
        connection: fc.constantFrom("c1", "c2"),
        client: fc.constant("cl"),
        protocol: fc.constantFrom("mcp", "a2a"),
      },
      { requiredKeys: [] },
    ),
  },
);
const timestamps = fc.constantFrom<unknown>(
  "2026-01-01T00:00:00Z",
  "2026-01-01T00:00:00Z",
  undefined,
  1767225600000,
  Number.MAX_VALUE,
  true,
);
const directions = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom<unknown>("send", "receive") },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(undefined, "sent", "In", "sideways", 3) },
);

const wrapped = fc
  .record({ timestamp: timestamps, direction: directions, extra, message: rpc })
  .map(({ timestamp, direction, extra, message }) =>
    text({ timestamp, direction, ...extra, message: { jsonrpc: "2.0", ...message } }),
  );

/** Lines of every kind, ordinary ones mostly. */
const line = fc.oneof(
  { weight: 20, arbitrary: wrapped },
  { weight: 1, arbitrary: rpc.map((m) => text({ jsonrpc: "2.0", ...m })) },
  {
    weight: 1,
    arbitrary: fc
      .array(rpc, { minLength: 1, maxLength: 3 })
      .map((ms) =>
        text({ direction: "receive", message: ms.map((m) => ({ jsonrpc: "2.0", ...m })) }),
      ),
  },
  { weight: 1, arbitrary: rpc.map((m) => `data: ${text({ jsonrpc: "2.0", ...m })}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "",
      "event: message",
      "{not json",
      "[]",
      "5",
      "null",
      '{"direction":"send","message":null}',
      '{"direction":"send","message":{"jsonrpc":"1.0","id":1,"method":"ping"}}',
      '{"direction":"receive","note":"not JSON: recorded as text","message":"garbage"}',
      '{"protocol":"mcp","direction":"request","operation":"ping","content":{}}',
    ),
  },
);

/** Each line's records, then the end's, read with the fast lane on or off. */
function read(lines: string[], protocol: string | undefined, fastLane: boolean): TraceRecord[][] {
  const d = decoder({ protocol }, fastLane);
  const each = lines.map((text, i) => {
    const out: TraceRecord[] = [];
    d.line(text, i + 1, out);
    return out;
  });
  const end: TraceRecord[] = [];
  d.end(end);
  return [...each, end];
}

describe("JSON-RPC decoder's fast lane", () => {
  it("reads every log as the full path alone does, line by line (property)", () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 80, size: "max" }),
        fc.constantFrom(undefined, undefined, "mcp", "a2a"),
        (lines, protocol) => {
          expect(read(lines, protocol, true)).toStrictEqual(read(lines, protocol, false));
        },
      ),
      {
        numRuns: RUNS * 4,
        // A request named by its actor waits beside the held one of its id: its answer is
        // ambiguous, not the held request's alone.
        examples: [
          [
            [
              text({
                direction: "send",
                actor: "a",
                message: { jsonrpc: "2.0", id: 1, method: "ping" },
              }),
              text({ direction: "send", message: { jsonrpc: "2.0", id: 1, method: "ping" } }),
              text({ direction: "receive", message: { jsonrpc: "2.0", id: 1, result: {} } }),
            ],
            undefined,
          ],
        ],
      },
    );
  });

  it("takes the ordinary exchange, and leaves an A2A method and an unawaited answer", () => {
    const state: DecoderState = {
      ...connections(undefined, []),
      ...correlation(),
      inputs: new InputRequests(),
      fastLane: true,
      heard: {} as Heard,
    };
    const take = (rpc: Record<string, unknown>, side: Side, line: number, timestamp?: string) => {
      const out: TraceRecord[] = [];
      return ordinary(state, rpc, rpc.id, side, timestamp, line, 100, out) && out;
    };
    const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "n" } };
    const answer = { jsonrpc: "2.0", id: 1, result: { content: [] } };
    expect(take({ jsonrpc: "2.0", id: 1, method: "message/send" }, "out", 1)).toBe(false);
    const records = [
      take(call, "out", 1, "t"),
      take({ jsonrpc: "2.0", method: "ping" }, "in", 2),
      take(answer, "in", 3),
    ];
    expect(records.flat().map((r) => r && r.kind === "message" && r.message)).toStrictEqual([
      {
        protocol: "mcp",
        direction: "request",
        operation: "tools/call",
        content: { name: "n" },
        timestamp: "t",
        line: 1,
      },
      { protocol: "mcp", direction: "request", operation: "ping", content: {}, line: 2 },
      {
        protocol: "mcp",
        direction: "response",
        operation: "tools/call",
        content: { name: "n", content: [] },
        line: 3,
      },
    ]);
    // Answered: the held request is taken, so a second answer is the full path's.
    expect(take(answer, "in", 4)).toBe(false);
  });
  it("enriches with __proto__ keys as data, the result's winning, on the fast lane and off", () => {
    const lines = [
      '{"direction":"send","message":{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","__proto__":{"polluted":true}}}}',
      '{"direction":"receive","message":{"jsonrpc":"2.0","id":1,"result":{"content":[],"__proto__":5}}}',
    ];
    for (const fastLane of [true, false]) {
      const [record] = read(lines, undefined, fastLane)[1]!;
      const content = (record as { message: { content: object } }).message.content;
      expect(Object.getPrototypeOf(content)).toBe(Object.prototype);
      expect(Object.entries(content)).toStrictEqual([
        ["name", "x"],
        ["__proto__", 5],
        ["content", []],
      ]);
      expect((content as { polluted?: unknown }).polluted).toBeUndefined();
    }
  });
});
