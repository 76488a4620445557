// SDK §4.2–§4.4: the outcome (result and evidence) of each detection method, including the
// error paths a hostile or broken indicator, message or plug-in evaluator takes.
import {
  compileIndicator,
  evaluateExpression,
  evaluateIndicator,
  evaluatePattern,
} from "@oatf/evaluate";
import type { CelEvaluator, Indicator, SemanticEvaluator, Value } from "@oatf/model";
import { err, ok } from "@oatf/model/internal";
import { describe, expect, it } from "vitest";
import { skipReason } from "../src/engine/indicator.js";

const asIndicator = (value: unknown) => value as Indicator;
const celReturning = (result: unknown): CelEvaluator => ({
  evaluate: () => result as ReturnType<CelEvaluator["evaluate"]>,
});
const semanticReturning = (result: unknown): SemanticEvaluator => ({
  evaluate: () => result as ReturnType<SemanticEvaluator["evaluate"]>,
});

function outcome(indicator: unknown, message: Value, evaluators = {}) {
  const { result, evidence } = evaluateIndicator(asIndicator(indicator), message, evaluators);
  return { result, evidence };
}

describe("pattern outcomes", () => {
  it("reports the matched value as evidence, cut to 200 characters", () => {
    const long = "a".repeat(250);
    const indicator = { pattern: { target: "t", contains: "a" } };
    expect(outcome(indicator, { t: long }).evidence).toBe(
      `target "t" matched value ${"a".repeat(200)}…`,
    );
    expect(outcome(indicator, { t: "a".repeat(200) }).evidence).toBe(
      `target "t" matched value ${"a".repeat(200)}`,
    );
  });

  it("reports an exists-only match without a value", () => {
    expect(outcome({ pattern: { target: "t", exists: true } }, { t: 1 })).toEqual({
      result: "matched",
      evidence: 'target "t": exists condition holds',
    });
    expect(outcome({ pattern: { target: "t", exists: false } }, { t: 1 })).toEqual({
      result: "not_matched",
      evidence: undefined,
    });
  });

  it("rejects a pattern that is not a mapping or has no condition", () => {
    for (const pattern of ["contains", 5, true]) {
      expect(outcome({ pattern }, "x")).toEqual({
        result: "error",
        evidence: "pattern must be a mapping",
      });
      expect(evaluatePattern(pattern as never, "x")).toEqual(
        err({ kind: "type_error", message: "pattern must be a mapping" }),
      );
    }
    expect(evaluatePattern(null as never, "x")).toEqual(
      err({ kind: "type_error", message: "pattern must be a mapping" }),
    );
    expect(outcome({ pattern: { target: "t" } }, { t: 1 })).toEqual({
      result: "error",
      evidence: "pattern has no condition",
    });
    expect(evaluatePattern({ target: "t" } as never, { t: 1 })).toEqual(
      err({ kind: "type_error", message: "pattern has no condition" }),
    );
  });

  it("reports an invalid regex as a type_error with the compiler's message", () => {
    const result = evaluatePattern({ regex: "(" }, "x");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe("type_error");
    expect(result.error.message).toMatch(/^invalid RE2 regular expression: /);
    expect(outcome({ pattern: { regex: "(" } }, "x")).toEqual({
      result: "error",
      evidence: result.error.message,
    });
  });

  it("reports an invalid target as a path_resolution error", () => {
    const result = evaluatePattern({ target: "a[", contains: "x" }, { a: "x" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe("path_resolution");
  });

  it("evaluatePattern reports a pattern that cannot be read as a type_error", () => {
    const hostile = Object.defineProperty({ contains: "x" }, "target", {
      get() {
        throw new Error("unreadable target");
      },
    });
    expect(evaluatePattern(hostile as never, "x")).toEqual(
      err({ kind: "type_error", message: "unreadable target" }),
    );
  });

  it("evaluatePattern answers false when nothing matches", () => {
    expect(evaluatePattern({ target: "t", contains: "z" }, { t: "abc" })).toEqual(ok(false));
    expect(evaluatePattern({ target: "t", contains: "b" }, { t: "abc" })).toEqual(ok(true));
  });

  it("evaluatePattern follows a changed default target when the pattern has none", () => {
    const pattern = { contains: "yes" };
    const message = { a: "yes", b: "no" };
    expect(evaluatePattern(pattern, message, "a")).toEqual(ok(true));
    expect(evaluatePattern(pattern, message, "b")).toEqual(ok(false));
    expect(evaluatePattern(pattern, message, "a")).toEqual(ok(true));
    // A pattern's own target wins over any default.
    const targeted = { target: "a", contains: "yes" };
    expect(evaluatePattern(targeted, message, "b")).toEqual(ok(true));
    expect(evaluatePattern(targeted, message, "a")).toEqual(ok(true));
  });

  it("ignores an indicator-level target that is not a string", () => {
    expect(outcome({ target: 5, pattern: { contains: "a" } }, "a").result).toBe("matched");
  });
});

describe("expression outcomes", () => {
  const expression = { cel: "message.x" };

  it("passes a plug-in's error message through, or a fallback", () => {
    const cases: [unknown, string][] = [
      ["plain text", "plain text"],
      ["", "CEL error"],
      [{ kind: "cel_error", message: "bad syntax" }, "bad syntax"],
      [{ kind: "cel_error", message: "" }, "CEL error"],
      [{ kind: "cel_error", message: 7 }, "CEL error"],
      [null, "CEL error"],
      [undefined, "CEL error"],
    ];
    for (const [error, message] of cases) {
      expect(outcome({ expression }, {}, { cel: celReturning(err(error)) })).toEqual({
        result: "error",
        evidence: message,
      });
    }
  });

  it("keeps the plug-in's error kind, cel_error when it gives none", () => {
    expect(evaluateExpression(expression, {}, celReturning(err(null)))).toEqual(
      err({ kind: "cel_error", message: "CEL error" }),
    );
    expect(evaluateExpression(expression, {}, celReturning(err({ message: "m" })))).toEqual(
      err({ kind: "cel_error", message: "m" }),
    );
    expect(
      evaluateExpression(expression, {}, celReturning(err({ kind: "type_error", message: "t" }))),
    ).toEqual(err({ kind: "type_error", message: "t" }));
  });

  it("reports an evaluator that returns no result", () => {
    for (const result of [null, undefined, "yes", true]) {
      expect(evaluateExpression(expression, {}, celReturning(result))).toEqual(
        err({ kind: "cel_error", message: "the CEL evaluator returned no result" }),
      );
    }
  });

  it("names the type of a non-boolean result", () => {
    const cases: [Value, string][] = [
      [null, "null"],
      [[1], "list"],
      [3, "number"],
      ["s", "string"],
      [{}, "object"],
    ];
    for (const [value, type] of cases) {
      expect(evaluateExpression(expression, {}, celReturning(ok(value)))).toEqual(
        err({ kind: "type_error", message: `CEL expression returned ${type}, not a boolean` }),
      );
    }
  });

  it("has no answer without an evaluator", () => {
    const unsupported = err({
      kind: "unsupported_method",
      message: "CEL evaluation is not available: no CelEvaluator configured",
    });
    expect(evaluateExpression(expression, {})).toEqual(unsupported);
    expect(evaluateExpression(expression, {}, null as never)).toEqual(unsupported);
    expect(outcome({ expression }, {}, { cel: null })).toEqual({
      result: "skipped",
      evidence: "CEL evaluation is not available: no CelEvaluator configured",
    });
  });

  it("reports a variable with an invalid path", () => {
    const bad = { cel: "v", variables: { v: "a[" } };
    const result = evaluateExpression(bad, {}, celReturning(ok(true)));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe("path_resolution");
    expect(result.error.message.startsWith('variable "v": ')).toBe(true);
    expect(result.error.message.length).toBeGreaterThan('variable "v": '.length);
    expect(outcome({ expression: bad }, {}, { cel: celReturning(ok(true)) })).toEqual({
      result: "error",
      evidence: result.error.message,
    });
  });

  it("binds the message and the resolved variables", () => {
    const seen: unknown[] = [];
    const cel: CelEvaluator = {
      evaluate: (_source, context) => {
        seen.push(context);
        return ok(true);
      },
    };
    const withVariables = { cel: "v", variables: { v: "a.b", w: "missing" } };
    expect(evaluateExpression(withVariables, { a: { b: 2 } }, cel)).toEqual(ok(true));
    expect(seen).toEqual([{ message: { a: { b: 2 } }, v: 2, w: null }]);
  });

  it("evaluates an expression passed as something other than a mapping without throwing", () => {
    const sources: string[] = [];
    const cel: CelEvaluator = {
      evaluate: (source) => {
        sources.push(source);
        return ok(false);
      },
    };
    expect(evaluateExpression("x" as never, {}, cel)).toEqual(ok(false));
    expect(sources).toEqual(["undefined"]);
  });

  it("turns a source that cannot be read into a cel_error", () => {
    const hostile = {
      cel: {
        toString() {
          throw new Error("unreadable source");
        },
      },
    };
    expect(evaluateExpression(hostile as never, {}, celReturning(ok(true)))).toEqual(
      err({ kind: "cel_error", message: "unreadable source" }),
    );
  });

  it("rejects an expression block without a string source", () => {
    for (const block of ["message.x", { cel: 5 }, { variables: {} }]) {
      expect(outcome({ expression: block }, {}, { cel: celReturning(ok(true)) })).toEqual({
        result: "error",
        evidence: "expression.cel must be a string",
      });
    }
  });

  it("gives the source as the evidence of a match", () => {
    expect(outcome({ expression }, {}, { cel: celReturning(ok(true)) })).toEqual({
      result: "matched",
      evidence: "CEL expression is true: message.x",
    });
    expect(outcome({ expression }, {}, { cel: celReturning(ok(false)) })).toEqual({
      result: "not_matched",
      evidence: undefined,
    });
  });
});

describe("semantic outcomes", () => {
  const semantic = { target: "t", intent: "exfiltrate" };

  it("rejects a semantic block without a string intent", () => {
    for (const block of ["exfiltrate", { intent: 3 }, { target: "t" }]) {
      expect(
        outcome({ semantic: block }, { t: "x" }, { semantic: semanticReturning(ok(1)) }),
      ).toEqual({
        result: "error",
        evidence: "semantic.intent must be a string",
      });
    }
  });

  it("reports an invalid target", () => {
    const result = outcome(
      { semantic: { target: "t[", intent: "i" } },
      { t: "x" },
      { semantic: semanticReturning(ok(1)) },
    );
    const path = evaluatePattern({ target: "t[", contains: "x" }, { t: "x" });
    expect(path.ok).toBe(false);
    if (path.ok) return;
    expect(result).toEqual({ result: "error", evidence: path.error.message });
  });

  it("is skipped without an evaluator", () => {
    for (const evaluators of [{}, { semantic: null }]) {
      expect(outcome({ semantic }, { t: "x" }, evaluators)).toEqual({
        result: "skipped",
        evidence: "semantic evaluation is not available: no SemanticEvaluator configured",
      });
    }
  });

  it("reports a broken evaluator", () => {
    const cases: [unknown, string][] = [
      [null, "the semantic evaluator returned no result"],
      ["0.9", "the semantic evaluator returned no result"],
      [err("model offline"), "model offline"],
      [err({ message: "quota" }), "quota"],
      [err({}), "semantic evaluation failed"],
      [ok("0.9"), "the semantic evaluator returned a non-numeric score"],
      [ok(Number.NaN), "the semantic evaluator returned a non-numeric score"],
    ];
    for (const [returned, evidence] of cases) {
      expect(outcome({ semantic }, { t: "x" }, { semantic: semanticReturning(returned) })).toEqual({
        result: "error",
        evidence,
      });
    }
  });

  it("matches when the best score reaches the threshold", () => {
    const at = outcome(
      { semantic: { ...semantic, threshold: 0.5 } },
      { t: "x" },
      { semantic: semanticReturning(ok(0.5)) },
    );
    expect(at).toEqual({ result: "matched", evidence: "highest score 0.5 (threshold 0.5)" });
    const below = outcome({ semantic }, { t: "x" }, { semantic: semanticReturning(ok(0.69)) });
    expect(below).toEqual({
      result: "not_matched",
      evidence: "highest score 0.69 (threshold 0.7)",
    });
  });

  it("is not matched, without a score, when the target resolves to nothing", () => {
    expect(outcome({ semantic }, { u: "x" }, { semantic: semanticReturning(ok(1)) })).toEqual({
      result: "not_matched",
      evidence: undefined,
    });
  });

  it("scores the whole message when no target is given", () => {
    const texts: string[] = [];
    const evaluator: SemanticEvaluator = {
      evaluate: (text) => {
        texts.push(text);
        return ok(0.9);
      },
    };
    expect(outcome({ semantic: { intent: "i" } }, "whole", { semantic: evaluator }).result).toBe(
      "matched",
    );
    expect(texts).toEqual(["whole"]);
  });
});

describe("method dispatch", () => {
  it("infers the method when `method` is null, skipping null blocks", () => {
    expect(outcome({ method: null, pattern: { contains: "a" } }, "a").result).toBe("matched");
    expect(
      outcome({ pattern: null, expression: { cel: "x" } }, "a", { cel: celReturning(ok(true)) })
        .result,
    ).toBe("matched");
  });

  it("names the missing block", () => {
    expect(outcome({}, "a")).toEqual({
      result: "error",
      evidence: "indicator has no pattern, expression or semantic block",
    });
    expect(outcome({ method: "pattern" }, "a")).toEqual({
      result: "error",
      evidence: "indicator has no pattern block",
    });
    expect(
      outcome({ method: "semantic", expression: { cel: "x" } }, "a", {
        cel: celReturning(ok(true)),
      }),
    ).toEqual({ result: "error", evidence: "indicator has no semantic block" });
    expect(
      outcome({ method: "expression", semantic: { intent: "i" } }, "a", {
        semantic: semanticReturning(ok(1)),
      }),
    ).toEqual({ result: "error", evidence: "indicator has no expression block" });
  });

  it("rejects an indicator that is not a mapping", () => {
    for (const indicator of [null, "pattern", 3]) {
      expect(evaluateIndicator(asIndicator(indicator), "a")).toMatchObject({
        indicator_id: "",
        result: "error",
        evidence: "an indicator must be a mapping",
      });
    }
  });

  it("turns an indicator whose fields cannot be read into an error verdict", () => {
    const hostile = Object.defineProperty({}, "method", {
      get() {
        throw new Error("no method here");
      },
    });
    expect(outcome(hostile, "a")).toEqual({ result: "error", evidence: "no method here" });
  });

  it("skips an unknown method", () => {
    expect(outcome({ method: "telepathy" }, "a")).toEqual({
      result: "skipped",
      evidence: 'unsupported detection method "telepathy"',
    });
  });
});

describe("skipReason", () => {
  const cel = celReturning(ok(true));
  const semanticEvaluator = semanticReturning(ok(1));
  const NO_CEL = "CEL evaluation is not available: no CelEvaluator configured";
  const NO_SEMANTIC = "semantic evaluation is not available: no SemanticEvaluator configured";

  it("names the missing evaluator", () => {
    expect(skipReason(asIndicator({ expression: { cel: "x" } }), {})).toBe(NO_CEL);
    expect(skipReason(asIndicator({ expression: { cel: "x" } }), { cel })).toBeUndefined();
    expect(skipReason(asIndicator({ semantic: { intent: "i" } }), {})).toBe(NO_SEMANTIC);
    expect(
      skipReason(asIndicator({ semantic: { intent: "i" } }), { semantic: semanticEvaluator }),
    ).toBeUndefined();
  });

  it("depends on the message when the method's block is missing or the method is a pattern", () => {
    expect(skipReason(asIndicator({ method: "expression" }), {})).toBeUndefined();
    expect(skipReason(asIndicator({ method: "semantic" }), {})).toBeUndefined();
    expect(skipReason(asIndicator({ pattern: { contains: "a" } }), {})).toBeUndefined();
    expect(
      skipReason(asIndicator({ method: "pattern", semantic: { intent: "i" } }), {}),
    ).toBeUndefined();
    expect(skipReason(asIndicator({}), {})).toBeUndefined();
  });

  it("looks only at the block of the indicator's method", () => {
    const indicator = { method: "pattern", pattern: { contains: "a" }, expression: { cel: "x" } };
    expect(skipReason(asIndicator(indicator), {})).toBeUndefined();
  });

  it("names an unknown method", () => {
    expect(skipReason(asIndicator({ method: "telepathy" }), { cel })).toBe(
      'unsupported detection method "telepathy"',
    );
  });

  it("never throws", () => {
    const hostile = Object.defineProperty({}, "method", {
      get() {
        throw new Error("x");
      },
    });
    expect(skipReason(asIndicator(hostile), {})).toBeUndefined();
  });
});

describe("verdict shape", () => {
  it("has no evidence key when the outcome has none", () => {
    const verdict = evaluateIndicator(asIndicator({ pattern: { contains: "z" } }), "a");
    expect(Object.keys(verdict).sort()).toEqual(["indicator_id", "result", "timestamp"]);
    const compiled = compileIndicator(asIndicator({ pattern: { contains: "z" } }), {
      source: "tool",
    });
    expect(Object.keys(compiled.evaluate("a")).sort()).toEqual([
      "indicator_id",
      "result",
      "source",
      "timestamp",
    ]);
  });

  it("uses the indicator's id, then the fallback, then the empty string", () => {
    expect(compileIndicator(asIndicator({ id: "X-1", pattern: {} }), { id: "f" }).id).toBe("X-1");
    expect(compileIndicator(asIndicator({ id: 5, pattern: {} }), { id: "f" }).id).toBe("f");
    expect(compileIndicator(asIndicator(null), { id: "f" }).id).toBe("f");
    expect(compileIndicator(asIndicator("s")).id).toBe("");
  });
});
