import type { Document, Indicator, Value } from "@oatf/model";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createTraceEvaluator,
  evaluateIndicator,
  evaluateTrace,
  type TraceMatch,
  type TraceMessage,
} from "../src/index.js";
import { MAX_OPEN_TOOL_CALLS } from "../src/internal.js";

// Indicators as they come unvalidated (no default `target` filled in).
const doc = (indicators: object[], extra: Record<string, unknown> = {}): Document =>
  ({
    oatf: "0.1",
    attack: { execution: { mode: "mcp_server", state: {} }, indicators, ...extra },
  }) as Document;

const call = (path: string, line?: number): TraceMessage => ({
  protocol: "mcp",
  direction: "request",
  operation: "tools/call",
  content: { name: "read", arguments: { path } },
  ...(line === undefined ? {} : { line }),
});

describe("repeated indicator ids (issue 12 §2)", () => {
  const indicators = [
    { id: "X", surface: "tools/call", pattern: { target: "arguments.path", contains: "id_rsa" } },
    { id: "X", surface: "tools/call", pattern: { target: "arguments.path", contains: "shadow" } },
  ];

  it("keeps one verdict per indicator: the second is keyed X#2", () => {
    const verdict = evaluateTrace(doc(indicators, { correlation: { logic: "all" } }), [
      call("/home/u/.ssh/id_rsa"),
    ]);
    expect(verdict.result).toBe("partial");
    expect(verdict.indicator_verdicts.map((v) => [v.indicator_id, v.result])).toEqual([
      ["X", "matched"],
      ["X#2", "not_matched"],
    ]);
    expect(verdict.diagnostics).toBeUndefined();
  });

  it("skips an occurrence key an explicit id already uses", () => {
    const three = [...indicators, { ...indicators[0]!, id: "X#2" }];
    const verdict = evaluateTrace(doc(three), [call("/etc/shadow")]);
    expect(verdict.indicator_verdicts.map((v) => [v.indicator_id, v.result])).toEqual([
      ["X", "not_matched"],
      ["X#3", "matched"],
      ["X#2", "not_matched"],
    ]);
  });
});

describe("createTraceEvaluator", () => {
  const library = [
    doc([{ surface: "tools/call", pattern: { target: "arguments.path", regex: "id_rsa$" } }], {
      id: "LIB-001",
    }),
    doc(
      [
        { direction: "response", pattern: { target: "content[*].text", contains: "KEY" } },
        { protocol: "a2a", pattern: { target: "message", contains: "x" } },
      ],
      { id: "LIB-002" },
    ),
  ];

  it("reports first matches as they happen and verdicts at any time", () => {
    const matches: TraceMatch[] = [];
    const evaluator = createTraceEvaluator(library, { onMatch: (m) => matches.push(m) });
    evaluator.push(call("/tmp/a", 1));
    expect(evaluator.verdicts().map((v) => v.result)).toEqual(["not_exploited", "not_exploited"]);
    evaluator.push(call("/home/u/.ssh/id_rsa", 2));
    evaluator.push(call("/home/u/.ssh/id_rsa", 3));
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ document: 0, indicator: 0 });
    expect(matches[0]!.verdict.evidence).toMatch(/^line 2 \(mcp tools\/call request\)/);
    const [first, second] = evaluator.verdicts();
    expect(first!.result).toBe("exploited");
    expect(second!.indicator_verdicts[0]!.evidence).toBe("no match in 0 eligible message(s)");
    expect(evaluator.count).toBe(3);
    expect(evaluator.done).toBe(false);
  });

  it("pipes async iterables and stops once every indicator is decided", async () => {
    let read = 0;
    async function* messages() {
      for (let i = 0; i < 100; i++) {
        read++;
        yield call("/home/u/.ssh/id_rsa");
      }
    }
    const evaluator = createTraceEvaluator([library[0]!]);
    await evaluator.pushAll(messages());
    expect(evaluator.done).toBe(true);
    expect(read).toBe(2); // the second pull finds the evaluator done
  });

  it("turns a failing stream into error verdicts for what was undecided", async () => {
    async function* broken(): AsyncGenerator<TraceMessage> {
      yield call("/tmp/a");
      throw new Error("connection reset");
    }
    const evaluator = createTraceEvaluator(library);
    await evaluator.pushAll(broken());
    expect(evaluator.verdicts()[0]!.indicator_verdicts[0]).toMatchObject({
      result: "error",
      evidence: "the trace could not be read after 1 message(s): connection reset",
    });
  });

  it("never lets a throwing onMatch stop evaluation", () => {
    const evaluator = createTraceEvaluator(library, {
      onMatch: () => {
        throw new Error("listener bug");
      },
    });
    expect(() => evaluator.push(call("/x/id_rsa"))).not.toThrow();
    expect(evaluator.verdicts()[0]!.result).toBe("exploited");
  });

  it("agrees with a naive filter-then-evaluate loop (property)", () => {
    const protocols = fc.constantFrom("mcp", "a2a", "ag_ui");
    const operations = fc.constantFrom("tools/call", "tools/list", "message/send", "run_started");
    const directions = fc.constantFrom("request" as const, "response" as const);
    const texts = fc.constantFrom("alpha", "beta secret", "gamma", "SECRET delta");
    const message = fc.record({
      protocol: protocols,
      operation: operations,
      direction: directions,
      content: fc.record({ text: texts }),
    });
    const indicator = fc.record(
      {
        protocol: protocols,
        surface: operations,
        direction: directions,
        pattern: fc.record({
          target: fc.constant("text"),
          regex: fc.constantFrom("secret", "^g", "(?i)secret", "a|b"),
        }),
      },
      { requiredKeys: ["pattern"] },
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(indicator, { minLength: 1, maxLength: 4 }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.array(message, { maxLength: 20 }),
        (docs, trace) => {
          const documents = docs.map((indicators) => doc(indicators as Indicator[]));
          const evaluator = createTraceEvaluator(documents);
          for (const m of trace) evaluator.push(m);
          const got = evaluator.verdicts().map((v) => v.indicator_verdicts.map((i) => i.result));
          const expected = docs.map((indicators) =>
            indicators.map((ind) => {
              const eligible = trace.filter(
                (m) =>
                  m.protocol === (ind.protocol ?? "mcp") &&
                  (ind.surface === undefined || m.operation === ind.surface) &&
                  (ind.direction === undefined || m.direction === ind.direction),
              );
              const hit = eligible.some(
                (m) => evaluateIndicator(ind as Indicator, m.content as Value).result === "matched",
              );
              return hit ? "matched" : "not_matched";
            }),
          );
          expect(got).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("AG-UI tool-call correlation (format §7.3.2)", () => {
  const agUi = (operation: string, content: Value): TraceMessage => ({
    protocol: "ag_ui",
    direction: "response",
    operation,
    content,
  });
  const document = doc([
    {
      protocol: "ag_ui",
      surface: "tool_call_args",
      pattern: { target: "toolCallName", contains: "send_email" },
    },
  ]);

  it("forgets a toolCallId once its call ends", () => {
    const verdict = evaluateTrace(document, [
      agUi("tool_call_start", { toolCallId: "c1", toolCallName: "send_email" }),
      agUi("tool_call_end", { toolCallId: "c1" }),
      agUi("tool_call_args", { toolCallId: "c1", delta: "{}" }),
    ]);
    expect(verdict.result).toBe("not_exploited");
  });

  it("remembers at most MAX_OPEN_TOOL_CALLS open calls: a call forgotten makes its indicator an error, never a silent miss", () => {
    const starts = Array.from({ length: MAX_OPEN_TOOL_CALLS + 1 }, (_, i) =>
      agUi("tool_call_start", { toolCallId: `c${i}`, toolCallName: "send_email" }),
    );
    const oldest = evaluateTrace(document, [
      ...starts,
      agUi("tool_call_args", { toolCallId: "c0" }),
    ]);
    // Issue 23: the name the indicator needed was forgotten, so the verdict says so.
    expect(oldest.result).toBe("error");
    expect(oldest.indicator_verdicts[0]!.evidence).toMatch(/tool call's name is unknown/);
    const newest = evaluateTrace(document, [
      ...starts,
      agUi("tool_call_args", { toolCallId: "c1" }),
    ]);
    expect(newest.result).toBe("exploited");
  });
});
