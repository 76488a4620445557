import {
  evaluateCondition,
  evaluateExtractor,
  evaluateIndicator,
  evaluatePredicate,
  evaluateTrigger,
  interpolateTemplate,
  interpolateValue,
  selectResponse,
} from "@oatf/evaluate";
import { compileRegex, parseTemplate } from "@oatf/evaluate/compilers";
import { coerceToString, deepEqual } from "@oatf/evaluate/internal";
import type { Condition, Indicator, MatchPredicate, ResponseEntry, Value } from "@oatf/model";
import { resolveWildcardPath } from "@oatf/paths";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const key = fc.constantFrom("a", "b", "name", "args", "tools", "x-y", "__proto__", "constructor");
const value: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(null, true, false),
    fc.double(),
    fc.integer(),
    fc.string({ unit: "binary" }),
    fc.array(tie("v"), { maxLength: 4 }),
    fc.dictionary(key, tie("v"), { maxKeys: 4 }),
  ),
})).v;

const path = fc.oneof(
  fc.constantFrom("", "a", "a.b", "tools[*].name", "args[*]", "a..b", "a[0]", "[*]"),
  fc.string(),
);
const operator = fc.record(
  {
    contains: fc.oneof(fc.string(), value),
    starts_with: fc.string(),
    ends_with: fc.string(),
    regex: fc.oneof(
      fc.constantFrom("a+", "(?i)x", "^$", "(?=x)", "\\d{2,}", "[", "(a|b)*c"),
      fc.string(),
    ),
    any_of: fc.oneof(fc.array(value, { maxLength: 3 }), value),
    gt: fc.oneof(fc.double(), value),
    lte: fc.double(),
    exists: fc.oneof(fc.boolean(), value),
  },
  { requiredKeys: [] },
);
const condition: fc.Arbitrary<Condition> = fc.oneof(value, operator as fc.Arbitrary<Condition>);
const predicate = fc.dictionary(path, condition, { maxKeys: 4 }) as fc.Arbitrary<MatchPredicate>;
const indicator = fc.record(
  {
    id: fc.string(),
    target: path,
    method: fc.constantFrom("pattern", "expression", "semantic"),
    pattern: fc.oneof(operator, fc.record({ target: path, condition }), value),
    expression: fc.oneof(
      fc.record({ cel: fc.string(), variables: fc.dictionary(fc.string(), path) }),
      value,
    ),
    semantic: fc.oneof(
      fc.record({ intent: fc.string(), target: path, threshold: fc.double() }),
      value,
    ),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<Indicator>;

describe("never throws on arbitrary input", () => {
  it("evaluateCondition and evaluatePredicate", () => {
    fc.assert(
      fc.property(condition, value, (c, v) => {
        expect(typeof evaluateCondition(c, v)).toBe("boolean");
      }),
    );
    fc.assert(
      fc.property(predicate, value, (p, v) => {
        expect(typeof evaluatePredicate(p, v)).toBe("boolean");
      }),
    );
  });

  it("evaluateIndicator, with and without throwing evaluators", () => {
    const cel = { evaluate: () => ({ ok: true as const, value: 1 }) };
    const semantic = {
      evaluate(): never {
        throw new Error("x");
      },
    };
    fc.assert(
      fc.property(indicator, value, fc.boolean(), (i, m, withEvaluators) => {
        const verdict = evaluateIndicator(i, m, withEvaluators ? { cel, semantic } : {});
        expect(["matched", "not_matched", "error", "skipped"]).toContain(verdict.result);
      }),
    );
  });

  it("templates, extractors and triggers", () => {
    fc.assert(
      fc.property(fc.string(), value, value, (t, request, extracted) => {
        const out = interpolateTemplate(t, { a: coerceToString(extracted) }, request, request);
        expect(typeof out.value).toBe("string");
        parseTemplate(t);
        interpolateValue(extracted, { a: t }, request);
        for (const type of ["json_path", "regex"] as const) {
          const got = evaluateExtractor(
            { name: "a", source: "request", type, selector: t },
            request,
            "request",
          );
          expect(got === undefined || typeof got === "string").toBe(true);
        }
        evaluateTrigger(
          { event: t, match: predicate as never, after: t, count: 2 },
          { event_type: t, content: request },
          0,
          { event_count: 0 },
          "mcp",
        );
        compileRegex(t);
      }),
    );
  });
});

describe("semantics", () => {
  it("predicate entries AND together", () => {
    fc.assert(
      fc.property(predicate, predicate, value, (p, q, v) => {
        const merged = { ...p, ...q };
        const expected = evaluatePredicate(p, v) && evaluatePredicate(q, v);
        // Keys of q override those of p: compare against the entries actually merged.
        const pOnly = Object.fromEntries(Object.entries(p).filter(([k]) => !Object.hasOwn(q, k)));
        expect(evaluatePredicate(merged, v)).toBe(
          evaluatePredicate(pOnly, v) && evaluatePredicate(q, v),
        );
        if (Object.keys(p).every((k) => !Object.hasOwn(q, k))) {
          expect(evaluatePredicate(merged, v)).toBe(expected);
        }
      }),
    );
  });

  it("selectResponse is first match, with the first default as the fallback", () => {
    const entry = fc.record(
      { when: fc.dictionary(fc.constantFrom("a", "b"), fc.constantFrom(1, 2)), content: fc.nat() },
      { requiredKeys: ["content"] },
    ) as fc.Arbitrary<ResponseEntry>;
    const request = fc.record({ a: fc.constantFrom(1, 2), b: fc.constantFrom(1, 2) });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), request, (entries, req) => {
        const matching = entries.find(
          (e) => e.when !== undefined && evaluatePredicate(e.when, req),
        );
        const fallback = entries.find((e) => e.when === undefined);
        expect(selectResponse(entries, req)).toBe(matching ?? fallback);
      }),
    );
  });

  it("deep equality is reflexive (except NaN) and symmetric; coercion is canonical", () => {
    const containsNaN = (v: Value): boolean =>
      typeof v === "number"
        ? Number.isNaN(v)
        : typeof v === "object" && v !== null && Object.values(v).some(containsNaN);
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(deepEqual(a, b)).toBe(deepEqual(b, a));
        if (!containsNaN(a)) expect(deepEqual(a, structuredClone(a))).toBe(true);
        if (deepEqual(a, b)) expect(coerceToString(a)).toBe(coerceToString(b));
      }),
    );
  });

  it("a pattern matches exactly when a value @oatf/paths resolves satisfies it", () => {
    // Names an array or a prototype answers for, next to ordinary ones: the compiled
    // traversal reads ordinary names without the own-key check.
    const name = fc.constantFrom("a", "b", "length", "0", "1", "map", "toString", "__proto__");
    const tree: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
      v: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.constantFrom(null, 1, "x", "yx"),
        fc.array(tie("v"), { maxLength: 3 }),
        fc.dictionary(name, tie("v"), { maxKeys: 3 }),
      ),
    })).v;
    const segment = fc.tuple(name, fc.boolean()).map(([n, fan]) => (fan ? `${n}[*]` : n));
    const target = fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join("."));
    fc.assert(
      fc.property(tree, target, fc.constantFrom("x", "1", "null"), (message, path, needle) => {
        const resolved = resolveWildcardPath(path, message);
        const expected = resolved.some((v) => coerceToString(v).includes(needle));
        const indicator: Indicator = { target: path, pattern: { contains: needle } };
        expect(evaluateIndicator(indicator, message).result).toBe(
          expected ? "matched" : "not_matched",
        );
        const exists: Indicator = { target: path, pattern: { condition: { exists: true } } };
        expect(evaluateIndicator(exists, message).result).toBe(
          resolved.length > 0 ? "matched" : "not_matched",
        );
      }),
      { numRuns: 2000 },
    );
  });
});
