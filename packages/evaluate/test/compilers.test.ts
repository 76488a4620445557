import { evaluateCondition, evaluateIndicator } from "@oatf/evaluate";
import {
  compileJsonPath,
  compileRegex,
  getRegexEngine,
  parseTemplate,
  type RegexEngine,
  re2jsEngine,
  setRegexEngine,
} from "@oatf/evaluate/compilers";
import { afterEach, describe, expect, it } from "vitest";

describe("compileRegex", () => {
  it("compiles RE2 syntax with partial-match semantics and capture groups", () => {
    const re = compileRegex("secret=(\\w+)(x)?");
    expect(re.ok).toBe(true);
    if (!re.ok) return;
    expect(re.value.groupCount).toBe(2);
    expect(re.value.test("my secret=abc!")).toBe(true);
    expect(re.value.exec("my secret=abc!")).toEqual(["secret=abc", "abc", undefined]);
    expect(re.value.exec("nothing")).toBeUndefined();
  });

  it.each([
    ["(?=x)", 0],
    ["ab(?P<n>a)(?P<n>b)", undefined],
    ["\\1", 0],
    ["a{2,1}", 1],
    ["a(b", undefined],
    ["x**", 1],
  ])("rejects %s (outside RE2) with a message and the offset when known", (pattern, offset) => {
    const re = compileRegex(pattern);
    expect(re.ok).toBe(false);
    if (re.ok) return;
    expect(re.error.message).toMatch(/RE2/);
    expect(re.error.offset).toBe(offset);
  });

  it("handles lone surrogates and non-strings without throwing", () => {
    const re = compileRegex("a");
    expect(re.ok && re.value.test("\ud800a")).toBe(true);
    expect(compileRegex(42 as unknown as string).ok).toBe(false);
  });
});

describe("setRegexEngine", () => {
  afterEach(() => setRegexEngine(re2jsEngine));

  it("routes every compilation through a user engine, and clears the caches", () => {
    const seen: string[] = [];
    const engine: RegexEngine = {
      name: "spy",
      compile(pattern) {
        seen.push(pattern);
        return re2jsEngine.compile(pattern);
      },
    };
    compileRegex("abc");
    setRegexEngine(engine);
    expect(getRegexEngine().name).toBe("spy");
    compileRegex("abc");
    compileRegex("abc");
    const path = compileJsonPath('$[?search(@.a, "b+")]');
    expect(path.ok && path.value.all([{ a: "xbb" }, { a: "c" }])).toEqual([{ a: "xbb" }]);
    expect(seen).toEqual(["abc", "b+"]);
  });

  it("recompiles conditions and indicators cached before the switch", () => {
    const condition = { regex: "abc" };
    const indicator = { target: "", pattern: { regex: "abc" } };
    expect(evaluateCondition(condition, "abc")).toBe(true);
    expect(evaluateIndicator(indicator, "abc").result).toBe("matched");
    const never: RegexEngine = {
      name: "never",
      compile: (pattern) => ({
        ok: true,
        value: { source: pattern, groupCount: 0, test: () => false, exec: () => undefined },
      }),
    };
    setRegexEngine(never);
    expect(evaluateCondition(condition, "abc")).toBe(false);
    expect(evaluateIndicator(indicator, "abc").result).toBe("not_matched");
  });

  it("turns an engine that throws into a compile error", () => {
    setRegexEngine({
      name: "broken",
      compile() {
        throw new Error("boom");
      },
    });
    const re = compileRegex("x");
    expect(re.ok).toBe(false);
    if (!re.ok) expect(re.error.message).toContain("boom");
  });
});

describe("compileJsonPath", () => {
  it("rejects comparisons of comparisons or logical expressions (RFC 9535 comparable)", () => {
    for (const [selector, offset] of [
      ["$[?(@.a == 1) == true]", 14],
      ["$[?@.a == 1 == 2]", 7],
      ["$[?@.a < 1 < 2]", 7],
      ["$[?!@.a == 1]", 8],
    ] as const) {
      const compiled = compileJsonPath(selector);
      expect(compiled.ok, selector).toBe(false);
      if (!compiled.ok) expect(compiled.error.offset, selector).toBe(offset);
    }
    for (const selector of [
      "$[?@.a == 1 && @.b == 2]",
      "$[?(@.a == 1) && @.b]",
      "$[?!(@.a == 1)]",
      "$[?length(@.a) == @.b]",
      "$.a[?@[?@.b == 1]]",
    ]) {
      expect(compileJsonPath(selector).ok, selector).toBe(true);
    }
  });

  it("is strict RFC 9535, with slices and filters", () => {
    const doc = {
      a: [1, 2, 3, 4],
      t: [
        { n: "x", v: 1 },
        { n: "y", v: 5 },
      ],
    };
    const slice = compileJsonPath("$.a[1:3]");
    expect(slice.ok && slice.value.all(doc)).toEqual([2, 3]);
    const filter = compileJsonPath("$.t[?@.v > 2].n");
    expect(filter.ok && filter.value.first(doc)).toBe("y");
  });

  it("match() is a full match and search() a partial one, both on RE2", () => {
    const doc = [{ a: "abc" }, { a: "xabcx" }];
    const match = compileJsonPath('$[?match(@.a, "abc")].a');
    const search = compileJsonPath('$[?search(@.a, "abc")].a');
    expect(match.ok && match.value.all(doc)).toEqual(["abc"]);
    expect(search.ok && search.value.all(doc)).toEqual(["abc", "xabcx"]);
    // I-Regexp `.` does not match \r; an invalid pattern is simply false.
    const dot = compileJsonPath('$[?match(@, "a.b")]');
    expect(dot.ok && dot.value.all(["a\rb", "axb"])).toEqual(["axb"]);
    const bad = compileJsonPath('$[?match(@, "(?=x)")]');
    expect(bad.ok && bad.value.all(["x"])).toEqual([]);
  });

  it.each([
    ["$.a[", 4],
    ["a.b", 0],
    ["$[?foo(@)]", 3],
  ])("rejects %s with its position", (selector, offset) => {
    const path = compileJsonPath(selector);
    expect(path.ok).toBe(false);
    if (!path.ok) expect(path.error.offset).toBe(offset);
  });

  it("bounds recursive descent instead of throwing", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 500; i++) deep = { x: deep };
    const path = compileJsonPath("$..x");
    expect(path.ok).toBe(true);
    if (path.ok) expect(() => path.value.all(deep as never)).not.toThrow();
  });
});

describe("parseTemplate", () => {
  it("classifies references and keeps their text and offset", () => {
    const t = parseTemplate(
      "a {{name}} b {{ actor_b.val }} {{request.x.y}} {{response.z}} \\{{lit}}",
    );
    expect(t.ok).toBe(true);
    if (!t.ok) return;
    expect(t.value.references).toEqual([
      { kind: "extractor", name: "name", expression: "name", offset: 2 },
      {
        kind: "actor_extractor",
        actor: "actor_b",
        name: "val",
        expression: "actor_b.val",
        offset: 13,
      },
      { kind: "request", path: "x.y", expression: "request.x.y", offset: 31 },
      { kind: "response", path: "z", expression: "response.z", offset: 47 },
    ]);
    expect(t.value.parts).toEqual(["a ", " b ", " ", " ", " {{lit}}"]);
  });

  it("rejects an unclosed {{ with its offset, but not an escaped one", () => {
    const bad = parseTemplate("ok {{name");
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.offset).toBe(3);
    expect(parseTemplate("ok \\{{name").ok).toBe(true);
  });
});
