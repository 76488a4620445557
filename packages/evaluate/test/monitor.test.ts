// The session monitor (issue 24 §2): one state per session, alerts with positions,
// eviction reported with verdicts, snapshot/restore, and mergeVerdicts over shards.
import type { Document, IndicatorVerdict, Value } from "@oatf/model";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createMonitor,
  createTraceEvaluator,
  mergeVerdicts,
  type SessionEnd,
  type TraceMatch,
  type TraceMessage,
  type TraceVerdict,
} from "../src/index.js";

const mcpDoc: Document = {
  oatf: "0.1",
  attack: {
    id: "MON-001",
    execution: { mode: "mcp_server", state: {} },
    correlation: { logic: "all" },
    indicators: [
      {
        id: "MON-001-01",
        surface: "tools/call",
        direction: "request",
        pattern: { target: "arguments.path", contains: "id_rsa" },
      },
      {
        id: "MON-001-02",
        surface: "tools/call",
        direction: "request",
        pattern: { target: "arguments.path", contains: "shadow" },
      },
      {
        id: "MON-001-03",
        surface: "tools/call",
        direction: "response",
        pattern: { target: "content[*].text", regex: "SECRET-[0-9]+" },
      },
    ],
  },
} as unknown as Document;

// Needs each session's AG-UI tool-call name and assembled args (per connection).
const agUiDoc: Document = {
  oatf: "0.1",
  attack: {
    id: "MON-002",
    execution: { mode: "ag_ui_client", state: { run_agent_input: { threadId: "t", runId: "r" } } },
    indicators: [
      {
        id: "MON-002-01",
        surface: "tool_call_end",
        pattern: { target: "toolCallName", regex: "^exec$" },
      },
      {
        id: "MON-002-02",
        surface: "tool_call_end",
        pattern: { target: "args", contains: "rm -rf" },
      },
    ],
  },
} as unknown as Document;

const documents = [mcpDoc, agUiDoc];

const call = (session: string, path: string, extra: Partial<TraceMessage> = {}): TraceMessage => ({
  protocol: "mcp",
  direction: "request",
  operation: "tools/call",
  content: { name: "read", arguments: { path } },
  session,
  ...extra,
});

const results = (verdicts: TraceVerdict[] | undefined) =>
  verdicts?.map((v) => [v.result, ...v.indicator_verdicts.map((i) => i.result)]);

// Verdicts without the wall-clock timestamps (the only part that is not a function of input).
function stable(verdicts: readonly TraceVerdict[]): unknown {
  const strip = (v: IndicatorVerdict) => ({ ...v, timestamp: null });
  return verdicts.map(({ timestamp: _, ...v }) => ({
    ...v,
    indicator_verdicts: v.indicator_verdicts.map(strip),
  }));
}
const stableMatch = (m: TraceMatch) => ({ ...m, verdict: { ...m.verdict, timestamp: null } });

describe("createMonitor: one state per session", () => {
  it("keeps sessions apart: a match in one leaves the other not_matched", () => {
    const monitor = createMonitor(documents);
    monitor.push(call("a", "/home/u/.ssh/id_rsa"));
    monitor.push(call("b", "/etc/hosts"));
    expect(monitor.sessions).toBe(2);
    expect(results(monitor.sessionVerdicts("a"))?.[0]).toEqual([
      "partial",
      "matched",
      "not_matched",
      "not_matched",
    ]);
    expect(results(monitor.sessionVerdicts("b"))?.[0]).toEqual([
      "not_exploited",
      "not_matched",
      "not_matched",
      "not_matched",
    ]);
  });

  it("names AG-UI tool calls per session: the same toolCallId in two sessions does not mix", () => {
    const ev = (session: string, operation: string, content: object): TraceMessage => ({
      protocol: "ag_ui",
      direction: "response",
      operation,
      content: content as never,
      session,
    });
    const trace = [
      ev("a", "tool_call_start", { toolCallId: "c1", toolCallName: "exec" }),
      ev("b", "tool_call_start", { toolCallId: "c1", toolCallName: "read" }),
      ev("b", "tool_call_end", { toolCallId: "c1" }),
      ev("a", "tool_call_end", { toolCallId: "c1" }),
    ];
    const monitor = createMonitor(documents);
    for (const m of trace) monitor.push(m);
    expect(monitor.sessionVerdicts("b")?.[1]?.indicator_verdicts[0]?.result).toBe("not_matched");
    expect(monitor.sessionVerdicts("a")?.[1]?.indicator_verdicts[0]?.result).toBe("matched");
    // The plain evaluator keys enrichment by session as well.
    const evaluator = createTraceEvaluator(documents);
    const matches: TraceMatch[] = [];
    const tracked = createTraceEvaluator(documents, { onMatch: (m) => matches.push(m) });
    for (const m of trace) {
      evaluator.push(m);
      tracked.push(m);
    }
    expect(matches.map((m) => [m.indicator, m.position, m.session])).toEqual([[0, 3, undefined]]);
  });

  it("reports every matching message with its position and session (alerts: every)", () => {
    const matches: TraceMatch[] = [];
    const monitor = createMonitor([mcpDoc], { onMatch: (m) => matches.push(m) });
    monitor.push(call("a", "id_rsa", { line: 10 }));
    monitor.push(call("b", "id_rsa", { line: 11 }));
    monitor.push(call("a", "ok", { line: 12 }));
    monitor.push(call("a", "id_rsa again", { line: 13 }));
    expect(matches.map((m) => [m.session, m.indicator, m.position])).toEqual([
      ["a", 0, 10],
      ["b", 0, 11],
      ["a", 0, 13],
    ]);
    // The verdict keeps the first match.
    expect(monitor.sessionVerdicts("a")?.[0]?.coverage[0]?.position).toBe(10);
    expect(monitor.sessionVerdicts("a")?.[0]?.coverage[0]?.eligible).toBe(3);
  });

  it("reports once per indicator and session with alerts: first, again after reset or a window", () => {
    const matches: TraceMatch[] = [];
    const ended: SessionEnd[] = [];
    const monitor = createMonitor([mcpDoc], {
      alerts: "first",
      windowMs: 60_000,
      onMatch: (m) => matches.push(m),
      onEvict: (e) => ended.push(e),
    });
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
    monitor.push(call("a", "id_rsa", { timestamp: at(0) })); // index 0
    monitor.push(call("a", "id_rsa", { timestamp: at(1) })); // 1: not reported
    monitor.reset("a");
    monitor.push(call("a", "id_rsa", { timestamp: at(2) })); // 2: reported (new state)
    monitor.push(call("a", "id_rsa", { timestamp: at(30) })); // 3: not reported
    monitor.push(call("a", "id_rsa", { timestamp: at(62) })); // 4: a new window: reported
    expect(matches.map((m) => m.position)).toEqual([0, 2, 4]);
    expect(ended.map((e) => [e.session, e.reason, e.messages])).toEqual([
      ["a", "reset", 2],
      ["a", "window", 2],
    ]);
    expect(ended[0]?.verdicts[0]?.indicator_verdicts[0]?.result).toBe("matched");
    // Ended states stay in the monitor's verdicts: the earliest match is still the first.
    expect(monitor.verdicts()[0]?.coverage[0]).toMatchObject({ eligible: 3, position: 0 });
  });

  it("ends idle sessions by message time, and the least recently active one at maxSessions", () => {
    const ended: SessionEnd[] = [];
    const monitor = createMonitor([mcpDoc], {
      idleMs: 10_000,
      maxSessions: 2,
      onEvict: (e) => ended.push(e),
    });
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
    monitor.push(call("a", "id_rsa", { timestamp: at(0) }));
    monitor.push(call("b", "x", { timestamp: at(5) }));
    monitor.push(call("a", "x", { timestamp: at(6) })); // a is now the most recent
    monitor.push(call("c", "x", { timestamp: at(7) })); // capacity: b goes
    expect(ended.map((e) => [e.session, e.reason])).toEqual([["b", "capacity"]]);
    monitor.push(call("c", "x", { timestamp: at(17) })); // a idle since 6: > 10 s
    expect(ended.map((e) => [e.session, e.reason])).toEqual([
      ["b", "capacity"],
      ["a", "idle"],
    ]);
    expect(ended[1]?.verdicts[0]?.indicator_verdicts[0]?.result).toBe("matched");
    expect(monitor.keys()).toEqual(["c"]);
    expect(monitor.sweep(Date.UTC(2026, 0, 1, 0, 0, 28))).toBe(1);
    expect(monitor.sessions).toBe(0);
    expect(monitor.ended).toBe(3);
    // Nothing is lost by ending: the monitor still reports a's match.
    expect(monitor.verdicts()[0]?.indicator_verdicts[0]?.result).toBe("matched");
  });

  it("starts the idle time of a session seen before any message time when time is first known", () => {
    const ended: SessionEnd[] = [];
    const monitor = createMonitor([mcpDoc], { idleMs: 10_000, onEvict: (e) => ended.push(e) });
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
    monitor.push(call("untimed", "x"));
    monitor.push(call("b", "x", { timestamp: at(0) }));
    monitor.push(call("b", "x", { timestamp: at(8) }));
    expect(ended).toEqual([]);
    monitor.push(call("b", "x", { timestamp: at(11) })); // "untimed" idle since 0, b since 8
    expect(ended.map((e) => [e.session, e.reason])).toEqual([["untimed", "idle"]]);
  });

  it("a throwing callback or key function stops nothing", () => {
    const monitor = createMonitor([mcpDoc], {
      key: () => {
        throw new Error("no");
      },
      onMatch: () => {
        throw new Error("no");
      },
    });
    monitor.push(call("a", "id_rsa"));
    expect(monitor.keys()).toEqual([""]);
    expect(monitor.verdicts()[0]?.indicator_verdicts[0]?.result).toBe("matched");
  });
});

describe("snapshot / restore", () => {
  it("refuses an unknown version, other documents or a malformed snapshot, changing nothing", () => {
    const monitor = createMonitor(documents);
    monitor.push(call("a", "id_rsa"));
    const good = JSON.parse(JSON.stringify(monitor.snapshot()));
    const other = createMonitor([mcpDoc]);
    const cases: [unknown, string][] = [
      [null, ""],
      [{ ...good, version: 2 }, "version"],
      [{ ...good, version: "1" }, "version"],
      [{ ...good, kind: "other" }, "kind"],
      [{ ...good, sessions: "x" }, "sessions"],
      [{ ...good, messages: -1 }, "messages"],
      [
        {
          ...good,
          sessions: [
            { ...good.sessions[0], tallies: { ...good.sessions[0].tallies, eligible: [[999, 1]] } },
          ],
        },
        "sessions.0.tallies.eligible.0.0",
      ],
      [
        { ...good, sessions: [{ ...good.sessions[0], enricher: { calls: 1 } }] },
        "sessions.0.enricher",
      ],
      [{ ...good, sessions: [good.sessions[0], good.sessions[0]] }, "sessions"],
    ];
    for (const [snapshot, path] of cases) {
      const restored = monitor.restore(snapshot);
      expect(restored.ok).toBe(false);
      if (!restored.ok) expect(restored.error.path).toBe(path);
    }
    const foreign = other.restore(good);
    expect(foreign.ok || foreign.error.path).toBe("fingerprint");
    expect(monitor.sessions).toBe(1);
    expect(monitor.restore(good)).toEqual({ ok: true, value: undefined });
  });

  it("restores one session beside the others", () => {
    const monitor = createMonitor(documents);
    monitor.push(call("a", "id_rsa"));
    const saved = JSON.parse(JSON.stringify(monitor.snapshot("a")));
    const fresh = createMonitor(documents);
    fresh.push(call("b", "shadow"));
    expect(fresh.restore(saved).ok).toBe(true);
    expect(fresh.keys()).toEqual(["b", "a"]);
    expect(results(fresh.sessionVerdicts("a"))).toEqual(results(monitor.sessionVerdicts("a")));
  });
});

// ------------------------------------------------------------- property tests

const SESSIONS = ["s0", "s1", "s2", "s3"];
const message = fc.oneof(
  fc.record({
    kind: fc.constant("call" as const),
    session: fc.constantFrom(...SESSIONS),
    path: fc.constantFrom("/ok", "/home/u/.ssh/id_rsa", "/etc/shadow"),
  }),
  fc.record({
    kind: fc.constant("result" as const),
    session: fc.constantFrom(...SESSIONS),
    text: fc.constantFrom("fine", "SECRET-42", "SECRET-x"),
  }),
  fc.record({
    kind: fc.constant("tool" as const),
    session: fc.constantFrom(...SESSIONS),
    op: fc.constantFrom("tool_call_start", "tool_call_args", "tool_call_end"),
    id: fc.constantFrom("c1", "c2"),
    name: fc.constantFrom("exec", "read"),
    delta: fc.constantFrom("rm ", "-rf /", "ls"),
  }),
);

type Generated = typeof message extends fc.Arbitrary<infer T> ? T : never;

function toMessage(m: Generated, i: number, withLines: boolean): TraceMessage {
  const base = {
    session: m.session,
    timestamp: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    ...(withLines ? { line: i + 1 } : {}),
  };
  if (m.kind === "call") return { ...call(m.session, m.path), ...base };
  if (m.kind === "result")
    return {
      protocol: "mcp",
      direction: "response",
      operation: "tools/call",
      content: { content: [{ type: "text", text: m.text }] },
      ...base,
    };
  const content: Value =
    m.op === "tool_call_start"
      ? { toolCallId: m.id, toolCallName: m.name }
      : m.op === "tool_call_args"
        ? { toolCallId: m.id, delta: m.delta }
        : { toolCallId: m.id };
  return { protocol: "ag_ui", direction: "response", operation: m.op, content, ...base };
}

const trace = fc
  .tuple(fc.array(message, { maxLength: 40 }), fc.boolean())
  .map(([ms, withLines]) => ms.map((m, i) => toMessage(m, i, withLines)));

describe("properties", () => {
  it("a stream split anywhere, snapshot → JSON → restore, gives the same alerts and verdicts", () => {
    fc.assert(
      fc.property(
        trace,
        fc.nat(),
        fc.constantFrom("every" as const, "first" as const),
        fc.constantFrom(undefined, 5_000),
        (messages, cut, alerts, idleMs) => {
          const split = messages.length === 0 ? 0 : cut % (messages.length + 1);
          const options = { alerts, ...(idleMs === undefined ? {} : { idleMs }), maxSessions: 3 };
          const whole: TraceMatch[] = [];
          const wholeEnds: [string, string][] = [];
          const one = createMonitor(documents, {
            ...options,
            onMatch: (m) => whole.push(m),
            onEvict: (e) => wholeEnds.push([e.session, e.reason]),
          });
          for (const m of messages) one.push(m);

          const parts: TraceMatch[] = [];
          const partEnds: [string, string][] = [];
          const callbacks = {
            onMatch: (m: TraceMatch) => parts.push(m),
            onEvict: (e: SessionEnd) => partEnds.push([e.session, e.reason]),
          };
          const first = createMonitor(documents, { ...options, ...callbacks });
          for (const m of messages.slice(0, split)) first.push(m);
          const saved = JSON.parse(JSON.stringify(first.snapshot()));
          const second = createMonitor(documents, { ...options, ...callbacks });
          expect(second.restore(saved).ok).toBe(true);
          for (const m of messages.slice(split)) second.push(m);

          expect(parts.map(stableMatch)).toEqual(whole.map(stableMatch));
          expect(partEnds).toEqual(wholeEnds);
          expect(stable(second.verdicts())).toEqual(stable(one.verdicts()));
          expect(second.keys()).toEqual(one.keys());
        },
      ),
      { numRuns: 150 },
    );
  });

  it("mergeVerdicts over shards split by session equals one monitor over the whole input", () => {
    fc.assert(
      fc.property(
        trace,
        fc.array(fc.nat(2), { minLength: SESSIONS.length, maxLength: SESSIONS.length }),
        fc.constantFrom("every" as const, "first" as const),
        (messages, shardOf, alerts) => {
          const one = createMonitor(documents, { alerts });
          for (const m of messages) one.push(m);
          const shards = [0, 1, 2].map(() => createMonitor(documents, { alerts }));
          // Lines are the positions: shards see the same numbers as the whole input.
          for (const m of messages) shards[shardOf[SESSIONS.indexOf(m.session!)]!]!.push(m);
          const merged = mergeVerdicts(
            documents,
            shards.map((s) => s.verdicts()),
          );
          expect(merged.ok).toBe(true);
          if (merged.ok && messages.every((m) => m.line !== undefined))
            expect(stable(merged.value)).toEqual(stable(one.verdicts()));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("one session's monitor (alerts: first) decides as createTraceEvaluator over the same messages", () => {
    fc.assert(
      fc.property(trace, (messages) => {
        const single = messages.map((m) => ({ ...m, session: "only" }));
        const monitor = createMonitor(documents, { alerts: "first" });
        const evaluator = createTraceEvaluator(documents);
        for (const m of single) {
          monitor.push(m);
          evaluator.push(m);
        }
        expect(stable(monitor.verdicts())).toEqual(stable(evaluator.verdicts()));
      }),
      { numRuns: 100 },
    );
  });

  it("mergeVerdicts refuses parts that are not these documents' verdicts", () => {
    const monitor = createMonitor(documents);
    const part = monitor.verdicts();
    expect(mergeVerdicts(documents, [part.slice(0, 1)]).ok).toBe(false);
    const renamed = structuredClone(part);
    renamed[0]!.indicator_verdicts[0]!.indicator_id = "OTHER";
    const refused = mergeVerdicts(documents, [renamed]);
    expect(refused.ok || refused.error.path).toBe("0.0.indicator_verdicts.0");
    expect(mergeVerdicts(documents, "x" as never).ok).toBe(false);
  });

  it("refuses a snapshot or shards' verdicts with a diagnostic of the rule table", () => {
    const monitor = createMonitor(documents);
    const restored = monitor.restore({ version: 99 });
    const merged = mergeVerdicts(documents, [monitor.verdicts().slice(0, 1)]);
    expect(restored.ok || restored.error).toMatchObject({
      severity: "error",
      rule: "E-STATE",
      message: "unknown snapshot version (this SDK reads 1)",
      path: "version",
      spec_ref: "SDK §4.5",
    });
    expect(merged.ok || merged.error).toMatchObject({
      severity: "error",
      rule: "E-STATE",
      path: "0",
      spec_ref: "SDK §4.5",
    });
  });
});
