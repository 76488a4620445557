// JSON-RPC 2.0 log reading (format §7.1.3, §7.2; SDK §4.1): message shapes, correlation of
// responses with requests per connection and direction, protocol inference and diagnostics.

import type { Document } from "@oatf/model";
import { ruleInfo } from "@oatf/model";
import { lineRange } from "@oatf/model/internal";
import { describe, expect, it } from "vitest";
import {
  MAX_PENDING_REQUESTS,
  MAX_REQUESTS_PER_ID,
  type ReadTraceOptions,
  readTraceText,
  type TraceRecord,
} from "../src/index.js";

const read = (lines: unknown[], options: ReadTraceOptions = {}): TraceRecord[] =>
  readTraceText(lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n"), {
    format: "jsonrpc",
    ...options,
  });
const messages = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "message" ? [r.message] : []));
const diagnostics = (records: TraceRecord[]) =>
  records.flatMap((r) => (r.kind === "diagnostic" ? [r.diagnostic] : []));

const request = (id: unknown, method: string, params?: unknown) => ({
  jsonrpc: "2.0",
  ...(id === undefined ? {} : { id }),
  method,
  ...(params === undefined ? {} : { params }),
});
const result = (id: unknown, value: unknown) => ({ jsonrpc: "2.0", id, result: value });
/** A document with one actor of `mode` (named `name`, or the single-phase `default`). */
const doc = (mode: string, name?: string) =>
  ({
    oatf: "0.1",
    attack: {
      id: "X-1",
      execution:
        name === undefined ? { mode, state: {} } : { actors: [{ name, mode, phases: [{}] }] },
      indicators: [],
    },
  }) as unknown as Document;

describe("JSON-RPC reader: message shapes", () => {
  it("reads a bare request as a request message whose content is params", () => {
    expect(read([request(1, "tools/list", { cursor: "a" })])).toEqual([
      {
        kind: "message",
        message: {
          protocol: "mcp",
          direction: "request",
          operation: "tools/list",
          content: { cursor: "a" },
          line: 1,
        },
      },
    ]);
  });

  it("gives a request without params an empty object as content", () => {
    expect(messages(read([request(undefined, "notifications/initialized")]))[0]!.content).toEqual(
      {},
    );
  });

  it("reads a correlated bare response as the request's operation with result as content", () => {
    expect(messages(read([request(1, "tools/list"), result(1, { tools: [] })]))[1]).toEqual({
      protocol: "mcp",
      direction: "response",
      operation: "tools/list",
      content: { tools: [] },
      line: 2,
    });
  });

  it("takes an error response's error as content", () => {
    const error = { jsonrpc: "2.0", id: 1, error: { code: -1, message: "no" } };
    expect(messages(read([request(1, "tools/list"), error]))[1]).toMatchObject({
      operation: "tools/list",
      content: { code: -1, message: "no" },
    });
  });

  it("keeps actor and timestamp of a wrapped line, and leaves them out when absent", () => {
    const got = messages(
      read([
        {
          actor: "a",
          timestamp: "2026-01-01T00:00:00Z",
          direction: "send",
          message: request(1, "x"),
        },
        { direction: "send", actor: 7, timestamp: 5, message: request(2, "y") },
        request(3, "z"),
      ]),
    );
    expect(got[0]).toEqual({
      protocol: "mcp",
      direction: "request",
      operation: "x",
      content: {},
      actor: "a",
      timestamp: "2026-01-01T00:00:00Z",
      line: 1,
    });
    // A non-string actor is ignored; epoch milliseconds become ISO 8601.
    expect(got[1]).toEqual({
      protocol: "mcp",
      direction: "request",
      operation: "y",
      content: {},
      timestamp: "1970-01-01T00:00:00.005Z",
      line: 2,
    });
    expect(got[2]).toStrictEqual({
      protocol: "mcp",
      direction: "request",
      operation: "z",
      content: {},
      line: 3,
    });
  });

  it("reads a wrapped line without direction as a connection without sides", () => {
    const got = messages(
      read([{ message: request(1, "tools/list") }, { message: result(1, { tools: [] }) }]),
    );
    expect(got.map((m) => [m.direction, m.operation])).toEqual([
      ["request", "tools/list"],
      ["response", "tools/list"],
    ]);
  });

  it("reads a batch, bare or wrapped, element by element on the same line", () => {
    const bare = read([[request(1, "a"), request(2, "b")]]);
    expect(messages(bare).map((m) => [m.line, m.operation])).toEqual([
      [1, "a"],
      [1, "b"],
    ]);
    const wrapped = read([
      { actor: "x", direction: "out", message: [request(1, "a"), request(undefined, "b")] },
    ]);
    expect(messages(wrapped).map((m) => [m.line, m.actor, m.operation])).toEqual([
      [1, "x", "a"],
      [1, "x", "b"],
    ]);
  });

  it("passes a synthetic line in the SDK's message shape through", () => {
    const card = {
      protocol: "a2a",
      direction: "response",
      operation: "agent_card/get",
      content: {},
    };
    expect(read([card])).toEqual([{ kind: "message", message: { ...card, line: 1 } }]);
  });
});

describe("JSON-RPC reader: diagnostics", () => {
  const only = (lines: unknown[]) =>
    diagnostics(read(lines)).map((d) => [d.range?.start.line, d.rule, d.severity, d.message]);

  it("reports a line that is not an object", () => {
    expect(only(["3"])).toEqual([[1, "T-SHAPE", "error", "not a JSON-RPC message object"]]);
  });

  it("reports a line without jsonrpc that is not a trace message either", () => {
    expect(only([{ protocol: "mcp", operation: "x" }])).toEqual([
      [1, "T-SHAPE", "error", `not JSON-RPC 2.0 ('direction' must be "request" or "response")`],
    ]);
  });

  it("reports empty batches, bare and wrapped", () => {
    expect(only(["[]", { direction: "send", message: [] }])).toEqual([
      [1, "T-SHAPE", "error", "an empty JSON-RPC batch"],
      [2, "T-SHAPE", "error", "an empty JSON-RPC batch"],
    ]);
  });

  it("reports messages that are not JSON-RPC 2.0", () => {
    const why = 'not a JSON-RPC 2.0 message ("jsonrpc": "2.0")';
    expect(
      only([
        { jsonrpc: "1.0", method: "x" },
        { direction: "send", message: "text" },
        { direction: "send", message: { jsonrpc: "1.0", method: "x" } },
      ]),
    ).toEqual([
      [1, "T-SHAPE", "error", why],
      [2, "T-SHAPE", "error", why],
      [3, "T-SHAPE", "error", why],
    ]);
  });

  it("reports unknown and non-string directions", () => {
    expect(
      only([
        { direction: "sideways", message: request(1, "x") },
        { direction: 3, message: request(1, "x") },
      ]),
    ).toEqual([
      [1, "T-SHAPE", "error", 'unknown direction "sideways"'],
      [2, "T-SHAPE", "error", "unknown direction 3"],
    ]);
  });

  it("reports a message with neither method, result nor error", () => {
    expect(only([{ jsonrpc: "2.0", id: 1 }])).toEqual([
      [1, "T-SHAPE", "error", "a JSON-RPC message needs a method, a result or an error"],
    ]);
  });

  it("warns about an uncorrelated response and reads it with an unknown operation", () => {
    const records = read([result(9, { a: 1 })]);
    expect(records).toEqual([
      {
        kind: "diagnostic",
        diagnostic: {
          severity: "warning",
          rule: "T-UNCORRELATED",
          code: "T-UNCORRELATED",
          spec_ref: "SDK §4.1",
          range: lineRange(1),
          message:
            'response to id 9 has no earlier request: its operation is unknown (""), so it is evaluated against every surface',
        },
      },
      {
        kind: "message",
        message: {
          protocol: "mcp",
          direction: "response",
          operation: "",
          content: { a: 1 },
          line: 1,
        },
      },
    ]);
  });

  it("warns about a reused request id, and reads its response as a response to each", () => {
    const records = read([request(1, "a"), request(1, "b"), result(1, {})]);
    expect(diagnostics(records)).toEqual([
      {
        severity: "warning",
        rule: "T-DUPLICATE-ID",
        code: "T-DUPLICATE-ID",
        spec_ref: "SDK §4.1",
        range: lineRange(2),
        message:
          "request id reused before its response: a response to it will be read as each of the 2 requests",
      },
      {
        severity: "warning",
        rule: "T-AMBIGUOUS-ID",
        code: "T-AMBIGUOUS-ID",
        spec_ref: "SDK §4.1",
        range: lineRange(3),
        message: 'response to id 1, which 2 requests carry: read as a response to each ("a", "b")',
      },
    ]);
    expect(messages(records).map((m) => [m.operation, m.direction, m.line])).toEqual([
      ["a", "request", 1],
      ["b", "request", 2],
      ["a", "response", 3],
      ["b", "response", 3],
    ]);
  });

  it("forgets a request once its response is read", () => {
    const records = read([request(1, "a"), result(1, {}), result(1, {})]);
    expect(diagnostics(records).map((d) => [d.range?.start.line, d.rule])).toEqual([
      [3, "T-UNCORRELATED"],
    ]);
  });

  it("keeps at most MAX_PENDING_REQUESTS requests, forgetting the oldest", () => {
    const lines = Array.from({ length: MAX_PENDING_REQUESTS + 1 }, (_, i) =>
      JSON.stringify(request(i, `m${i}`)),
    );
    lines.push(JSON.stringify(result(0, {})), JSON.stringify(result(1, {})));
    const records = read(lines);
    expect(
      diagnostics(records).map((d) => [
        d.rule,
        d.range?.start.line,
        ruleInfo(d.rule)?.unattributed,
      ]),
    ).toEqual([
      ["T-PENDING-LIMIT", MAX_PENDING_REQUESTS + 1, true],
      ["T-UNCORRELATED", MAX_PENDING_REQUESTS + 2, true],
    ]);
    expect(messages(records).at(-1)!.operation).toBe("m1");
  });

  it("keeps at most MAX_REQUESTS_PER_ID requests of one id, saying when one is forgotten", () => {
    const lines = Array.from({ length: MAX_REQUESTS_PER_ID + 1 }, (_, i) => request(1, `m${i}`));
    const records = read([...lines, result(1, {})]);
    const found = diagnostics(records).filter((d) => d.rule !== "T-DUPLICATE-ID");
    expect(found.map((d) => [d.range?.start.line, d.rule, ruleInfo(d.rule)?.unattributed])).toEqual(
      [
        [MAX_REQUESTS_PER_ID + 1, "T-PENDING-LIMIT", true],
        [MAX_REQUESTS_PER_ID + 2, "T-AMBIGUOUS-ID", true],
      ],
    );
    const answered = messages(records).filter((m) => m.direction === "response");
    expect(answered.map((m) => m.operation)).toEqual(
      Array.from({ length: MAX_REQUESTS_PER_ID }, (_, i) => `m${i + 1}`),
    );
  });

  it("refuses an id that is not a string, a number or null", () => {
    for (const id of [[1], { a: 1 }, true]) {
      expect(only([request(id, "x")])).toEqual([
        [1, "T-SHAPE", "error", "a JSON-RPC id must be a string, a number or null"],
      ]);
    }
  });

  it("remembers the protocol content told for at most 1024 connections, saying when it forgets one", () => {
    const lines = Array.from({ length: 1025 }, (_, i) => ({
      actor: `a${i}`,
      direction: "send",
      message: request(undefined, "ping"),
    }));
    const found = diagnostics(read(lines));
    expect(found.map((d) => [d.range?.start.line, d.rule, ruleInfo(d.rule)?.unattributed])).toEqual(
      [[1025, "T-PENDING-LIMIT", true]],
    );
  });

  it("does not remember requests with a null id", () => {
    const records = read([request(null, "a"), { jsonrpc: "2.0", id: null, result: {} }]);
    expect(diagnostics(records).map((d) => d.rule)).toEqual(["T-UNCORRELATED"]);
  });
});

describe("JSON-RPC reader: correlation", () => {
  it("correlates a response only in the other direction", () => {
    const wrap = (direction: string, message: unknown) => ({ direction, message });
    const same = read([wrap("send", request(1, "a")), wrap("send", result(1, {}))]);
    expect(messages(same)[1]!.operation).toBe("");
    const back = read([wrap("send", request(1, "a")), wrap("receive", result(1, {}))]);
    expect(messages(back)[1]!.operation).toBe("a");
    const reverse = read([wrap("receive", request(1, "b")), wrap("send", result(1, {}))]);
    expect(messages(reverse)[1]!.operation).toBe("b");
    // A response without direction matches only a request without one.
    const sideless = read([wrap("send", request(1, "a")), { message: result(1, {}) }]);
    expect(messages(sideless)[1]!.operation).toBe("");
  });

  it("trims and lower-cases directions", () => {
    const got = read([
      { direction: " Client->Server ", message: request(1, "a") },
      { direction: "SERVER->CLIENT", message: result(1, {}) },
      { direction: "In", message: request(2, "b") },
      { direction: "Sent", message: result(2, {}) },
    ]);
    expect(messages(got).map((m) => m.operation)).toEqual(["a", "a", "b", "b"]);
  });

  it("correlates per connection: the same id on two actors is two requests", () => {
    const got = read([
      { actor: "x", direction: "send", message: request(1, "a") },
      { actor: "y", direction: "send", message: request(1, "b") },
      { actor: "y", direction: "receive", message: result(1, {}) },
      { actor: "x", direction: "receive", message: result(1, {}) },
      { direction: "receive", message: result(1, {}) },
    ]);
    expect(messages(got).map((m) => m.operation)).toEqual(["a", "b", "b", "a", ""]);
    expect(diagnostics(got).map((d) => d.rule)).toEqual(["T-UNCORRELATED"]);
  });

  it("tells ids of different JSON types apart", () => {
    const got = read([request(1, "a"), result("1", {})]);
    expect(messages(got)[1]!.operation).toBe("");
  });

  it("enriches an MCP tools/call or prompts/get result with the request's params", () => {
    const got = messages(
      read([
        request(1, "tools/call", { name: "n", arguments: {}, isError: "params" }),
        result(1, { content: [], isError: false }),
        request(2, "prompts/get", { name: "p" }),
        result(2, { messages: [] }),
        request(3, "tools/list", { cursor: "c" }),
        result(3, { tools: [] }),
      ]),
    );
    expect(got[1]!.content).toEqual({ name: "n", arguments: {}, content: [], isError: false });
    expect(got[3]!.content).toEqual({ name: "p", messages: [] });
    expect(got[5]!.content).toEqual({ tools: [] });
  });

  it("does not enrich errors, non-object results, or other protocols", () => {
    const got = messages(
      read([
        request(1, "tools/call", { name: "n" }),
        { jsonrpc: "2.0", id: 1, error: { code: 1 } },
        request(2, "tools/call", { name: "n" }),
        result(2, "text"),
        request(3, "tools/call"),
        result(3, { content: [] }),
        { direction: "send", protocol: "a2a", message: request(4, "tools/call", { name: "n" }) },
        { direction: "receive", message: result(4, { content: [] }) },
      ]),
    );
    expect(got.filter((m) => m.direction === "response").map((m) => m.content)).toEqual([
      { code: 1 },
      "text",
      { content: [] },
      { content: [] },
    ]);
  });
});

describe("JSON-RPC reader: protocol", () => {
  it("defaults to mcp, or to the protocol option", () => {
    expect(messages(read([request(1, "custom/x")]))[0]!.protocol).toBe("mcp");
    expect(messages(read([request(1, "custom/x")], { protocol: "a2a" }))[0]!.protocol).toBe("a2a");
    expect(messages(read([result(1, {})], { protocol: "acp" }))[0]!.protocol).toBe("acp");
  });

  it("takes a protocol a wrapped line names, for requests and uncorrelated responses", () => {
    const got = messages(
      read([
        { direction: "send", protocol: "acp", message: request(1, "tools/list") },
        { direction: "receive", protocol: "acp", message: result(9, {}) },
        { direction: "receive", message: result(1, {}) },
      ]),
    );
    expect(got.map((m) => m.protocol)).toEqual(["acp", "acp", "acp"]);
  });

  it("tells a connection's protocol from the first method only one protocol has, then never flips it", () => {
    const records = read([
      request(1, "custom/x"),
      request(2, "message/send"),
      request(3, "custom/y"),
      result(99, {}),
      request(4, "tools/list"),
      request(5, "tasks/get"),
    ]);
    expect(messages(records).map((m) => [m.operation, m.protocol])).toEqual([
      ["custom/x", "mcp"],
      ["message/send", "a2a"],
      ["custom/y", "a2a"],
      ["", "a2a"],
      ["tools/list", "a2a"],
      ["tasks/get", "a2a"],
    ]);
    // Told after a message was read with the default, and contradicted later: both said.
    expect(
      diagnostics(records).map((d) => [
        d.range?.start.line,
        d.rule,
        ruleInfo(d.rule)?.unattributed,
      ]),
    ).toEqual([
      [2, "T-PROTOCOL", true],
      [4, "T-UNCORRELATED", true],
      [5, "T-PROTOCOL", true],
    ]);
  });

  it("fixes the protocol from the option or the documents: a method of the other binding is reported, never followed", () => {
    // Issue 23 finding 3: one A2A notification used to make every later tasks/get A2A.
    const lines = [
      { direction: "receive", message: { jsonrpc: "2.0", method: "message/stream" } },
      { direction: "send", message: request(1, "tasks/get") },
    ];
    for (const options of [
      { protocol: "mcp" },
      { documents: [doc("mcp_server")] },
      { documents: [doc("mcp_client")] },
    ]) {
      const records = read(lines, options);
      expect(messages(records).map((m) => m.protocol)).toEqual(["mcp", "mcp"]);
      expect(
        diagnostics(records).map((d) => [
          d.range?.start.line,
          d.rule,
          ruleInfo(d.rule)?.unattributed,
        ]),
      ).toEqual([[1, "T-PROTOCOL", true]]);
    }
    // The documents' actor modes fix each connection on its own.
    const two = read(
      [
        { actor: "a", direction: "send", message: request(1, "tasks/get") },
        { actor: "m", direction: "send", message: request(1, "tasks/get") },
      ],
      { documents: [doc("a2a_client", "a"), doc("mcp_client", "m")] },
    );
    expect(messages(two).map((m) => m.protocol)).toEqual(["a2a", "mcp"]);
    expect(diagnostics(two)).toEqual([]);
  });

  it("says nothing when content tells the protocol before anything was read with the default", () => {
    const records = read([request(1, "message/send"), request(2, "tasks/get")]);
    expect(messages(records).map((m) => m.protocol)).toEqual(["a2a", "a2a"]);
    expect(diagnostics(records)).toEqual([]);
  });

  it("takes an unknown actor's protocol from the documents' JSON-RPC modes, ignoring others", () => {
    const documents = [doc("a2a_client", "a"), doc("ag_ui_client", "u")];
    const records = read([{ actor: "zzz", direction: "send", message: request(1, "tasks/get") }], {
      documents,
    });
    expect(messages(records).map((m) => m.protocol)).toEqual(["a2a"]);
    expect(diagnostics(records)).toEqual([]);
  });

  it("takes a protocol field only from a wrapper, not from a bare message", () => {
    const bare = { ...request(1, "custom/x"), protocol: "a2a" };
    expect(messages(read([bare])).map((m) => m.protocol)).toEqual(["mcp"]);
  });

  it("refuses a batch element that is itself an array, bare or wrapped", () => {
    const refused = [[1, "T-SHAPE", "a JSON-RPC batch element must be an object"]];
    for (const line of [[[request(1, "x")]], { direction: "send", message: [[request(1, "x")]] }]) {
      expect(
        diagnostics(read([line])).map((d) => [d.range?.start.line, d.rule, d.message]),
      ).toEqual(refused);
    }
  });

  it("passes a synthetic line through without changing the protocol", () => {
    const line = (protocol: string) => ({
      protocol,
      direction: "response",
      operation: "agent_card/get",
      content: {},
    });
    const got = messages(read([line("a2a"), request(1, "custom/x")]));
    expect(got.map((m) => m.protocol)).toEqual(["a2a", "mcp"]);
  });
});
