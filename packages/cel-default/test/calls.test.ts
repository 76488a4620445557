// `calls` (for validate's OATF-V014-FUNCTION): the calls of an expression as its source writes
// them, with their arguments and where each name starts.
import { describe, expect, it } from "vitest";
import { evaluator } from "./helpers.js";

describe("reading the calls of an expression", () => {
  const calls = (e: string) =>
    evaluator()
      .calls(e)
      .map((c) => `${c.receiver ? "." : ""}${c.name}/${c.arity}@${c.offset}`);

  it("global and receiver calls, their arguments counted at their own level", () => {
    expect(calls("f(a, g(b, c), [d, e], {'k': v})")).toEqual(["g/2@5", "f/4@0"]);
    expect(calls("x.y().z(1)")).toEqual([".y/0@2", ".z/1@6"]);
    expect(calls("f()")).toEqual(["f/0@0"]);
  });

  it("not in strings, bytes, raw strings or comments", () => {
    const e = `'f(1)' + "g(2)" + b'h()' + r'\\' + '''i(\n)''' // j(3)\n+ k()`;
    expect(calls(e)).toEqual([`k/0@${e.indexOf("k()")}`]);
  });

  it("a method on a call, an index or a literal", () => {
    expect(calls("f(x).g()")).toEqual(["f/1@0", ".g/0@5"]);
    expect(calls("l[0].g()")).toEqual([".g/0@5"]);
    expect(calls("'a'.g() + b'b'.h()")).toEqual([".g/0@4", ".h/0@15"]);
  });

  it("a dotted number is not a selection", () => {
    expect(calls("1.5 + f(2.0)")).toEqual(["f/1@6"]);
  });
});

describe("calls of what is not an expression", () => {
  it("a non-string has none", () => {
    expect(evaluator().calls(42 as unknown as string)).toEqual([]);
  });
});
