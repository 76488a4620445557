import {
  computeEffectiveState,
  evaluateCondition,
  evaluateExtractor,
  evaluatePredicate,
  evaluateTrigger,
  interpolateTemplate,
  interpolateValue,
  selectResponse,
} from "@oatf/evaluate";
import { coerceToString, deepEqual } from "@oatf/evaluate/internal";
import type { Phase, Trigger, TriggerState, Value } from "@oatf/model";
import { isMatchCondition } from "@oatf/model/rules";
import { describe, expect, it } from "vitest";

describe("deepEqual (SDK §5.3)", () => {
  it("compares numbers by value, ignores key order, and never equates NaN", () => {
    expect(deepEqual(42, 42.0)).toBe(true);
    expect(deepEqual({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBe(true);
    expect(deepEqual(Number.NaN, Number.NaN)).toBe(false);
    expect(deepEqual([Number.NaN], [Number.NaN])).toBe(false);
    expect(deepEqual(null, null)).toBe(true);
    expect(deepEqual(null, {})).toBe(false);
    expect(deepEqual(42, "42")).toBe(false);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(deepEqual([], {})).toBe(false);
  });
});

describe("coerceToString (string operators on non-strings)", () => {
  it("is compact JSON with keys sorted by code point", () => {
    expect(coerceToString({ b: 1, a: [true, null, "x"] })).toBe('{"a":[true,null,"x"],"b":1}');
    expect(coerceToString({ "\u{1F600}": 1, "\uFF01": 2 })).toBe('{"！":2,"😀":1}');
    expect(coerceToString(42)).toBe("42");
    expect(coerceToString("plain")).toBe("plain");
  });
});

describe("evaluateCondition", () => {
  it("applies string operators to sorted compact JSON", () => {
    expect(evaluateCondition({ starts_with: '{"a":' }, { b: 2, a: 1 })).toBe(true);
    expect(evaluateCondition({ ends_with: "]" }, [1, 2])).toBe(true);
    expect(evaluateCondition({ regex: "^false$" }, false)).toBe(true);
  });

  it("reads an object with any operator key as a MatchCondition, never as an equality value", () => {
    // core-types §2.13: operator keys make it a MatchCondition; other keys make it invalid.
    expect(isMatchCondition({ contains: "a", "x-note": 1 })).toBe(true);
    expect(evaluateCondition({ contains: "a", "x-note": 1 } as never, "abc")).toBe(false);
    expect(
      evaluateCondition({ contains: "a", "x-note": 1 } as never, { contains: "a", "x-note": 1 }),
    ).toBe(false);
    expect(isMatchCondition({ note: 1 })).toBe(false);
    expect(evaluateCondition({ note: 1 }, { note: 1.0 })).toBe(true);
  });

  it("ANDs every operator", () => {
    expect(evaluateCondition({ contains: "secret", regex: "key_[0-9]+" }, "secret key_12")).toBe(
      true,
    );
    expect(evaluateCondition({ contains: "secret", regex: "key_[0-9]+" }, "secret key")).toBe(
      false,
    );
    expect(evaluateCondition({ gt: 1, lt: 5 }, 3)).toBe(true);
    expect(evaluateCondition({ gt: 1, lt: 5 }, 7)).toBe(false);
  });

  it("numeric operators on non-numbers are false, not errors", () => {
    expect(evaluateCondition({ gt: 1 }, "5")).toBe(false);
    expect(evaluateCondition({ lte: 1 }, null)).toBe(false);
    expect(evaluateCondition({ gte: 1 }, true)).toBe(false);
  });

  it("any_of and bare values use deep equality", () => {
    expect(evaluateCondition({ any_of: [{ a: 1.0 }, 2] }, { a: 1 })).toBe(true);
    expect(evaluateCondition(42, 42.0)).toBe(true);
    expect(evaluateCondition("42", 42)).toBe(false);
    // An object that is not all operators is a bare value.
    expect(evaluateCondition({ type: "object" } as Value, { type: "object" })).toBe(true);
  });

  it("treats exists as a resolution check", () => {
    expect(evaluateCondition({ exists: true }, null)).toBe(true);
    expect(evaluateCondition({ exists: false }, "x")).toBe(false);
  });

  it("is false, not a throw, for invalid conditions", () => {
    expect(evaluateCondition({ regex: "(?=x)" }, "x")).toBe(false);
    expect(evaluateCondition({ contains: 5 } as never, "5")).toBe(false);
    expect(evaluateCondition({ any_of: "x" } as never, "x")).toBe(false);
  });
});

describe("evaluatePredicate (SDK §5.4)", () => {
  it("handles exists on absent, present and null fields", () => {
    expect(evaluatePredicate({ a: { exists: true } }, { a: null })).toBe(true);
    expect(evaluatePredicate({ a: { exists: false } }, { a: null })).toBe(false);
    expect(evaluatePredicate({ "a.b": { exists: false } }, { a: 1 })).toBe(true);
    expect(evaluatePredicate({ a: { exists: true, contains: "x" } }, { a: "yxy" })).toBe(true);
  });

  it("does not resolve through arrays or inherited keys", () => {
    expect(evaluatePredicate({ "a.0": 1 }, { a: [1] })).toBe(false);
    expect(evaluatePredicate({ constructor: { exists: true } }, {})).toBe(false);
  });

  it("an empty predicate holds; a key that is no simple path resolves to nothing", () => {
    expect(evaluatePredicate({}, { a: 1 })).toBe(true);
    expect(evaluatePredicate({ "a[*]": 1 }, { a: [1] })).toBe(false);
    // SDK §5.1.1: resolution returns nothing, which `exists: false` accepts (§5.4 step 1b).
    expect(evaluatePredicate({ "a[*]": { exists: false } }, { a: [1] })).toBe(true);
    expect(evaluatePredicate({ "a[*]": { exists: false }, b: 1 }, { b: 1 })).toBe(true);
    expect(evaluatePredicate({ "a[*]": { exists: true } }, { a: [1] })).toBe(false);
  });
});

describe("interpolateTemplate (SDK §5.5)", () => {
  it("emits W-004 for unknown extractors and unresolved paths", () => {
    const out = interpolateTemplate("{{nope}}/{{request.a.b}}/{{response.x}}", {}, { a: {} });
    expect(out.value).toBe("//");
    expect(out.diagnostics.map((d) => [d.rule, d.severity])).toEqual([
      ["W-004", "warning"],
      ["W-004", "warning"],
      ["W-004", "warning"],
    ]);
  });

  it("serializes non-string request values as compact JSON", () => {
    const out = interpolateTemplate(
      "{{request.args}} {{request.n}}",
      {},
      { args: { b: 1, a: 2 }, n: 3 },
    );
    expect(out).toEqual({ value: '{"b":1,"a":2} 3', diagnostics: [] });
  });

  it("accepts a Map of extractors and never finds inherited properties", () => {
    expect(interpolateTemplate("{{x}}", new Map([["x", "1"]])).value).toBe("1");
    const out = interpolateTemplate("[{{constructor}}][{{toString}}]", {});
    expect(out.value).toBe("[][]");
    expect(out.diagnostics).toHaveLength(2);
  });

  it("substitutes an empty extractor value silently", () => {
    expect(interpolateTemplate("a{{x}}b", { x: "" })).toEqual({ value: "ab", diagnostics: [] });
  });

  it("keeps an unclosed {{ literally, without a diagnostic (W-004 is for names and paths)", () => {
    expect(interpolateTemplate("a {{b", {})).toEqual({ value: "a {{b", diagnostics: [] });
  });

  it("still interpolates the closed expressions around an unclosed {{ (step 2 finds {{...}} only)", () => {
    const out = interpolateTemplate("{{x}} {{y \\{{z", { x: "1" });
    expect(out).toEqual({ value: "1 {{y {{z", diagnostics: [] });
    // The unknown name is still W-004; the unclosed {{ after it adds nothing.
    expect(interpolateTemplate("{{w}} {{y", {}).diagnostics.map((d) => d.rule)).toEqual(["W-004"]);
  });

  it("never throws on a cyclic or throwing request: the reference is empty, with W-004", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const thrower = Object.defineProperty({}, "a", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    const out = interpolateTemplate("[{{request.self}}][{{request.a}}]", {}, cyclic as Value);
    expect(out.value).toBe("[][]");
    expect(out.diagnostics.map((d) => d.rule)).toEqual(["W-004", "W-004"]);
    expect(interpolateTemplate("{{request.a}}", {}, thrower as Value).value).toBe("");
    expect(interpolateValue(cyclic as Value, {}).diagnostics).toHaveLength(1);
  });
});

describe("interpolateValue (SDK §5.5a)", () => {
  it("does not interpolate keys and keeps __proto__ as a plain key", () => {
    const input = JSON.parse('{"{{k}}": "{{k}}", "__proto__": {"x": "{{k}}"}}');
    const out = interpolateValue(input, { k: "v" });
    expect(Object.keys(out.value as object)).toEqual(["{{k}}", "__proto__"]);
    expect((out.value as Record<string, Value>)["{{k}}"]).toBe("v");
    expect(Object.getPrototypeOf(out.value)).toBe(Object.prototype);
  });

  it("does not throw on very deep values", () => {
    let deep: Value = "{{x}}";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => interpolateValue(deep, { x: "1" })).not.toThrow();
  });
});

describe("evaluateExtractor (SDK §5.6)", () => {
  it("regex extractors read the compact JSON of non-string messages", () => {
    const ex = {
      name: "k",
      source: "request",
      type: "regex",
      selector: '"key":"([^"]+)"',
    } as const;
    expect(evaluateExtractor(ex, { key: "abc" }, "request")).toBe("abc");
    expect(evaluateExtractor(ex, { key: "abc" }, "response")).toBeUndefined();
  });

  it("returns an empty capture as '' and a regex without groups as no match", () => {
    const empty = { name: "k", source: "response", type: "regex", selector: "a(b*)c" } as const;
    expect(evaluateExtractor(empty, "ac", "response")).toBe("");
    const noGroup = { name: "k", source: "response", type: "regex", selector: "ac" } as const;
    expect(evaluateExtractor(noGroup, "ac", "response")).toBeUndefined();
  });

  it("gives no value when the first group did not take part in the match", () => {
    const optional = { name: "k", source: "response", type: "regex", selector: "k(=)?" } as const;
    expect(evaluateExtractor(optional, "k", "response")).toBeUndefined();
    expect(evaluateExtractor(optional, "k=", "response")).toBe("=");
    const either = { name: "k", source: "response", type: "regex", selector: "(a)|b" } as const;
    expect(evaluateExtractor(either, "b", "response")).toBeUndefined();
  });

  it("serializes scalars from JSONPath and tolerates invalid selectors", () => {
    const num = { name: "n", source: "request", type: "json_path", selector: "$.n" } as const;
    expect(evaluateExtractor(num, { n: 4.5 }, "request")).toBe("4.5");
    const nul = { name: "n", source: "request", type: "json_path", selector: "$.n" } as const;
    expect(evaluateExtractor(nul, { n: null }, "request")).toBe("null");
    const bad = { name: "n", source: "request", type: "json_path", selector: "$[" } as const;
    expect(evaluateExtractor(bad, { n: 1 }, "request")).toBeUndefined();
  });
});

describe("selectResponse (SDK §5.7)", () => {
  it("prefers any matching when entry over an earlier default", () => {
    const entries = [{ content: "default" }, { when: { name: "x" }, content: "x" }];
    expect(selectResponse(entries, { name: "x" })?.content).toBe("x");
    expect(selectResponse(entries, { name: "y" })?.content).toBe("default");
  });

  it("passes over an entry whose when cannot be read instead of throwing", () => {
    const hostile = Object.defineProperty({ content: "h" }, "when", {
      get() {
        throw new Error("boom");
      },
    });
    const entries = [hostile, { content: "default" }];
    expect(selectResponse(entries, {})?.content).toBe("default");
  });
});

describe("computeEffectiveState (SDK §5.10)", () => {
  it("inherits, replaces, and tolerates out-of-range indices", () => {
    const phases: Phase[] = [{ state: { a: 1 } }, {}, { state: { b: 2 } }, {}];
    expect(computeEffectiveState(phases, 1)).toEqual({ a: 1 });
    expect(computeEffectiveState(phases, 3)).toEqual({ b: 2 });
    expect(computeEffectiveState(phases, 99)).toEqual({ b: 2 });
    expect(computeEffectiveState(phases, -1)).toBeUndefined();
    expect(computeEffectiveState([], 0)).toBeUndefined();
  });

  it("returns a deep copy: mutating it never reaches the document (format §5.2)", () => {
    const phases: Phase[] = [{ state: { tools: [{ name: "a" }] } }, {}];
    const state = computeEffectiveState(phases, 1) as { tools: { name: string }[] };
    expect(state).toEqual({ tools: [{ name: "a" }] });
    state.tools[0]!.name = "changed";
    expect(phases[0]!.state).toEqual({ tools: [{ name: "a" }] });
  });

  it("never throws on a phase that cannot be read", () => {
    const hostile = Object.defineProperty({}, "state", {
      get() {
        throw new Error("boom");
      },
    });
    expect(computeEffectiveState([hostile as Phase], 0)).toBeUndefined();
  });
});

describe("evaluateTrigger (SDK §5.8 and the qualifier extension)", () => {
  const fresh = (): TriggerState => ({ event_count: 0 });

  it("advances on timeout when the duration elapses, in ms", () => {
    expect(evaluateTrigger({ after: "PT5S" }, null, 4999, fresh())).toEqual({ advanced: false });
    expect(evaluateTrigger({ after: "5s" }, null, 5000, fresh())).toEqual({
      advanced: true,
      reason: "timeout",
    });
    // An unparseable duration never times out.
    expect(evaluateTrigger({ after: "soon" }, null, 1e12, fresh())).toEqual({ advanced: false });
  });

  it("counts matching events across calls", () => {
    const trigger: Trigger = { event: "tools/call", count: 2 };
    const state = fresh();
    const event = { event_type: "tools/call", content: {} };
    expect(evaluateTrigger(trigger, event, 0, state).advanced).toBe(false);
    expect(evaluateTrigger(trigger, event, 0, state)).toEqual({
      advanced: true,
      reason: "event_matched",
    });
    expect(state.event_count).toBe(2);
  });

  it("matches qualifiers from content via the registry, or a pre-resolved one", () => {
    const trigger: Trigger = { event: "tools/call:calculator" };
    const calc = { event_type: "tools/call", content: { params: { name: "calculator" } } };
    const other = { event_type: "tools/call", content: { params: { name: "search" } } };
    expect(evaluateTrigger(trigger, calc, 0, fresh(), "mcp").advanced).toBe(true);
    expect(evaluateTrigger(trigger, other, 0, fresh(), "mcp").advanced).toBe(false);
    // Without a protocol the qualifier cannot be resolved from content.
    expect(evaluateTrigger(trigger, calc, 0, fresh()).advanced).toBe(false);
    const preResolved = { ...other, qualifier: "calculator" };
    expect(evaluateTrigger(trigger, preResolved, 0, fresh()).advanced).toBe(true);
    const state = fresh();
    evaluateTrigger(trigger, other, 0, state, "mcp");
    expect(state.event_count).toBe(0);
  });

  it("applies the qualifier before the predicate, and the predicate before counting", () => {
    const trigger: Trigger = { event: "custom:x", match: { value: { gt: 3 } } };
    const state = fresh();
    const low = { event_type: "custom", content: { name: "x", value: 1 } };
    const high = { event_type: "custom", content: { name: "x", value: 5 } };
    expect(evaluateTrigger(trigger, low, 0, state, "ag_ui").advanced).toBe(false);
    expect(state.event_count).toBe(0);
    expect(evaluateTrigger(trigger, high, 0, state, "ag_ui").advanced).toBe(true);
  });

  it("never throws on malformed input", () => {
    expect(
      evaluateTrigger(
        { event: "x", match: "bad" as never },
        { event_type: "x", content: 1 },
        0,
        fresh(),
      ),
    ).toEqual({
      advanced: false,
    });
    expect(evaluateTrigger(null as never, null, 0, fresh())).toEqual({ advanced: false });
  });
});
