// `functions()` (an SDK extension beyond §6.1, read by validate's OATF-V014-FUNCTION): what this
// evaluator declares is what it runs, and what it does not declare is unsupported_method.
import { createCelEvaluator } from "@oatf/cel-default";
import { describe, expect, it } from "vitest";

const cel = createCelEvaluator();
const declared = cel.functions();
const MACROS = new Set(["has", "all", "exists", "exists_one", "filter", "map"]);

describe("functions()", () => {
  it("declares the functions and macros SDK §6.1 requires, in both call forms", () => {
    const shapes = declared.map((d) => `${d.receiver ? "." : ""}${d.name}/${d.arity}`);
    for (const shape of [
      "size/1",
      ".size/0",
      ".contains/1",
      ".startsWith/1",
      ".endsWith/1",
      ".matches/1",
      "matches/2",
      ".exists/2",
      ".all/2",
      ".filter/2",
      ".map/2",
      ".map/3",
      ".exists_one/2",
      "has/1",
      "timestamp/1",
      "duration/1",
    ])
      expect(shapes).toContain(shape);
  });

  it("declares no operator and nothing internal", () => {
    for (const d of declared) expect(d.name).toMatch(/^[A-Za-z_][\w.]*$/);
    expect(new Set(declared.map((d) => `${d.name}/${d.receiver}/${d.arity}`)).size).toBe(
      declared.length,
    );
  });

  it("every function declared is one evaluation finds (no unsupported_method)", () => {
    for (const d of declared.filter((d) => !MACROS.has(d.name))) {
      const args = Array.from({ length: d.arity }, () => "x").join(", ");
      const expression = d.receiver ? `x.${d.name}(${args})` : `${d.name}(${args})`;
      const r = cel.evaluate(expression, { x: "2024-01-01T00:00:00Z" });
      expect(r.ok || r.error.kind, expression).not.toBe("unsupported_method");
    }
  });

  it("a function it does not declare is unsupported_method at evaluation", () => {
    const r = cel.evaluate("x.contans('a')", { x: "abc" });
    expect(r.ok || r.error.kind).toBe("unsupported_method");
    expect(declared.some((d) => d.name === "contans")).toBe(false);
  });

  it("is frozen and the same list every call", () => {
    expect(cel.functions()).toBe(declared);
    expect(Object.isFrozen(declared)).toBe(true);
    expect(Object.isFrozen(declared[0])).toBe(true);
  });
});
