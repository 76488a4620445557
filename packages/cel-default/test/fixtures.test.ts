// The upstream evaluate/expression.yaml cases. They are written for evaluateIndicator
// (@oatf/evaluate); here the CEL context is built the way SDK §4.3 says — `message` bound
// as-is, each `variables` entry resolved by simple dot-path (§5.1.1), null when it does not
// resolve — and the evaluator's answer is mapped to matched / not_matched / error.
import { createCelEvaluator } from "@oatf/cel-default";
import { upstreamCases } from "@oatf/conformance";
import type { Value } from "@oatf/model";
import { describe, expect, it } from "vitest";

interface Case {
  id: string;
  name: string;
  input: {
    indicator: { expression: { cel: string; variables: Record<string, string> | null } };
    message: Value;
    cel_evaluator: "present" | "absent";
  };
  expected: "matched" | "not_matched" | "error" | "skipped";
  expected_error_kind?: string;
}

/** SDK §5.1.1: object keys only; an array, a non-object or a missing key resolves to nothing. */
function resolveSimplePath(path: string, value: Value): Value | undefined {
  if (path === "") return value;
  let cur: Value | undefined = value;
  for (const segment of path.split(".")) {
    if (typeof cur !== "object" || cur === null || Array.isArray(cur)) return undefined;
    if (!Object.hasOwn(cur, segment)) return undefined;
    cur = cur[segment];
  }
  return cur;
}

function celContext(c: Case): Record<string, Value> {
  const context: Record<string, Value> = { message: c.input.message };
  for (const [name, path] of Object.entries(c.input.indicator.expression.variables ?? {})) {
    context[name] = resolveSimplePath(path, c.input.message) ?? null;
  }
  return context;
}

// requireBoolean: expression indicators are a boolean context (§4.3 step 4). The generous
// time limit keeps a loaded machine from failing these; the limit has its own tests.
const evaluator = createCelEvaluator({ requireBoolean: true, timeoutMs: 10_000 });

function outcome(c: Case): { result: string; kind?: string } {
  if (c.input.cel_evaluator === "absent") return { result: "skipped" }; // §4.4, no evaluator
  const r = evaluator.evaluate(c.input.indicator.expression.cel, celContext(c));
  if (!r.ok) return { result: "error", kind: r.error.kind };
  return { result: r.value === true ? "matched" : "not_matched" };
}

const cases: Case[] = upstreamCases<Case["input"], Case["expected"]>("evaluate", {
  file: "expression.yaml",
}).map((c) => ({ ...c, ...c.extra }));

describe("upstream evaluate/expression.yaml", () => {
  it.each(cases.map((c) => [c.id, c] as const))("%s", (_id, c) => {
    const got = outcome(c);
    expect(got.result, c.name).toBe(c.expected);
    if (c.expected_error_kind) expect(got.kind).toBe(c.expected_error_kind);
  });

  it("every case expression passes check()", () => {
    for (const c of cases)
      expect(evaluator.check(c.input.indicator.expression.cel)).toEqual({
        ok: true,
        value: undefined,
      });
  });
});
