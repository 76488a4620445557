// Indicator coverage (issue 22 §5): eligible and resolved counts, and the warning when a
// target never resolves.
import type { Document, Value } from "@oatf/model";
import { describe, expect, it } from "vitest";
import { createTraceEvaluator, evaluateTrace, type TraceMessage } from "../src/index.js";

const doc = (indicators: object[], extra: Record<string, unknown> = {}): Document =>
  ({
    oatf: "0.1",
    attack: { execution: { mode: "mcp_server", state: {} }, indicators, ...extra },
  }) as Document;

const call = (args: Record<string, Value>, actor?: string): TraceMessage => ({
  protocol: "mcp",
  direction: "request",
  operation: "tools/call",
  content: { name: "run", arguments: args },
  ...(actor === undefined ? {} : { actor }),
});
const listing: TraceMessage = {
  protocol: "mcp",
  direction: "response",
  operation: "tools/list",
  content: { tools: [{ name: "a", description: "fine" }, { name: "b" }] },
};

const trace = [call({ path: "/tmp/x" }), call({ cmd: "ls" }), listing, call({ path: "/etc" })];

function coverage(indicators: object[], messages = trace, options = {}) {
  return evaluateTrace(doc(indicators), messages, options).coverage;
}

describe("coverage counts", () => {
  it("counts eligible messages and those whose target resolved, for a non-matching pattern", () => {
    const [c] = coverage([
      { id: "P", surface: "tools/call", pattern: { target: "arguments.path", contains: "zz" } },
    ]);
    expect(c).toEqual({ indicator_id: "P", targets: ["arguments.path"], eligible: 3, resolved: 2 });
  });

  it("counts every eligible message of the trace, and no resolution once decided", () => {
    const [c] = coverage([
      { id: "P", surface: "tools/call", pattern: { target: "arguments.path", contains: "tmp" } },
    ]);
    // Matched on the first: no longer run, still counted (however the trace is split, the
    // same count); how many resolved up to the match would depend on the split: not given.
    expect(c).toMatchObject({ eligible: 3, position: 0 });
    expect(c).not.toHaveProperty("resolved");
    expect(c!.warning).toBeUndefined();
  });

  it("warns, naming the indicator, target and count, when the target never resolved", () => {
    const [c] = coverage([
      { id: "R", surface: "tools/call", pattern: { target: "response.content", contains: "x" } },
    ]);
    expect(c).toEqual({
      indicator_id: "R",
      targets: ["response.content"],
      eligible: 3,
      resolved: 0,
      warning: "indicator R: target response.content never resolved in 3 eligible messages",
    });
  });

  it("uses the indicator-level target when the pattern has none", () => {
    const [c] = coverage([
      { id: "T", surface: "tools/call", target: "arguments.cmd", pattern: { contains: "zz" } },
    ]);
    expect(c).toMatchObject({ targets: ["arguments.cmd"], eligible: 3, resolved: 1 });
  });

  it("counts a wildcard target as resolved when any element has the field", () => {
    const [some, none] = coverage([
      { id: "W", surface: "tools/list", pattern: { target: "tools[*].description", regex: "q" } },
      { id: "V", surface: "tools/list", pattern: { target: "tools[*].inputSchema", regex: "q" } },
    ]);
    expect(some).toMatchObject({ eligible: 1, resolved: 1 });
    expect(none).toMatchObject({ eligible: 1, resolved: 0 });
    expect(none!.warning).toBe(
      "indicator V: target tools[*].inputSchema never resolved in 1 eligible message",
    );
  });

  it("counts resolution for exists conditions, which inspect no value", () => {
    const [present, absent, mixed] = coverage([
      { id: "X1", surface: "tools/call", pattern: { target: "arguments.cmd", exists: true } },
      { id: "X2", surface: "tools/call", pattern: { target: "arguments.path", exists: false } },
      {
        id: "X3",
        surface: "tools/call",
        pattern: { target: "arguments.path", exists: false, contains: "a" },
      },
    ]);
    expect(present).toMatchObject({ eligible: 3, position: 1 }); // matched on the 2nd call
    expect(absent).toMatchObject({ eligible: 3, position: 1 }); // matched on the 2nd call
    expect(mixed).toMatchObject({ eligible: 3, resolved: 2 }); // can never hold
  });

  it("does not warn when the indicator matched without its target resolving", () => {
    const cel = { evaluate: () => ({ ok: true as const, value: true }) };
    const [absent, expression] = coverage(
      [
        { id: "N", surface: "tools/call", pattern: { target: "nowhere", exists: false } },
        { id: "E", surface: "tools/call", expression: { cel: "v == null", variables: { v: "x" } } },
      ],
      trace,
      { cel },
    );
    // Both matched the first message: `position` names it (its index: the message has no line).
    const first = { eligible: 3, position: 0 };
    expect(absent).toEqual({ indicator_id: "N", targets: ["nowhere"], ...first });
    expect(expression).toEqual({ indicator_id: "E", targets: ["x"], ...first });
  });

  it("does not count messages filtered out by surface, direction, protocol or actor", () => {
    const [surface, direction, protocol, actor] = coverage(
      [
        { id: "S", surface: "prompts/get", pattern: { target: "name", contains: "q" } },
        {
          id: "D",
          surface: "tools/call",
          direction: "response",
          pattern: { target: "name", contains: "q" },
        },
        { id: "A2", protocol: "a2a", pattern: { target: "name", contains: "q" } },
        { id: "C", actor: "other", surface: "tools/call", pattern: { target: "name", regex: "q" } },
      ],
      [...trace, call({ path: "/x" }, "other")],
    );
    expect([surface, direction, protocol].map((c) => c!.eligible)).toEqual([0, 0, 0]);
    // Nothing eligible: skipped, and the warning names the nearest surfaces (issue 32 item 3).
    expect(surface!.warning).toBe(
      "indicator S: surface prompts/get matched no message; the trace has tools/list (1), tools/call (4)",
    );
    expect(actor).toMatchObject({ eligible: 1, resolved: 1 });
  });

  it("counts an expression's variables, and has no resolved count without variables", () => {
    const cel = { evaluate: () => ({ ok: true as const, value: false }) };
    const [vars, bare] = coverage(
      [
        {
          id: "E",
          surface: "tools/call",
          expression: { cel: "x == 1", variables: { x: "arguments.nope", y: "arguments.cmd" } },
        },
        { id: "F", surface: "tools/call", expression: { cel: "false" } },
      ],
      trace,
      { cel },
    );
    expect(vars).toMatchObject({ targets: ["arguments.nope", "arguments.cmd"], resolved: 1 });
    expect(bare).toEqual({ indicator_id: "F", targets: [], eligible: 3 });
  });

  it("names every variable when none of them resolved", () => {
    const cel = { evaluate: () => ({ ok: true as const, value: false }) };
    const [c] = coverage(
      [
        {
          id: "E",
          surface: "tools/call",
          expression: { cel: "a", variables: { a: "x.y", b: "z" } },
        },
      ],
      trace,
      { cel },
    );
    expect(c!.warning).toBe("indicator E: variables x.y, z never resolved in 3 eligible messages");
  });

  it("gives skipped indicators (no evaluator) no eligible messages, and their reason as a warning", () => {
    const [c] = coverage([{ id: "E", surface: "tools/call", expression: { cel: "true" } }]);
    // Never evaluated, so nothing counted; skipped says why, as every skipped indicator does.
    expect(c).toEqual({
      indicator_id: "E",
      targets: [],
      eligible: 0,
      warning: expect.stringMatching(/^indicator E: .*no CelEvaluator/),
    });
  });

  it("keys coverage like the verdicts, per document of a streaming evaluator", () => {
    const evaluator = createTraceEvaluator([
      doc([
        { id: "X", surface: "tools/call", pattern: { target: "arguments.path", contains: "q" } },
        { id: "X", surface: "tools/call", pattern: { target: "nothing", contains: "q" } },
      ]),
      doc([]),
    ]);
    for (const m of trace) evaluator.push(m);
    const [first, second] = evaluator.verdicts();
    expect(first!.coverage.map((c) => c.indicator_id)).toEqual(
      first!.indicator_verdicts.map((v) => v.indicator_id),
    );
    expect(first!.coverage.map((c) => [c.resolved, c.warning !== undefined])).toEqual([
      [2, false],
      [0, true],
    ]);
    expect(second!.coverage).toEqual([]);
  });

  it("treats a throwing getter in content as not resolved, and never throws", () => {
    const content = {};
    Object.defineProperty(content, "arguments", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    const hostile: TraceMessage = { ...call({}), content: content as never };
    const verdict = evaluateTrace(
      doc([{ id: "H", surface: "tools/call", pattern: { target: "arguments.x", contains: "q" } }]),
      [hostile],
    );
    expect(verdict.coverage[0]).toMatchObject({ eligible: 1, resolved: 0 });
  });
});
