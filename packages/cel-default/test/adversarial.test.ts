// The adversarial set of the cost budget (bench/adversarial.ts, issue 32): under the default
// budget each expression ends as its case says, the cost budget's error or its value, and the
// same way on every evaluation. Their times are measured in bench/calibration.bench.ts; no test
// here asserts time (the clock backstop is off, so a loaded machine cannot end one first).
import { createCelEvaluator, DEFAULT_OPTIONS } from "@oatf/cel-default";
import { describe, expect, it } from "vitest";
import { type AdversarialCase, adversarialCases } from "../bench/adversarial.js";

const ENDS: Record<AdversarialCase["ends"], unknown> = {
  budget: {
    ok: false,
    error: {
      kind: "cel_error",
      message: `evaluation exceeded the cost budget of ${DEFAULT_OPTIONS.maxCost} units`,
    },
  },
  size: {
    ok: false,
    error: {
      kind: "cel_error",
      message: expect.stringMatching(/^string concatenation exceeds the size limit of 1000000/),
    },
  },
  type: { ok: false, error: { kind: "type_error", message: expect.any(String) } },
  value: { ok: true, value: true },
};

describe("adversarial expressions end in the budget error or complete, deterministically", () => {
  it("cover every family the calibration asks for", () => {
    expect(new Set(adversarialCases.map((c) => c.family))).toEqual(
      new Set([
        "nested comprehensions",
        "string growth",
        "string search",
        "time parsing",
        "number conversions",
        "list equality and in",
        "errors in loops",
        "deep nesting",
      ]),
    );
  });

  it.each(adversarialCases.map((c) => [`${c.family}: ${c.name}`, c] as const))(
    "%s",
    (_, { expression, context, ends }) => {
      const cel = createCelEvaluator({ timeoutMs: Number.POSITIVE_INFINITY });
      const first = cel.evaluate(expression, context);
      expect(first).toEqual(ENDS[ends]);
      // Again, the expression now compiled in the cache and the patterns in the regex cache.
      expect(cel.evaluate(expression, context)).toEqual(first);
    },
  );
});
