import { LruCache } from "@oatf/model/internal";
import { describe, expect, it } from "vitest";

describe("LruCache size bound", () => {
  it.each([
    [3, 3],
    [2.9, 2],
    [0, 0],
    [-4, 0],
    [Number.POSITIVE_INFINITY, 0],
    [Number.NaN, 0],
  ])("a maxSize of %d holds at most %d entries", (maxSize, bound) => {
    const cache = new LruCache<number, string>(maxSize);
    expect(cache.maxSize).toBe(bound);
    for (let i = 0; i < 10; i++) cache.set(i, `v${i}`);
    expect(cache.size).toBe(bound);
  });

  it("caches nothing with maxSize 0", () => {
    const cache = new LruCache<string, number>(0);
    cache.set("a", 1);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

describe("LruCache eviction", () => {
  it("evicts the entry set longest ago when nothing was read", () => {
    const cache = new LruCache<string, number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.set("c", 3);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, 2, 3]);
  });

  it("keeps an entry that was read recently and evicts the least recently used one", () => {
    const cache = new LruCache<string, number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1);
    cache.set("c", 3);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([1, undefined, 3]);
  });

  it("replaces the value of a key set again, marks it recently used and does not grow", () => {
    const cache = new LruCache<string, number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.set("a", 10);
    expect(cache.size).toBe(2);
    cache.set("c", 3);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([10, undefined, 3]);
  });

  it("does not store anything when a missing key is read", () => {
    const cache = new LruCache<string, number>(2);
    cache.set("a", 1);
    expect(cache.get("missing")).toBeUndefined();
    expect(cache.size).toBe(1);
    cache.set("b", 2);
    expect([cache.get("a"), cache.get("b")]).toEqual([1, 2]);
  });

  it("empties on clear", () => {
    const cache = new LruCache<string, number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.get("a")).toBeUndefined();
  });
});

describe("LruCache.getOrCreate", () => {
  it("computes a missing value once, from its key, and stores it", () => {
    const cache = new LruCache<string, string>(2);
    const made: string[] = [];
    const create = (key: string) => {
      made.push(key);
      return key.toUpperCase();
    };
    expect(cache.getOrCreate("a", create)).toBe("A");
    expect(cache.getOrCreate("a", create)).toBe("A");
    expect(made).toEqual(["a"]);
    expect(cache.get("a")).toBe("A");
  });

  it("returns a cached value without computing and marks it recently used", () => {
    const cache = new LruCache<string, number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.getOrCreate("a", () => 99)).toBe(1);
    cache.set("c", 3);
    expect([cache.get("a"), cache.get("b")]).toEqual([1, undefined]);
  });

  it("computes again after the value was evicted", () => {
    const cache = new LruCache<string, number>(1);
    let calls = 0;
    const create = () => ++calls;
    expect(cache.getOrCreate("a", create)).toBe(1);
    expect(cache.getOrCreate("b", create)).toBe(2);
    expect(cache.getOrCreate("a", create)).toBe(3);
  });
});
