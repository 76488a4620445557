// The one "did you mean" helper behind parse, validate, the CLI and the language server.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "../src/index.js";
import { didYouMean, editDistance } from "../src/internal.js";

describe("editDistance", () => {
  it.each([
    ["stabel", "stable", 1],
    ["nmae", "name", 1],
    ["tools/lsit", "tools/list", 1],
    ["severty", "severity", 1],
    ["smtp", "mcp", 2],
    ["", "abc", 3],
    ["kitten", "sitting", 3],
  ])("%s → %s is %d", (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });

  it("stops at the limit", () => {
    expect(editDistance("abcdef", "uvwxyz", 2)).toBe(2);
    expect(editDistance("a", "abcdefgh", 3)).toBe(3);
  });

  it("is a metric bounded by the longer length, and the limit only caps it (property)", () => {
    const word = fc.string({ unit: fc.constantFrom("a", "b", "c", "d"), maxLength: 8 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 10 }), (a, b, limit) => {
        const d = editDistance(a, b);
        expect(d).toBe(editDistance(b, a));
        expect(d === 0).toBe(a === b);
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
        expect(editDistance(a, b, limit)).toBe(Math.min(d, limit));
      }),
      { numRuns: 300 },
    );
  });
});

describe("didYouMean", () => {
  it("suggests the nearest candidate within the distance allowed", () => {
    expect(didYouMean("stabel", ["draft", "stable", "deprecated"])).toBe("stable");
    expect(didYouMean("tools/lsit", ["tools/list", "tools/call"])).toBe("tools/list");
    expect(didYouMean("Severity", ["severity"])).toBe("severity");
  });

  it("suggests nothing for an unrelated, an exact or an empty word", () => {
    expect(didYouMean("smtp", ["mcp", "a2a"])).toBeUndefined();
    expect(didYouMean("stable", ["stable", "stabel"])).toBeUndefined();
    expect(didYouMean("", ["a"])).toBeUndefined();
    expect(didYouMean("bogus", ["ingested", "local_action"])).toBeUndefined();
  });

  it("takes a larger distance when asked", () => {
    expect(didYouMean("smtp", ["mcp"], { maxDistance: 2 })).toBe("mcp");
  });
});

describe("parse messages say what was probably meant", () => {
  const doc = (attack: string) =>
    `oatf: "0.1"\nattack:\n  execution:\n    mode: mcp_server\n    state: {}\n${attack}`;
  const messages = (text: string) => {
    const result = parse(text);
    return result.ok ? [] : result.error.map((e) => e.message);
  };

  it("for an enum value", () => {
    expect(messages(doc("  status: stabel\n"))).toEqual([
      "unknown status `stabel`; expected one of: draft, experimental, stable, deprecated; did you mean `stable`?",
    ]);
  });

  it("for a field name", () => {
    expect(messages(doc("  severty: high\n"))).toEqual([
      "unknown field `severty` in attack; did you mean `severity`?",
    ]);
  });
});
