// SDK §5.3 regex: RE2 compile errors (message and offset of the offending fragment), and
// the compiled pattern's answers with and without a literal prefilter.
import {
  type CompiledRegex,
  compileRegex,
  re2jsEngine,
  setRegexEngine,
} from "@oatf/evaluate/compilers";
import { afterEach, describe, expect, it } from "vitest";

function compiled(pattern: string) {
  const result = compileRegex(pattern);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe("compile errors", () => {
  it.each([
    [
      "a**",
      {
        message: "invalid RE2 regular expression: invalid nested repetition operator: `**`",
        offset: 1,
      },
    ],
    ["ab[", { message: "invalid RE2 regular expression: missing closing ]: `[`", offset: 2 }],
    [
      "a{2,1}",
      { message: "invalid RE2 regular expression: invalid repeat count: `{2,1}`", offset: 1 },
    ],
    [
      "\\8",
      { message: "invalid RE2 regular expression: invalid escape sequence: `\\8`", offset: 0 },
    ],
    // For these, the fragment re2js names is not where the problem is: no offset.
    [")", { message: "invalid RE2 regular expression: unexpected ): `)`" }],
    [
      "x(?P<n>a)(?P<n>b)",
      { message: "invalid RE2 regular expression: duplicate capture group name: `n`" },
    ],
    // No fragment at all.
    ["x\\", { message: "invalid RE2 regular expression: trailing backslash at end of expression" }],
    // No fragment, in a pattern that holds the text "null".
    [
      "null\\",
      { message: "invalid RE2 regular expression: trailing backslash at end of expression" },
    ],
  ])("%s", (pattern, error) => {
    expect(compileRegex(pattern)).toEqual({ ok: false, error });
  });

  it("rejects a pattern that is not a string", () => {
    expect(compileRegex(5 as never)).toEqual({
      ok: false,
      error: { message: "a regular expression must be a string" },
    });
  });
});

describe("compiled patterns", () => {
  it("exec gives undefined for a group that did not take part, and for no match", () => {
    expect(compiled("a(b)?").exec("a")).toEqual(["a", undefined]);
    expect(compiled("a(b)?").exec("ab")).toEqual(["ab", "b"]);
    expect(compiled("ab").exec("a")).toBeUndefined();
    expect(compiled("ab").exec("xaby")).toEqual(["ab"]);
  });

  it("matches patterns without a prefilter", () => {
    expect(compiled("x*").test("abc")).toBe(true);
    expect(compiled("[0-9]+").exec("abc")).toBeUndefined();
    expect(compiled("[0-9]+").test("abc")).toBe(false);
    expect(compiled("[0-9]+").exec("a12")).toEqual(["12"]);
  });

  it("a case-insensitive pattern matches any of its alternatives", () => {
    const re = compiled("(?i)abc|xyz");
    expect(re.test("--XYZ--")).toBe(true);
    expect(re.test("--AbC--")).toBe(true);
    expect(re.test("--xy--")).toBe(false);
    expect(re.exec("XyZ")).toEqual(["XyZ"]);
  });

  it("a pattern with several required literals matches any of them", () => {
    const re = compiled("foo|bar");
    expect(re.test("a bar")).toBe(true);
    expect(re.exec("a foo")).toEqual(["foo"]);
    expect(re.test("baz")).toBe(false);
  });
});

describe("the literal prefilter", () => {
  afterEach(() => setRegexEngine(re2jsEngine));

  /** Compiles with an engine that records every input it is asked to match. */
  function counted(pattern: string): { re: CompiledRegex; inputs: string[] } {
    const inputs: string[] = [];
    setRegexEngine({
      name: "counting",
      compile(source) {
        const inner = re2jsEngine.compile(source);
        if (!inner.ok) return inner;
        const engine = inner.value;
        return {
          ok: true,
          value: {
            ...engine,
            test(input) {
              inputs.push(input);
              return engine.test(input);
            },
            exec(input) {
              inputs.push(input);
              return engine.exec(input);
            },
          },
        };
      },
    });
    return { re: compiled(pattern), inputs };
  }

  it("keeps inputs without a required literal from the engine", () => {
    const { re, inputs } = counted("foo|bar");
    expect(re.test("nothing here")).toBe(false);
    expect(re.exec("nothing here")).toBeUndefined();
    expect(re.test("a bar")).toBe(true);
    expect(re.exec("a foo")).toEqual(["foo"]);
    expect(inputs).toEqual(["a bar", "a foo"]);
  });

  it("compares case-folded literals for a case-insensitive pattern", () => {
    const { re, inputs } = counted("(?i)secret");
    expect(re.test("no match")).toBe(false);
    expect(re.test("A SeCrEt")).toBe(true);
    expect(inputs).toEqual(["A SeCrEt"]);
  });

  it("sends every input to the engine when no literal is required", () => {
    const { re, inputs } = counted("[0-9]+");
    expect(re.test("abc")).toBe(false);
    expect(inputs).toEqual(["abc"]);
  });
});
