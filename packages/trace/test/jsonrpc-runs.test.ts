// A JSON-RPC log's runs (issue 32 §4): `oatf record --run NAME` writes `"run"` on each wrapped
// line, and two recordings (stdio: no session, no connection, ids from 0 in each) may be
// concatenated into one log. The reader carries each line's run onto its message, so
// verdicts are per run, and matches a response only to a request of its own run: two runs
// never share a connection.

import { describe, expect, it } from "vitest";
import type { TraceRecord } from "../src/index.js";
import { leakDocument } from "./leak-document.js";
import { type Line, messages, readLog, rules, verdictOf } from "./log-records.js";

const LEAK_DOC = leakDocument("RUN-1");
const KEY = "-----BEGIN OPENSSH PRIVATE KEY-----";

/** One stdio recording as `oatf record --run` logs it: initialize, tools/list, tools/call. */
function recording(run: string | undefined, text: string, extra: Line = {}): Line[] {
  const line = (direction: string, message: object) => ({
    timestamp: "2026-03-01T10:00:00Z",
    direction,
    message,
    ...extra,
    ...(run === undefined ? {} : { run }),
  });
  return [
    line("sent", { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "x" } }),
    line("received", { jsonrpc: "2.0", id: 0, result: { protocolVersion: "x" } }),
    line("sent", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "read" } }),
    line("received", { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text }] } }),
  ];
}

const read = (lines: Line[]) => readLog(lines, [LEAK_DOC]);

const verdict = (records: TraceRecord[]) => verdictOf(LEAK_DOC, records);

/** `a`'s and `b`'s lines alternating: each id of one is reused by the other before its answer. */
const alternate = (a: Line[], b: Line[]) => a.flatMap((line, i) => [line, b[i]!]);

describe("JSON-RPC runs", () => {
  it("carries each line's run onto its message, after the session, whatever the lane", () => {
    const records = read(recording("agent-1", "fine"));
    expect(rules(records)).toEqual([]);
    const all = messages(records);
    expect(all.map((m) => m.run)).toEqual(["agent-1", "agent-1", "agent-1", "agent-1"]);
    expect(Object.keys(all[3]!)).toEqual([
      "protocol",
      "direction",
      "operation",
      "content",
      "run",
      "timestamp",
      "line",
    ]);
    const session = messages(read(recording("agent-1", "fine", { session: "s" })));
    expect(session.map((m) => [m.session, m.run])).toEqual(
      Array.from({ length: 4 }, () => ["s", "agent-1"]),
    );
  });

  it("matches a response within its run: two stdio recordings concatenated reuse every id", () => {
    const records = read(alternate(recording("a", "fine"), recording("b", KEY)));
    expect(rules(records)).toEqual([]);
    const calls = messages(records).filter(
      (m) => m.direction === "response" && m.operation === "tools/call",
    );
    expect(calls.map((m) => [m.run, JSON.stringify(m.content).includes(KEY)])).toEqual([
      ["a", false],
      ["b", true],
    ]);
    const v = verdict(records);
    expect(v.result).toBe("exploited");
    expect(v.runs?.map((r) => [r.run, r.result])).toEqual([
      ["a", "not_exploited"],
      ["b", "exploited"],
    ]);
  });

  it("a run named like a session is still a run, and a run that is not a string is no run", () => {
    const named = messages(read(recording("s", "x", { session: "s" })));
    expect(named.every((m) => m.session === "s" && m.run === "s")).toBe(true);
    const odd = read(recording(undefined, "x", { run: 7 }));
    expect(rules(odd)).toEqual([]);
    expect(messages(odd).some((m) => "run" in m)).toBe(false);
  });
});
