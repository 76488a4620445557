// SDK §5.3 conditions: each operator's operand check (with its message), boundaries of
// the numeric operators, and conditions that never throw.
import { compileCondition, evaluateCondition } from "@oatf/evaluate";
import type { Condition, Value } from "@oatf/model";
import { describe, expect, it } from "vitest";

function compileMessage(condition: unknown): string | undefined {
  const compiled = compileCondition(condition as Condition);
  return compiled.ok ? undefined : compiled.error.message;
}

describe("operand checks", () => {
  it.each([
    [{ contains: 1 }, "contains needs a string operand"],
    [{ starts_with: null }, "starts_with needs a string operand"],
    [{ ends_with: ["a"] }, "ends_with needs a string operand"],
    [{ regex: 5 }, "regex needs a string operand"],
    [{ any_of: "a" }, "any_of needs a list operand"],
    [{ gt: "1" }, "gt needs a number operand"],
    [{ lt: null }, "lt needs a number operand"],
    [{ gte: true }, "gte needs a number operand"],
    [{ lte: [1] }, "lte needs a number operand"],
    [{ exists: "yes" }, "exists needs a boolean operand"],
    [{ contains: "a", near: "b" }, 'unknown condition operator "near"'],
  ])("%j: %s", (condition, message) => {
    expect(compileMessage(condition)).toBe(message);
    expect(evaluateCondition(condition as Condition, "a")).toBe(false);
  });

  it("reports an invalid regex with the compiler's error", () => {
    const message = compileMessage({ regex: "(" });
    expect(message).toMatch(/\S/);
    expect(message).not.toBe("regex needs a string operand");
  });

  it("ignores operators whose operand is undefined", () => {
    expect(compileMessage({ contains: undefined, starts_with: "a" })).toBeUndefined();
    expect(evaluateCondition({ contains: undefined, starts_with: "a" } as Condition, "ab")).toBe(
      true,
    );
  });
});

describe("numeric boundaries", () => {
  it.each([
    [{ gt: 5 }, 5, false],
    [{ gt: 5 }, 6, true],
    [{ lt: 5 }, 5, false],
    [{ lt: 5 }, 4, true],
    [{ gte: 5 }, 5, true],
    [{ gte: 5 }, 4, false],
    [{ lte: 5 }, 5, true],
    [{ lte: 5 }, 6, false],
    [{ gte: 5 }, "9", false],
  ])("%j on %j is %s", (condition, value, expected) => {
    expect(evaluateCondition(condition as Condition, value as Value)).toBe(expected);
  });
});

describe("string operators", () => {
  it.each([
    [{ starts_with: "ab" }, "abc", true],
    [{ starts_with: "bc" }, "abc", false],
    [{ ends_with: "bc" }, "abc", true],
    [{ ends_with: "ab" }, "abc", false],
    [{ contains: "2" }, 123, true],
  ])("%j on %j is %s", (condition, value, expected) => {
    expect(evaluateCondition(condition as Condition, value as Value)).toBe(expected);
  });
});

describe("compiled tests", () => {
  it("an exists-only condition's value test holds for any value", () => {
    const compiled = compileCondition({ exists: true } as Condition);
    expect(compiled.ok && compiled.value.existsOnly).toBe(true);
    expect(compiled.ok && compiled.value.test(5)).toBe(true);
  });

  it("several operators must all hold", () => {
    const compiled = compileCondition({ starts_with: "a", ends_with: "z" } as Condition);
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(compiled.value.test("abz")).toBe(true);
    expect(compiled.value.test("abc")).toBe(false);
    expect(compiled.value.test("xbz")).toBe(false);
  });

  it("a null condition is a bare value compared by equality", () => {
    const compiled = compileCondition(null as unknown as Condition);
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(compiled.value.test(null)).toBe(true);
    expect(compiled.value.test(0)).toBe(false);
    expect(evaluateCondition(null as unknown as Condition, null)).toBe(true);
  });

  it("is false, not a throw, on a value that cannot be read", () => {
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error("locked");
        },
      },
    );
    expect(evaluateCondition({ contains: "x" } as Condition, hostile as Value)).toBe(false);
  });
});
