// Issue 12 §5: regressions found by fuzzing the execution primitives with hostile input.
// Sizes are those that hung, threw or aborted the process before; no timing is asserted.
import {
  evaluateExtractor,
  evaluateIndicator,
  interpolateTemplate,
  interpolateValue,
  synthesize,
} from "@oatf/evaluate";
import { parseTemplate } from "@oatf/evaluate/compilers";
import { boundedJson, coerceToString, MAX_TEXT_LENGTH, toText } from "@oatf/evaluate/internal";
import type { Value } from "@oatf/model";
import { describe, expect, it } from "vitest";

/** A binary DAG `levels` deep: 2^levels paths to its leaf through 2·levels objects. */
function dag(levels: number): Value {
  let node: Value = { leaf: "needle" };
  for (let i = 0; i < levels; i++) node = { left: node, right: node };
  return node;
}

function nested(depth: number): Value {
  let node: Value = "leaf";
  for (let i = 0; i < depth; i++) node = { a: node };
  return node;
}

describe("template scanning is linear in unclosed {{", () => {
  // Before: every unclosed `{{` searched the rest of the text for `}}` (2 MB took ~10 s,
  // 8 MB hours). Now the first unclosed `{{` ends the scan.
  const unclosed = `{{x}} ${"{{".repeat(4 * 1024 * 1024)} \\{{ tail`;

  it("parseTemplate reports the first unclosed {{", () => {
    const parsed = parseTemplate(unclosed);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error.offset).toBe(6);
  });

  it("interpolateTemplate keeps the rest literal, escapes still applied", () => {
    const out = interpolateTemplate(unclosed, { x: "X" });
    expect(out.value.startsWith("X {{{{")).toBe(true);
    expect(out.value.endsWith("{{ {{ tail")).toBe(true);
    expect(out.value.length).toBe(unclosed.length - 5 + 1 - 1);
    expect(out.diagnostics).toEqual([]);
  });

  it("an escape before the first unclosed {{ and expressions before it still work", () => {
    expect(interpolateTemplate("\\{{a}} {{b}} {{c", { a: "A", b: "B" }).value).toBe("{{a}} B {{c");
    expect(interpolateTemplate("{{a {{b}} {{", { "a {{b": "AB" }).value).toBe("AB {{");
  });
});

describe("template output is bounded by MAX_TEXT_LENGTH", () => {
  it("6,000 references to a 100 KB value are cut at the limit with a W-004 warning", () => {
    // Before: RangeError: Invalid string length.
    const out = interpolateTemplate("{{v}}".repeat(6000), { v: "x".repeat(100_000) });
    expect(out.value.length).toBe(MAX_TEXT_LENGTH);
    expect(out.diagnostics).toHaveLength(1);
    expect(out.diagnostics[0]).toMatchObject({ rule: "W-004", severity: "warning" });
    expect(out.diagnostics[0]!.message).toMatch(/cut at 16777216 characters/);
  });

  it("interpolateValue shares one budget across all strings of the value", () => {
    const big = "x".repeat(1024 * 1024);
    const value = Array.from({ length: 40 }, () => "{{v}}");
    const out = interpolateValue(value, { v: big });
    const total = (out.value as string[]).reduce((n, s) => n + s.length, 0);
    expect(total).toBe(MAX_TEXT_LENGTH);
    expect(out.diagnostics.every((d) => d.rule === "W-004")).toBe(true);
  });
});

describe("deep, shared and cyclic message values", () => {
  it("a 100,000-deep request is written iteratively, once per distinct reference", () => {
    // Before: every reference overflowed the stack separately and rendered as "".
    const request = { a: nested(100_000) };
    const out = interpolateTemplate("{{request.a}}|".repeat(200), {}, request);
    expect(out.value.startsWith('{"a":{"a":')).toBe(true);
    expect(out.value.length).toBe(MAX_TEXT_LENGTH);
  });

  it("a 40-level DAG (2^40 paths) coerces to at most MAX_TEXT_LENGTH characters", () => {
    // Before: the coerced text grew without bound and V8 aborted the process.
    const text = coerceToString(dag(40));
    expect(text.length).toBe(MAX_TEXT_LENGTH);
    expect(text.startsWith('{"left":{"left":')).toBe(true);
    expect(toText(dag(40)).length).toBe(MAX_TEXT_LENGTH);
  });

  it("string operators, extractors and templates on a DAG message finish", () => {
    const message = { payload: dag(40) };
    const matched = { id: "I-1", target: "payload", pattern: { contains: "needle" } };
    expect(evaluateIndicator(matched, message).result).toBe("matched");
    const missing = { id: "I-2", target: "payload", pattern: { contains: "absent" } };
    expect(evaluateIndicator(missing, message).result).toBe("not_matched");
    const extractor = { name: "p", source: "request", type: "json_path", selector: "$.payload" };
    expect(evaluateExtractor(extractor as never, message, "request")?.length).toBe(MAX_TEXT_LENGTH);
    expect(interpolateTemplate("{{request.payload}}", {}, message).value.length).toBe(
      MAX_TEXT_LENGTH,
    );
  });

  it("shared chains of one-entry containers are written exactly, and a DAG of them stays bounded", () => {
    // Only every 64th level of such a chain keeps its text (boundedJson): a shared chain is
    // walked again down to a kept level, never 2^n times.
    const chain = (inner: unknown, depth: number) => {
      let c = inner;
      for (let i = 0; i < depth; i++) c = [c];
      return c;
    };
    const dagOfChains = (levels: number, depth: number) => {
      let node: unknown = { leaf: "x".repeat(300) };
      for (let i = 0; i < levels; i++) {
        const c = chain(node, depth);
        node = { l: c, r: c };
      }
      return node;
    };
    for (const value of [[chain("x", 300), chain("x", 300)], dagOfChains(6, 150)])
      expect(boundedJson(value)).toEqual({ text: JSON.stringify(value), complete: true });
    const text = coerceToString(dagOfChains(40, 150));
    expect(text.length).toBe(MAX_TEXT_LENGTH);
    expect(text.startsWith(`{"l":${"[".repeat(150)}{"l":`)).toBe(true);
  });

  it("interpolateValue walks each shared object once", () => {
    // Before: 2^40 visits.
    let node: Value = { text: "{{x}}" };
    for (let i = 0; i < 40; i++) node = { left: node, right: node };
    const out = interpolateValue(node, { x: "X" });
    let walk = out.value as Record<string, Value>;
    for (let i = 0; i < 40; i++) {
      expect(walk.left).toBe(walk.right);
      walk = walk.left as Record<string, Value>;
    }
    expect(walk).toEqual({ text: "X" });
  });

  it("a cyclic value throws a TypeError from coercion and is an error verdict", () => {
    const cyclic: Record<string, Value> = { a: "x" };
    cyclic.self = cyclic;
    expect(() => coerceToString(cyclic)).toThrow(TypeError);
    expect(evaluateIndicator({ target: "", pattern: { contains: "x" } }, cyclic).result).toBe(
      "error",
    );
    // Past the limit first, it is cut instead.
    expect(boundedJson(cyclic, { maxLength: 3 })).toEqual({ text: '{"a', complete: false });
  });
});

describe("boundedJson writes what JSON.stringify writes", () => {
  const samples: unknown[] = [
    { b: 1, a: [1, "two", null, true, { c: undefined, d: () => 1 }], e: 'é\u2028\n"' },
    [undefined, Symbol("s"), Number.NaN, -0, 1e21, new Date(0)],
    JSON.parse('{"__proto__": {"x": 1}, "": ""}'),
    "plain",
    42,
    null,
  ];
  it.each(samples.map((s) => [s]))("%o", (sample) => {
    expect(boundedJson(sample)).toEqual({ text: JSON.stringify(sample), complete: true });
  });

  it("sorts keys by code point when asked", () => {
    const value = { b: 1, a: { "\u{1F600}": 1, "\uFFFF": 2 } };
    expect(boundedJson(value, { sortKeys: true }).text).toBe(
      '{"a":{"\uFFFF":2,"\u{1F600}":1},"b":1}',
    );
  });

  it("quotes no more of a huge string than fits", () => {
    const out = boundedJson(["x".repeat(1000)], { maxLength: 10 });
    expect(out).toEqual({ text: '["xxxxxxxx', complete: false });
  });
});

describe("synthesize never throws", () => {
  it("a missing request is a validation_failure", () => {
    for (const input of [undefined, null, "prompt", 3]) {
      const out = synthesize(undefined, input as never);
      expect(out.result.ok).toBe(false);
      expect(!out.result.ok && out.result.error.kind).toBe("validation_failure");
    }
  });

  it("a missing provider is provider_unavailable", () => {
    const out = synthesize(undefined, { prompt: "p", protocol: "mcp" });
    expect(!out.result.ok && out.result.error.kind).toBe("provider_unavailable");
  });
});
