// `calls` (for validate's OATF-V014-FUNCTION): the calls of an expression as its source writes
// them, with their arguments and where each name starts, read from the parsed tree.
import { describe, expect, it } from "vitest";
import { evaluator } from "./helpers.js";

const calls = (e: string) =>
  evaluator()
    .calls(e)
    .map((c) => `${c.receiver ? "." : ""}${c.name}/${c.arity}@${c.offset}`);

describe("reading the calls of an expression", () => {
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

  it("macros as written, after what their arguments call", () => {
    expect(calls("xs.exists(x, f(x)) && has(m.k)")).toEqual(["f/1@13", ".exists/2@3", "has/1@22"]);
    expect(calls("xs.map(x, p(x), t(x))")).toEqual(["p/1@10", "t/1@16", ".map/3@3"]);
    expect(calls("xs.filter(x, x > 0).exists_one(y, g(y))")).toEqual([
      ".filter/2@3",
      "g/1@34",
      ".exists_one/2@20",
    ]);
    // Not a macro's shape: an ordinary call.
    expect(calls("xs.exists(t)")).toEqual([".exists/1@3"]);
  });

  it("the name where it stands after a leading dot, space or a comment", () => {
    expect(calls(".f(1)")).toEqual(["f/1@1"]);
    expect(calls("a . b (1)")).toEqual([".b/1@4"]);
    expect(calls("a.\n // c(2)\n b(1)")).toEqual([".b/1@13"]);
  });

  it("operators are not calls, even `in` before a parenthesis", () => {
    expect(calls("x in (y) && !f(-1) && l[g(0)] == 1")).toEqual(["f/1@13", "g/1@24"]);
  });
});

describe("calls of what is not an expression", () => {
  it("what `check` rejects has none", () => {
    expect(calls("f(")).toEqual([]);
    expect(calls("f(1) +")).toEqual([]);
  });

  it("a non-string has none", () => {
    expect(evaluator().calls(42 as unknown as string)).toEqual([]);
  });
});
