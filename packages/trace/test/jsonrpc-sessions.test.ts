// JSON-RPC correlation per session and connection (issue 24 §1, §2): `oatf record --listen`
// writes one log for every concurrent MCP session, each of whose clients starts its ids at 0,
// so the reader scopes ids by the wrapped line's `session` (else `connection`) and carries it
// onto the message for the monitor and `--jobs`. Without those fields a reused id stays
// ambiguous, and said.

import { createTraceEvaluator } from "@oatf/evaluate";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { partitionKey, readTraceText, type TraceRecord } from "../src/index.js";
import { ARTIFACT_DOCUMENT, leakDocument } from "./leak-document.js";
import { type Line, messages, readLog, rules, verdictOf } from "./log-records.js";

const LEAK_DOC = leakDocument("SESS-1");
const KEY = "-----BEGIN OPENSSH PRIVATE KEY-----";

/** One MCP session as `oatf record --listen` logs it: initialize, tools/list, tools/call. */
function session(name: string, text: string, fields: "session" | "connection" | "none"): Line[] {
  const origin =
    fields === "session"
      ? { connection: `conn-${name}`, session: name }
      : fields === "connection"
        ? { connection: name }
        : {};
  const line = (direction: string, message: object) => ({ direction, ...origin, message });
  return [
    line("sent", { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "x" } }),
    line("received", { jsonrpc: "2.0", id: 0, result: { protocolVersion: "x" } }),
    line("sent", { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    line("received", { jsonrpc: "2.0", id: 1, result: { tools: [{ name: "read" }] } }),
    line("sent", { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "read" } }),
    line("received", { jsonrpc: "2.0", id: 2, result: { content: [{ type: "text", text }] } }),
  ];
}

/** Lines of `sessions` interleaved in the order `picks` gives (each pick: a session index). */
function interleave(sessions: Line[][], picks: readonly number[]): Line[] {
  const at = sessions.map(() => 0);
  const out: Line[] = [];
  for (const pick of picks) {
    const s = pick % sessions.length;
    if (at[s]! < sessions[s]!.length) out.push(sessions[s]![at[s]!++]!);
  }
  sessions.forEach((lines, s) => {
    out.push(...lines.slice(at[s]!));
  });
  return out;
}

const read = (lines: Line[]) => readLog(lines, [LEAK_DOC]);

const verdict = (records: TraceRecord[]) => verdictOf(LEAK_DOC, records);

/** Each session's messages, in order, without their lines (what correlation decided). */
function perSession(records: TraceRecord[]) {
  const by = new Map<string, unknown[]>();
  for (const m of messages(records)) {
    const { line: _line, ...rest } = m;
    const key = partitionKey(m);
    by.set(key, [...(by.get(key) ?? []), rest]);
  }
  return by;
}

describe("JSON-RPC correlation per session", () => {
  // Two clients' lines alternate: every id of one is reused by the other before its response.
  const alternate = (a: Line[], b: Line[]) => interleave([a, b], [0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);

  it("correlates two interleaved MCP sessions that reuse ids, with no diagnostic", () => {
    const records = read(
      alternate(session("s-a", "fine", "session"), session("s-b", KEY, "session")),
    );
    expect(rules(records)).toEqual([]);
    const responses = messages(records).filter((m) => m.direction === "response");
    expect(responses.map((m) => [m.session, m.operation])).toEqual([
      ["s-a", "initialize"],
      ["s-b", "initialize"],
      ["s-a", "tools/list"],
      ["s-b", "tools/list"],
      ["s-a", "tools/call"],
      ["s-b", "tools/call"],
    ]);
    // The MCP session wins over the proxy connection as the message's session.
    expect(new Set(messages(records).map((m) => m.session))).toEqual(new Set(["s-a", "s-b"]));
    const v = verdict(records);
    expect(v.result).toBe("exploited");
    // Each tools/call result is its own session's.
    const calls = responses.filter((m) => m.operation === "tools/call");
    expect(calls.map((m) => [m.session, JSON.stringify(m.content).includes(KEY)])).toEqual([
      ["s-a", false],
      ["s-b", true],
    ]);
  });

  it("scopes ids by proxy connection when a line names no MCP session", () => {
    const records = read(
      alternate(session("c1", KEY, "connection"), session("c2", "x", "connection")),
    );
    expect(rules(records)).toEqual([]);
    const calls = messages(records).filter(
      (m) => m.direction === "response" && m.operation === "tools/call",
    );
    expect(calls.map((m) => m.session)).toEqual(["c1", "c2"]);
    expect(verdict(records).result).toBe("exploited");
  });

  it("a session id and a connection id of the same text are different scopes", () => {
    const a = session("same", "x", "connection");
    const b = session("same", "y", "session").map((l) => {
      const { connection: _c, ...rest } = l;
      return rest;
    });
    const records = read(alternate(a, b));
    expect(rules(records)).toEqual([]);
    const calls = messages(records).filter(
      (m) => m.direction === "response" && m.operation === "tools/call",
    );
    expect(
      calls.map((m) => (m.content as { content: { text: string }[] }).content[0]!.text),
    ).toEqual(["x", "y"]);
  });

  it("gives each session its protocol: MCP and A2A sessions side by side in one log", () => {
    const a2a = (name: string) => [
      {
        direction: "sent",
        session: name,
        message: { jsonrpc: "2.0", id: 1, method: "message/send", params: {} },
      },
      {
        direction: "received",
        session: name,
        message: { jsonrpc: "2.0", id: 1, result: { kind: "task", id: "t" } },
      },
    ];
    const lines = interleave(
      [session("m1", "x", "session"), a2a("a1"), session("m2", "y", "session")],
      [0, 0, 1, 1, 2, 2, 0, 2],
    );
    const records = readTraceText(lines.map((l) => JSON.stringify(l)).join("\n"), {
      format: "jsonrpc",
    });
    expect(rules(records)).toEqual([]);
    const protocols = new Map(messages(records).map((m) => [m.session, m.protocol]));
    expect(protocols).toEqual(
      new Map([
        ["m1", "mcp"],
        ["a1", "a2a"],
        ["m2", "mcp"],
      ]),
    );
    // Without sessions, the same log's connection is told one protocol and the other is said.
    const bare = lines.map(({ session: _s, ...l }) => l);
    expect(rules(read(bare))).toContain("T-PROTOCOL");
  });

  it("without session or connection fields, reused ids are still ambiguous and said", () => {
    const records = read(alternate(session("a", "fine", "none"), session("b", KEY, "none")));
    expect(rules(records)).toContain("T-DUPLICATE-ID");
    expect(rules(records)).toContain("T-AMBIGUOUS-ID");
    expect(messages(records).every((m) => m.session === undefined)).toBe(true);
  });

  it("verdicts and each session's messages do not depend on how sessions interleave", () => {
    const sessions = [
      session("s1", "fine", "session"),
      session("s2", KEY, "session"),
      session("s3", "also fine", "session"),
    ];
    const sequential = read(sessions.flat());
    const expected = perSession(sequential);
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 2 }), { maxLength: 18 }), (picks) => {
        const records = read(interleave(sessions, picks));
        expect(rules(records)).toEqual([]);
        expect(verdict(records).result).toBe(verdict(sequential).result);
        expect(perSession(records)).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });
});

describe("a response to an id both a known and an unknown sender await (fuzz regression)", () => {
  // readers-fuzz counterexample (seed -1286752306): a bare `message/stream` request, its first
  // SSE item, then a peer's wrapped `ping` sent with the same id. The next SSE item (the
  // artifact leaking SECRET) was given to the `ping` alone, silently: the stream's leak was
  // never seen as `task/artifact` and no diagnostic said why.
  const status = { kind: "status-update", status: { state: "working" }, final: false };
  const artifact = {
    kind: "artifact-update",
    artifact: { parts: [{ kind: "text", text: "SECRET" }] },
  };
  const item = (result: object) =>
    `\ndata: ${JSON.stringify({ jsonrpc: "2.0", id: "c-1", result })}\n`;
  const text = [
    JSON.stringify({ jsonrpc: "2.0", id: "c-1", method: "message/stream", params: {} }),
    item(status),
    JSON.stringify({
      direction: "send",
      protocol: "mcp",
      message: { jsonrpc: "2.0", id: "c-1", method: "ping", params: {} },
    }),
    item(artifact),
    item(status),
  ].join("\n");

  it("is read as a response to each, ambiguous and said, so the leak is found", () => {
    const records = readTraceText(text, { documents: [ARTIFACT_DOCUMENT] });
    expect(rules(records)).toContain("T-AMBIGUOUS-ID");
    const answers = messages(records).filter(
      (m) => m.direction === "response" && JSON.stringify(m.content).includes("SECRET"),
    );
    expect(answers.map((m) => m.operation).sort()).toEqual([
      "message/stream",
      "ping",
      "task/artifact",
    ]);
    const evaluator = createTraceEvaluator([ARTIFACT_DOCUMENT]);
    for (const r of records) if (r.kind === "message") evaluator.push(r.message);
    expect(evaluator.verdicts()[0]!.result).toBe("exploited");
  });
});

describe("a v1.0 request reusing the id of a v0.3 stream that had items (fuzz regression)", () => {
  // readers-fuzz counterexample (seed -1671886844): the stream is over once its id is used
  // again for its method, so its next v0.3 item answers the v1.0 request, whose client reads
  // no v0.3 item (as its SDK's fromJSON). Not silent: the item is said, the indicator skipped.
  const item = (result: object) =>
    `\ndata: ${JSON.stringify({ jsonrpc: "2.0", id: "c-1", result })}\n`;
  const text = [
    JSON.stringify({ jsonrpc: "2.0", id: "c-1", method: "message/stream", params: {} }),
    item({ kind: "status-update", status: { state: "working" }, final: false }),
    JSON.stringify({ jsonrpc: "2.0", id: "c-1", method: "SendStreamingMessage", params: {} }),
    item({ kind: "artifact-update", artifact: { parts: [{ kind: "text", text: "SECRET" }] } }),
  ].join("\n");

  it("says the item it cannot read, and the verdict is error, not not_exploited", () => {
    const records = readTraceText(text, { documents: [ARTIFACT_DOCUMENT] });
    expect(rules(records)).toContain("T-A2A-ITEM");
    const evaluator = createTraceEvaluator([ARTIFACT_DOCUMENT]);
    for (const r of records) if (r.kind === "message") evaluator.push(r.message);
    const [verdict] = evaluator.verdicts();
    expect(verdict!.result).toBe("error");
    expect(verdict!.indicator_verdicts[0]!.result).toBe("skipped");
  });
});

describe("a response on a line that does not name its connection (fuzz regression)", () => {
  // readers-fuzz counterexample: actor "a" sends tools/call id 7, an actor-less peer line
  // sends ping id 7, and the server's SSE answer (no actor) leaks the key. It was read as
  // the ping's response alone, silently: the actor-less line was never matched with actor
  // "a"'s request, so the exploit was a quiet not_exploited.
  const text = [
    JSON.stringify({
      actor: "a",
      direction: "send",
      message: { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "read_file" } },
    }),
    JSON.stringify({ message: { jsonrpc: "2.0", id: 7, method: "ping", params: {} } }),
    "",
    "event: message",
    `data: ${JSON.stringify({ jsonrpc: "2.0", id: 7, result: { content: [{ type: "text", text: KEY }] } })}`,
    "",
  ].join("\n");

  it("answers every request it may belong to, said, so the leak is found", () => {
    const records = readTraceText(text, { format: "jsonrpc" });
    expect(rules(records)).toContain("T-AMBIGUOUS-ID");
    const answers = messages(records).filter((m) => m.direction === "response");
    expect(answers.map((m) => m.operation).sort()).toEqual(["ping", "tools/call"]);
    expect(verdict(records).result).toBe("exploited");
  });

  it("a single match across the boundary is read, and said", () => {
    const lines = text.split("\n");
    const records = readTraceText([lines[0], ...lines.slice(2)].join("\n"), { format: "jsonrpc" });
    expect(rules(records)).toEqual(["T-AMBIGUOUS-ID"]);
    expect(verdict(records).result).toBe("exploited");
  });

  it("more candidate requests than the per-id bound: read as no one's, said", () => {
    const requests = Array.from({ length: 12 }, (_, i) =>
      JSON.stringify({
        session: `s${i}`,
        direction: "sent",
        message: { jsonrpc: "2.0", id: 7, method: "tools/call", params: {} },
      }),
    );
    const response = JSON.stringify({
      direction: "received",
      message: { jsonrpc: "2.0", id: 7, result: { content: [{ type: "text", text: KEY }] } },
    });
    const records = read([
      ...requests.map((l) => JSON.parse(l) as Line),
      JSON.parse(response) as Line,
    ]);
    expect(rules(records)).toEqual(["T-AMBIGUOUS-ID"]);
    const answers = messages(records).filter((m) => m.direction === "response");
    expect(answers.map((m) => m.operation)).toEqual([""]);
    expect(verdict(records).result).toBe("exploited");
  });
});
