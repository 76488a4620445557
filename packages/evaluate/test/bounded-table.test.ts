// The table behind every reader bound (issue 23 §8): entries and characters both capped,
// oldest forgotten first, and the count of what was forgotten returned so it can be said.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BoundedTable } from "../src/base/bounded-table.js";

describe("BoundedTable", () => {
  it("forgets the oldest entries past the entry bound, and says how many", () => {
    const table = new BoundedTable<number>(2, 1000);
    expect(table.set("a", 1, 0)).toBe(0);
    expect(table.set("b", 2, 0)).toBe(0);
    expect(table.set("c", 3, 0)).toBe(1);
    expect([table.get("a"), table.get("b"), table.get("c")]).toEqual([undefined, 2, 3]);
    expect(table.size).toBe(2);
  });

  it("charges each entry its key and cost, and forgets the oldest past the character bound", () => {
    const table = new BoundedTable<string>(100, 10);
    table.set("k1", "x", 3); // 5
    table.set("k2", "y", 3); // 10
    expect(table.chars).toBe(10);
    expect(table.set("k3", "z", 1)).toBe(1); // 13 - 5
    expect(table.chars).toBe(8);
    expect(table.get("k1")).toBeUndefined();
    // An entry over the bound on its own is forgotten at once.
    expect(table.set("big", "v", 20)).toBe(3);
    expect([table.size, table.chars]).toEqual([0, 0]);
  });

  it("replaces an entry of the same key, moving it last and recharging it", () => {
    const table = new BoundedTable<number>(2, 1000);
    table.set("a", 1, 5);
    table.set("b", 2, 0);
    table.set("a", 3, 1);
    expect(table.chars).toBe(1 + 1 + (1 + 0)); // a: key + cost 1; b: key + cost 0
    table.set("c", 4, 0); // forgets b, now the oldest
    expect([table.get("a"), table.get("b"), table.get("c")]).toEqual([3, undefined, 4]);
  });

  it("takes an entry out, giving back its characters", () => {
    const table = new BoundedTable<number>(5, 100);
    table.set("a", 1, 4);
    expect(table.take("a")).toBe(1);
    expect(table.take("a")).toBeUndefined();
    expect([table.size, table.chars]).toEqual([0, 0]);
  });

  it("tells its owner of each entry forgotten for the bounds, not of those taken or replaced", () => {
    const forgotten: [string, number][] = [];
    const table = new BoundedTable<number>(2, 1000, (key, value) => forgotten.push([key, value]));
    table.set("a", 1, 0);
    table.set("b", 2, 0);
    table.set("b", 3, 0); // replaced
    table.take("a"); // taken
    table.set("c", 4, 0);
    table.set("d", 5, 0); // forgets b
    expect(forgotten).toEqual([["b", 3]]);
  });
  it("tells whether a set would forget nothing, exactly as set then counts", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.oneof(fc.constantFrom("a", "bb", "ccc"), fc.nat(3)), fc.nat(6)), {
          maxLength: 12,
        }),
        (steps) => {
          const table = new BoundedTable<number, string | number>(3, 24);
          for (const [key, cost] of steps) {
            const fits = table.fits(key, cost);
            expect(table.set(key, cost, cost) === 0).toBe(fits);
          }
        },
      ),
    );
  });
});
