// `variables` (for validate's OATF-V014-VARIABLE): the variables an expression reads, each
// identifier no macro binds, type names aside, once, in source order, with where it starts.
import { describe, expect, it } from "vitest";
import { evaluator } from "./helpers.js";

const variables = (e: string) =>
  evaluator()
    .variables(e)
    .map((v) => `${v.name}@${v.offset}`);

describe("reading the variables of an expression", () => {
  it("roots of selections, call arguments and receivers, each once", () => {
    expect(variables("message.a.b == x && size(y) > 0 && z.f(message)")).toEqual([
      "message@0",
      "x@15",
      "y@25",
      "z@35",
    ]);
  });

  it("not what a macro binds, in its body or its result", () => {
    const e = "message.l.exists(t, t > k) && [1].map(x, x * 2).all(v, v in m) && has(message.q)";
    expect(variables(e)).toEqual(["message@0", `k@${e.indexOf("k)")}`, `m@${e.indexOf("m)")}`]);
    expect(variables("message.l.exists_one(t, t) || message.l.filter(t, t).size() > 0")).toEqual([
      "message@0",
    ]);
  });

  it("not type names, strings, comments or field names", () => {
    const e = `type(message) == map && int(message.n) > 0 && "x.y" != 'z' // w\n&& {'k': message}.k == message`;
    expect(variables(e)).toEqual(["message@5"]);
    expect(
      variables("[string, bool, bytes, double, dyn, list, null_type, type, uint, int]"),
    ).toEqual([]);
  });

  it("none for an expression check rejects, or for a non-string", () => {
    expect(variables("message.")).toEqual([]);
    expect(evaluator().variables(7 as never)).toEqual([]);
  });
});
