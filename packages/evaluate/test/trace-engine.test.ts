// Trace evaluation (format §6 trace filtering, SDK §4.4, §4.5): message shape checks, AG-UI
// tool-call enrichment (format §7.3.2), and the streaming evaluator's filters, evidence,
// ordering and robustness against odd messages and documents.
import type { Document, Value } from "@oatf/model";
import { describe, expect, it } from "vitest";
import { agUiToolCallEnricher } from "../src/engine/trace-enrich.js";
import {
  createTraceEvaluator,
  evaluateTrace,
  type TraceMatch,
  type TraceMessage,
  traceMessageProblem,
} from "../src/index.js";

const doc = (indicators: object[], execution: unknown = { mode: "mcp_server" }): Document =>
  ({ oatf: "0.1", attack: { execution, indicators } }) as unknown as Document;
const msg = (fields: Partial<Record<keyof TraceMessage, unknown>> = {}): TraceMessage =>
  ({
    protocol: "mcp",
    direction: "request",
    operation: "tools/call",
    content: { name: "read" },
    ...fields,
  }) as TraceMessage;
const nameIs = (name: string, extra: object = {}) => ({
  target: "name",
  pattern: { contains: name },
  ...extra,
});
const results = (verdict: { indicator_verdicts: { result: string }[] }) =>
  verdict.indicator_verdicts.map((v) => v.result);

describe("traceMessageProblem", () => {
  const ok = { protocol: "mcp", direction: "request", operation: "x", content: null };

  it("accepts a complete message, with or without the optional fields", () => {
    expect(traceMessageProblem(ok)).toBeUndefined();
    expect(traceMessageProblem({ ...ok, actor: "a", timestamp: "t", line: 1 })).toBeUndefined();
  });

  it("names the first problem", () => {
    const cases: [unknown, string][] = [
      [null, "a trace message must be a JSON object"],
      ["text", "a trace message must be a JSON object"],
      [[ok], "a trace message must be a JSON object"],
      [{ ...ok, protocol: 1 }, "missing string field 'protocol'"],
      [{ ...ok, operation: undefined }, "missing string field 'operation'"],
      [{ ...ok, direction: "sideways" }, '\'direction\' must be "request" or "response"'],
      [{ ...ok, direction: 1 }, '\'direction\' must be "request" or "response"'],
      [{ protocol: "mcp", direction: "request", operation: "x" }, "missing field 'content'"],
      [{ ...ok, actor: 1 }, "'actor' must be a string"],
      [{ ...ok, timestamp: 1 }, "'timestamp' must be a string"],
    ];
    for (const [value, problem] of cases) expect(traceMessageProblem(value)).toBe(problem);
  });

  it("wants a line to be a positive safe integer", () => {
    for (const line of [0, -1, 1.5, "3", 2 ** 53])
      expect(traceMessageProblem({ ...ok, line })).toBe("'line' must be a positive integer");
    expect(traceMessageProblem({ ...ok, line: 2 ** 53 - 1 })).toBeUndefined();
  });
});

/** The enricher's content alone (what `lost` adds is tested with the evaluator). */
const contentEnricher = () => {
  const enrich = agUiToolCallEnricher();
  return (message: Parameters<typeof enrich>[0]) => enrich(message).content;
};

describe("AG-UI tool-call enrichment", () => {
  const event = (operation: string, content: Value, actor?: string) => ({
    protocol: "ag_ui",
    operation,
    content,
    ...(actor === undefined ? {} : { actor }),
  });

  it("adds the name of the started call to its args and end events, then forgets it", () => {
    const enrich = contentEnricher();
    expect(enrich(event("tool_call_start", { toolCallId: "1", toolCallName: "read" }))).toEqual({
      toolCallId: "1",
      toolCallName: "read",
    });
    expect(enrich(event("tool_call_args", { toolCallId: "1", delta: "{" }))).toEqual({
      toolCallId: "1",
      delta: "{",
      toolCallName: "read",
    });
    expect(enrich(event("tool_call_end", { toolCallId: "1" }))).toEqual({
      toolCallId: "1",
      toolCallName: "read",
    });
    expect(enrich(event("tool_call_args", { toolCallId: "1" }))).toStrictEqual({ toolCallId: "1" });
  });

  it("names streamed chunks that leave the name out, and keeps a name an event has", () => {
    const enrich = contentEnricher();
    enrich(event("tool_call_chunk", { toolCallId: "1", toolCallName: "read" }));
    expect(enrich(event("tool_call_chunk", { toolCallId: "1" }))).toEqual({
      toolCallId: "1",
      toolCallName: "read",
    });
    expect(enrich(event("tool_call_args", { toolCallId: "1", toolCallName: "own" }))).toEqual({
      toolCallId: "1",
      toolCallName: "own",
    });
    // A start without a string name names nothing.
    enrich(event("tool_call_start", { toolCallId: "2", toolCallName: 3 }));
    expect(enrich(event("tool_call_args", { toolCallId: "2" }))).toStrictEqual({ toolCallId: "2" });
  });

  it("keeps calls of different actors apart", () => {
    const enrich = contentEnricher();
    enrich(event("tool_call_start", { toolCallId: "1", toolCallName: "a" }, "x"));
    enrich(event("tool_call_start", { toolCallId: "1", toolCallName: "b" }));
    expect(enrich(event("tool_call_args", { toolCallId: "1" }, "x"))).toMatchObject({
      toolCallName: "a",
    });
    expect(enrich(event("tool_call_args", { toolCallId: "1" }))).toMatchObject({
      toolCallName: "b",
    });
    expect(enrich(event("tool_call_args", { toolCallId: "1" }, "y"))).toEqual({ toolCallId: "1" });
  });

  it("leaves other events, other protocols and odd contents alone", () => {
    const enrich = contentEnricher();
    enrich(event("tool_call_start", { toolCallId: "1", toolCallName: "a" }));
    const result = { toolCallId: "1" };
    expect(enrich(event("tool_call_result", result))).toBe(result);
    expect(enrich({ ...event("tool_call_args", result), protocol: "mcp" })).toBe(result);
    expect(enrich(event("tool_call_args", { toolCallId: 1 }))).toEqual({ toolCallId: 1 });
    expect(enrich(event("tool_call_args", ["1"]))).toEqual(["1"]);
    expect(enrich(event("tool_call_args", null))).toBeNull();
  });
});

describe("trace evaluator: filters", () => {
  it("gives messages without actor to the sole actor, named or the default one", () => {
    const withActor = (execution: unknown, actor: string) =>
      results(evaluateTrace(doc([nameIs("read", { actor })], execution), [msg()]));
    expect(withActor({ mode: "mcp_server" }, "default")).toEqual(["matched"]);
    expect(withActor({ mode: "mcp_server", actors: null }, "default")).toEqual(["matched"]);
    expect(withActor({ actors: [{ name: "s", mode: "mcp_server" }] }, "s")).toEqual(["matched"]);
    expect(
      withActor(
        {
          actors: [
            { name: "s", mode: "mcp_server" },
            { name: "t", mode: "mcp_server" },
          ],
        },
        "s",
      ),
    ).toEqual(["skipped"]); // no message reached it (issue 32 item 3)
  });

  it("reads documents without execution or with odd actors", () => {
    const none = { oatf: "0.1", attack: { indicators: [nameIs("read", { protocol: "mcp" })] } };
    expect(results(evaluateTrace(none as unknown as Document, [msg()]))).toEqual(["matched"]);
    const odd = doc([nameIs("read", { actor: "default" })], { mode: "mcp_server", actors: [null] });
    expect(results(evaluateTrace(odd, [msg()]))).toEqual(["skipped"]);
  });

  it("treats a non-string actor, surface or direction of an indicator as no filter", () => {
    for (const extra of [{ actor: 5 }, { surface: 5 }, { direction: 5 }])
      expect(results(evaluateTrace(doc([nameIs("read", extra)]), [msg()]))).toEqual(["matched"]);
  });

  it("filters on the message actor before the sole actor", () => {
    const document = doc([nameIs("read", { actor: "default" })]);
    expect(results(evaluateTrace(document, [msg({ actor: "other" })]))).toEqual(["skipped"]);
  });

  it("lets a message with non-string fields reach only the unfiltered indicators", () => {
    const any = doc([nameIs("read")], {});
    for (const odd of [{ protocol: 5 }, { operation: 5 }, { direction: 5 }]) {
      const verdict = evaluateTrace(any, [msg({ ...odd, content: { name: "x" } })]);
      expect(verdict.indicator_verdicts[0]!.evidence).toBe("no match in 1 eligible message(s)");
    }
  });

  it("does not let a non-string field share the cache with its string spelling", () => {
    for (const odd of [
      { protocol: ["mcp"] },
      { operation: ["tools/call"] },
      { direction: ["request"] },
    ]) {
      const evaluator = createTraceEvaluator([doc([nameIs("read", { surface: "tools/call" })])]);
      evaluator.push(msg(odd));
      evaluator.push(msg());
      expect(results(evaluator.verdicts()[0]!)).toEqual(["matched"]);
    }
  });

  it("skips pushed values that are not objects", () => {
    const evaluator = createTraceEvaluator([doc([nameIs("x")], {})]);
    for (const raw of [5, "text", null, undefined, true])
      evaluator.push(raw as unknown as TraceMessage);
    expect(evaluator.count).toBe(5);
    expect(evaluator.verdicts()[0]!.indicator_verdicts[0]!.evidence).toBe(
      "not evaluated: none of the trace's 5 messages reached it",
    );
  });
});

describe("trace evaluator: evidence and callbacks", () => {
  it("counts the eligible messages of an indicator that did not match", () => {
    const verdict = evaluateTrace(doc([nameIs("write", { direction: "request" })]), [
      msg(),
      msg(),
      msg({ direction: "response" }),
    ]);
    expect(verdict.indicator_verdicts[0]).toMatchObject({
      result: "not_matched",
      evidence: "no match in 2 eligible message(s)",
    });
  });

  it("reports first matches in document and indicator order, whatever their filters", () => {
    const matches: TraceMatch[] = [];
    const documents = [
      doc([nameIs("read"), nameIs("read", { surface: "tools/call" })]),
      doc([nameIs("read", { direction: "request" }), nameIs("read")]),
    ];
    const evaluator = createTraceEvaluator(documents, { onMatch: (m) => matches.push(m) });
    evaluator.push(msg({ line: 4 }));
    expect(matches.map((m) => [m.documentIndex, m.indicatorIndex])).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ]);
    expect(matches[0]!.verdict.evidence).toMatch(/^line 4 \(mcp tools\/call request\): /);
    expect(matches.map((m) => [m.document, m.indicator])).toEqual([
      [documents[0], documents[0]!.attack.indicators![0]],
      [documents[0], documents[0]!.attack.indicators![1]],
      [documents[1], documents[1]!.attack.indicators![0]],
      [documents[1], documents[1]!.attack.indicators![1]],
    ]);
    expect(matches.every((m) => m.message.line === 4)).toBe(true);
    expect(evaluator.done).toBe(true);
  });

  it("passes the semantic evaluator on", async () => {
    const semantic = {
      evaluate: () => ({ ok: true, value: 0.9 }),
    };
    const document = doc([{ target: "name", semantic: { intent: "reads", threshold: 0.5 } }]);
    const evaluator = createTraceEvaluator([document], { semantic } as never);
    evaluator.push(msg());
    expect(results(evaluator.verdicts()[0]!)).toEqual(["matched"]);
    expect(results(evaluateTrace(document, [msg()], { semantic } as never))).toEqual(["matched"]);
    expect(results(evaluateTrace(document, [msg()]))).toEqual(["skipped"]);
  });

  it("reads the trace to its end once every indicator is decided, counting what follows", () => {
    let pulled = 0;
    function* trace() {
      for (let i = 0; i < 5; i++) {
        pulled++;
        yield msg();
      }
    }
    const verdict = evaluateTrace(doc([nameIs("read")]), trace());
    expect(results(verdict)).toEqual(["matched"]);
    // One rule for every entry point and worker count: the coverage is the whole trace's.
    expect(pulled).toBe(5);
    expect(verdict.coverage[0]).toMatchObject({ eligible: 5, position: 0 });
  });

  it("names the last message read when the trace fails part-way", () => {
    function* trace() {
      yield msg({ content: { name: "x" } });
      yield msg({ content: { name: "y" } });
      throw new Error("disk gone");
    }
    const verdict = evaluateTrace(doc([nameIs("read")]), trace());
    expect(verdict.indicator_verdicts[0]).toMatchObject({
      result: "error",
      evidence: "the trace could not be read after message 1: disk gone",
    });
  });
});

describe("trace evaluator: unreadable documents", () => {
  const throwing = {
    get attack(): never {
      throw new Error("no");
    },
  } as unknown as Document;

  it("reports an unreadable document in its verdict, and fails and settles the others", () => {
    const evaluator = createTraceEvaluator([throwing, doc([nameIs("read")]), null as never]);
    evaluator.push(msg({ content: { name: "x" } }));
    evaluator.fail("stopped");
    const verdicts = evaluator.verdicts();
    expect(verdicts).toHaveLength(3);
    expect(results(verdicts[1]!)).toEqual(["error"]);
    expect(verdicts[1]!.indicator_verdicts[0]!.evidence).toBe("stopped");
    expect(verdicts[0]!.result).toBe(verdicts[2]!.result);
  });
});
