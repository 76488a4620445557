// The cost model of the time limit (guard.ts, meter.ts, builtins.ts, concat.ts, values.ts): what
// each kind of work is charged, seen with the clock stopped, where only the budget of twice the
// limit (2,000,000 units per ms) can end an evaluation. Each case runs under a limit whose
// budget the work exceeds, and under one that it fits, so both sides of the charge are pinned.
import { describe, expect, it } from "vitest";
import { withinBudget } from "./helpers.js";

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const repeat = (term: string, n: number) => Array.from({ length: n }, () => term).join(", ");
const overrun = (ms: number) => `evaluation exceeded the time limit of ${ms} ms`;

/** Asserts that `expression` overruns a limit of `tight` ms and finishes under `roomy` ms. */
function costs(
  expression: string,
  context: Record<string, unknown>,
  limits: { tight: number; roomy: number },
  value: unknown = true,
) {
  expect(withinBudget(limits.tight, expression, context)).toBe(overrun(limits.tight));
  expect(withinBudget(limits.roomy, expression, context)).toEqual(value);
}

const t = "a".repeat(100_000);

describe("a call is charged the length of its string and bytes arguments", () => {
  it("as arguments: ten size(t) of 100,000 characters cost 1,000,000 units", () => {
    costs(`[${repeat("size(t)", 10)}].size() > 0`, { t }, { tight: 0.25, roomy: 1 });
  });

  it("as the target of a method: ten t.size() cost the same", () => {
    costs(`[${repeat("t.size()", 10)}].size() > 0`, { t }, { tight: 0.25, roomy: 1 });
  });

  it("bytes too", () => {
    const e = `[bytes(t)].all(b, [${repeat("size(b)", 10)}].size() > 0)`;
    costs(e, { t }, { tight: 0.25, roomy: 1 });
  });

  it("other arguments cost nothing beyond the call, and do not spoil the count", () => {
    const e = `size([1]) == 1 && [${repeat("size(t)", 10)}].size() > 0`;
    costs(e, { t }, { tight: 0.25, roomy: 1 });
  });
});

describe("loops are charged every step", () => {
  it("10,000 steps of a nested comprehension cost about 110,000 units", () => {
    const e = `[${repeat("1", 100)}].map(i, [${repeat("1", 100)}].all(j, true)).size() > 0`;
    costs(e, {}, { tight: 0.02, roomy: 0.1 });
  });
});

describe("equality and `in` are charged every element they compare", () => {
  const x = range(50_000);
  const y = range(50_000);

  it("== and != of two lists of 50,000 cost 1,100,000 units", () => {
    costs("x == y", { x, y }, { tight: 0.25, roomy: 1 });
    costs("x != y", { x, y }, { tight: 0.25, roomy: 1 }, false);
  });

  it("in a list of 50,000 costs 1,050,000 units", () => {
    costs("-1 in x", { x }, { tight: 0.25, roomy: 1 }, false);
  });

  it("a value compared with itself costs nothing", () => {
    expect(withinBudget(0.001, "x == x", { x })).toBe(true);
  });
});

describe("concatenation of lists is charged the elements it copies and appends", () => {
  const big = range(100_000);

  it("copying a list of 100,000 costs 2,000,000 units, appending one the same", () => {
    costs("size(big + [1]) == 100001", { big }, { tight: 0.5, roomy: 2 });
    costs("size([1] + big) == 100001", { big }, { tight: 0.5, roomy: 2 });
  });

  it("map appends its result in place: 2,000 steps cost about 84,000 units, not 40 million", () => {
    expect(withinBudget(0.1, "l.map(i, i).size() == 2000", { l: range(2000) })).toBe(true);
  });
});

describe("reading the message is charged", () => {
  const m = Object.fromEntries(range(50_000).map((i) => [`k${i}`, i]));

  it("the keys of an object, listed once per object: 50,000 keys cost 1,000,000 units", () => {
    costs("size(m) == 50000", { m }, { tight: 0.25, roomy: 1 });
    expect(withinBudget(2, `[${repeat("size(m)", 10)}].size() == 10`, { m })).toBe(true);
  });

  it("each element read: a result of 5,000 elements costs 10,000 units", () => {
    costs("l", { l: range(5000) }, { tight: 0.002, roomy: 0.01 }, range(5000));
  });
});

describe("matches is charged its input and the compilation of its pattern", () => {
  it("200 units a pattern character, compiled once per pattern", () => {
    costs("ab.matches(p)", { ab: "ab", p: "x".repeat(10_000) }, { tight: 1, roomy: 3 }, false);
    const e = `[${repeat("ab.matches(p)", 20)}].size() == 20`;
    expect(withinBudget(1, e, { ab: "ab", p: "x".repeat(1000) })).toBe(true);
  });

  it("50 units an input character", () => {
    costs("t.matches('b')", { t }, { tight: 1, roomy: 10 }, false);
  });
});
