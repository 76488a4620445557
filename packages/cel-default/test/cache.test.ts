import * as bufbuild from "@bufbuild/cel";
import { createCelEvaluator } from "@oatf/cel-default";
import { LruCache } from "@oatf/model/internal";
import { describe, expect, it, vi } from "vitest";

vi.mock("@bufbuild/cel", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@bufbuild/cel")>();
  return { ...actual, parse: vi.fn(actual.parse) };
});

describe("compile cache", () => {
  it("parses an expression once, for evaluate and check alike", () => {
    const parse = vi.mocked(bufbuild.parse);
    parse.mockClear();
    const cel = createCelEvaluator();
    for (let i = 0; i < 5; i++)
      expect(cel.evaluate("x > 1", { x: i })).toEqual({ ok: true, value: i > 1 });
    expect(cel.check("x > 1").ok).toBe(true);
    // An error the parser places itself (no part parsed again to place it).
    expect(cel.evaluate("(x", { x: 1 }).ok).toBe(false);
    expect(cel.check("(x").ok).toBe(false);
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it("is bounded: the least recently used expression is evicted", () => {
    const parse = vi.mocked(bufbuild.parse);
    parse.mockClear();
    const cel = createCelEvaluator({ cacheSize: 2 });
    for (const e of ["1 == 1", "2 == 2", "1 == 1", "3 == 3", "1 == 1", "2 == 2"])
      cel.evaluate(e, {});
    expect(parse.mock.calls.map((c) => c[0])).toEqual(["1 == 1", "2 == 2", "3 == 3", "2 == 2"]);
  });

  it("a repeated expression (answered without a cache lookup) still counts as recently used", () => {
    const parse = vi.mocked(bufbuild.parse);
    parse.mockClear();
    const cel = createCelEvaluator({ cacheSize: 2 });
    for (const e of [
      "1 == 1",
      "1 == 1",
      "2 == 2",
      "1 == 1",
      "1 == 1",
      "3 == 3",
      "2 == 2",
      "1 == 1",
    ])
      expect(cel.evaluate(e, {})).toEqual({ ok: true, value: true });
    expect(parse.mock.calls.map((c) => c[0])).toEqual([
      "1 == 1",
      "2 == 2",
      "3 == 3",
      "2 == 2",
      "1 == 1",
    ]);
  });

  it("cacheSize 0 disables caching", () => {
    const parse = vi.mocked(bufbuild.parse);
    parse.mockClear();
    const cel = createCelEvaluator({ cacheSize: 0 });
    cel.evaluate("true", {});
    cel.evaluate("true", {});
    expect(parse).toHaveBeenCalledTimes(2);
  });
});

describe("cacheSize", () => {
  const parsesOf = (cacheSize: unknown, expressions: string[]) => {
    const parse = vi.mocked(bufbuild.parse);
    parse.mockClear();
    const cel = createCelEvaluator({ cacheSize: cacheSize as number });
    for (const e of expressions) cel.evaluate(e, {});
    return parse.mock.calls.map((c) => c[0]);
  };

  it("a fractional size is rounded down", () => {
    expect(parsesOf(1.7, ["1 == 1", "2 == 2", "1 == 1"])).toEqual(["1 == 1", "2 == 2", "1 == 1"]);
  });

  it.each([Number.POSITIVE_INFINITY, Number.NaN, -1, "5", null])(
    "%s falls back to the default size",
    (cacheSize) => {
      expect(parsesOf(cacheSize, ["1 == 1", "2 == 2", "1 == 1"])).toEqual(["1 == 1", "2 == 2"]);
    },
  );
});

describe("LruCache", () => {
  it("keeps at most `capacity` entries, refreshing on get", () => {
    const c = new LruCache<string, number>(2);
    c.set("a", 1);
    c.set("b", 2);
    expect(c.get("a")).toBe(1);
    c.set("c", 3);
    expect(c.get("b")).toBeUndefined();
    expect(c.get("a")).toBe(1);
    expect(c.get("c")).toBe(3);
    expect(c.size).toBe(2);
  });
});
