// Never blind (issue 32 item 3): an indicator no message reached, or only messages blind for
// it (`uncaptured`), is `skipped` (format §9.1) with a warning naming why; a document whose
// every indicator is skipped is `error` (format §9.2).
import type { Document } from "@oatf/model";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createMonitor,
  createTraceEvaluator,
  evaluateTrace,
  mergeVerdicts,
  type TraceMessage,
  type TraceVerdict,
} from "../src/index.js";

const doc = (indicators: object[], logic = "any"): Document =>
  ({
    oatf: "0.1",
    attack: {
      id: "B",
      execution: { mode: "mcp_server", state: {} },
      correlation: { logic },
      indicators,
    },
  }) as Document;

const exfiltration = {
  id: "B-01",
  surface: "tools/cal",
  direction: "request",
  pattern: { target: "arguments.note", contains: "PRIVATE KEY" },
};

const call = (note: string, extra: Partial<TraceMessage> = {}): TraceMessage => ({
  protocol: "mcp",
  direction: "request",
  operation: "tools/call",
  content: { name: "calculator", arguments: { note } },
  ...extra,
});
const list: TraceMessage = {
  protocol: "mcp",
  direction: "response",
  operation: "tools/list",
  content: { tools: [] },
};

describe("an indicator no message reached", () => {
  it("is skipped, and a document of such indicators is error, naming the nearest surfaces", () => {
    const trace = [list, ...Array.from({ length: 12 }, () => call("-----BEGIN PRIVATE KEY"))];
    const verdict = evaluateTrace(doc([exfiltration]), trace);
    expect(verdict.result).toBe("error");
    expect(verdict.evaluation_summary).toEqual({
      matched: 0,
      not_matched: 0,
      error: 0,
      skipped: 1,
    });
    const why =
      "surface tools/cal matched no message; the trace has tools/call (12), tools/list (1)";
    expect(verdict.indicator_verdicts[0]).toMatchObject({
      result: "skipped",
      evidence: `not evaluated: ${why}`,
    });
    expect(verdict.coverage[0]).toMatchObject({ eligible: 0, warning: `indicator B-01: ${why}` });
  });

  it("counts beside evaluated indicators: not_exploited says some were skipped", () => {
    const other = { id: "B-02", surface: "tools/call", pattern: { target: "name", contains: "x" } };
    const verdict = evaluateTrace(doc([exfiltration, other]), [call("hi")]);
    expect(verdict.result).toBe("not_exploited");
    expect(verdict.evaluation_summary).toMatchObject({ not_matched: 1, skipped: 1 });
  });

  it("says which filter kept nothing: protocol, direction, actor, or an empty trace", () => {
    const cases: [object, TraceMessage[], string][] = [
      [{ protocol: "a2a" }, [call("x")], "protocol a2a matched no message; the trace has mcp (1)"],
      [
        { surface: "tools/call", direction: "response" },
        [call("x"), call("y")],
        "surface tools/call direction response matched no message; the trace has tools/call request (2)",
      ],
      [
        { surface: "tools/call", actor: "elsewhere" },
        [call("x")],
        "actor elsewhere matched no message; 1 tools/call messages were on other actors",
      ],
      [{ surface: "tools/call" }, [], "the trace has no messages"],
    ];
    for (const [filter, trace, why] of cases) {
      const indicator = { id: "F", ...filter, pattern: { target: "name", contains: "q" } };
      const verdict = evaluateTrace(doc([indicator]), trace);
      expect(verdict.coverage[0]!.warning).toBe(`indicator F: ${why}`);
      expect(verdict.result).toBe("error");
    }
  });
});

describe("uncaptured content", () => {
  const lost = (extra: Partial<TraceMessage> = {}) =>
    call("", { content: { name: "calculator" }, uncaptured: ["arguments"], ...extra });
  const indicator = { ...exfiltration, surface: "tools/call" };

  it("makes a message blind for a target under, at or above an uncaptured path", () => {
    for (const target of ["arguments.note", "arguments", ""]) {
      const verdict = evaluateTrace(doc([{ ...indicator, pattern: { target, exists: false } }]), [
        lost(),
      ]);
      // `exists: false` would match the missing arguments: a blind message is not evaluated.
      expect(verdict.indicator_verdicts[0]!.result, target).toBe("skipped");
      expect(verdict.coverage[0]).toMatchObject({ eligible: 1, blind: 1 });
    }
    const name = { ...indicator, pattern: { target: "name", contains: "calc" } };
    expect(evaluateTrace(doc([name]), [lost()]).result).toBe("exploited");
    const whole = evaluateTrace(doc([name]), [lost({ uncaptured: [""] })]);
    expect(whole.indicator_verdicts[0]!.result).toBe("skipped");
  });

  it("warns when every eligible message, or some of them, carried no target", () => {
    const all = evaluateTrace(
      doc([indicator]),
      Array.from({ length: 12 }, () => lost()),
    );
    expect(all.result).toBe("error");
    expect(all.coverage[0]!.warning).toBe(
      "indicator B-01: 12 of 12 eligible tools/call messages carry no arguments.note",
    );
    const some = evaluateTrace(doc([indicator]), [
      ...Array.from({ length: 12 }, () => lost()),
      ...Array.from({ length: 28 }, () => call("fine")),
    ]);
    expect(some.result).toBe("not_exploited");
    expect(some.indicator_verdicts[0]!.evidence).toBe("no match in 28 eligible message(s)");
    expect(some.coverage[0]).toMatchObject({
      eligible: 40,
      blind: 12,
      warning: "indicator B-01: 12 of 40 eligible tools/call messages carry no arguments.note",
    });
    // A match elsewhere needs no warning: the verdict does not depend on the blind ones.
    const found = evaluateTrace(doc([indicator]), [lost(), call("PRIVATE KEY")]);
    expect(found.result).toBe("exploited");
    expect(found.coverage[0]!.warning).toBeUndefined();
  });

  it("reads CEL's message members and variables as what an expression reads", () => {
    const cel = { evaluate: () => ({ ok: true as const, value: true }) };
    const reads = (expression: object) =>
      evaluateTrace(doc([{ id: "C", surface: "tools/call", expression }]), [lost()], { cel })
        .indicator_verdicts[0]!.result;
    expect(reads({ cel: "message.arguments.note.contains('x')" })).toBe("skipped");
    expect(reads({ cel: "message . arguments . note == ''" })).toBe("skipped");
    expect(reads({ cel: "size(message) > 0" })).toBe("skipped");
    expect(reads({ cel: "message.name == 'calculator'" })).toBe("matched");
    expect(reads({ cel: "n == 'x'", variables: { n: "arguments.note" } })).toBe("skipped");
  });

  it("is refused by traceMessageProblem when it is not a list of strings", async () => {
    const { traceMessageProblem } = await import("../src/index.js");
    expect(traceMessageProblem({ ...lost(), uncaptured: "arguments" })).toMatch(/uncaptured/);
    expect(traceMessageProblem({ ...lost(), uncaptured: [1] })).toMatch(/uncaptured/);
    expect(traceMessageProblem({ ...lost(), run: 5 })).toBe("'run' must be a string");
    expect(traceMessageProblem(lost({ run: "r" }))).toBeUndefined();
  });
});

describe("the same verdicts however the trace is split", () => {
  const indicators = [
    { id: "S-01", surface: "tools/cal", pattern: { target: "name", contains: "x" } },
    { id: "S-02", surface: "tools/call", pattern: { target: "arguments.note", contains: "KEY" } },
  ];
  const strip = (vs: TraceVerdict[]) =>
    vs.map((v) => ({
      result: v.result,
      summary: v.evaluation_summary,
      iv: v.indicator_verdicts.map((i) => [i.result, i.evidence]),
      // Counts up to a first match depend on the split (issue 32 item 5); warnings do not.
      coverage: v.coverage.map((c) => [c.warning, c.position]),
      observed: v.observed,
    }));

  it("merges shards and monitor sessions into the one evaluation (property)", () => {
    const message = fc.record({
      session: fc.constantFrom("a", "b", "c"),
      operation: fc.constantFrom("tools/call", "tools/list", "initialize"),
      blind: fc.boolean(),
      note: fc.constantFrom("KEY", "none"),
    });
    fc.assert(
      fc.property(fc.array(message, { maxLength: 12 }), (spec) => {
        const trace = spec.map((m, i) =>
          call(m.note, {
            session: m.session,
            operation: m.operation,
            line: i + 1,
            ...(m.blind ? { uncaptured: ["arguments"], content: { name: "n" } } : {}),
          }),
        );
        const documents = [doc(indicators)];
        const whole = createTraceEvaluator(documents);
        for (const m of trace) whole.push(m);
        const parts = ["a", "b", "c"].map((s) => {
          const e = createTraceEvaluator(documents);
          for (const m of trace) if (m.session === s) e.push(m);
          return e.verdicts();
        });
        const merged = mergeVerdicts(documents, parts);
        expect(merged.ok).toBe(true);
        if (merged.ok) expect(strip(merged.value)).toEqual(strip(whole.verdicts()));
        const monitor = createMonitor(documents);
        for (const m of trace) monitor.push(m);
        const restored = createMonitor(documents);
        restored.restore(JSON.parse(JSON.stringify(monitor.snapshot())));
        expect(strip(restored.verdicts())).toEqual(strip(monitor.verdicts()));
        if (merged.ok) expect(strip(monitor.verdicts())).toEqual(strip(merged.value));
      }),
      { numRuns: 150 },
    );
  });
});
