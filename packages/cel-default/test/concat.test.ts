// `+` on strings, bytes and lists (concat.ts): the size cap at its boundary, and lists built by
// appending in place.
import { describe, expect, it } from "vitest";
import { celError, outcome } from "./helpers.js";

const capped = (expression: string) => outcome(expression, {}, { maxConcatSize: 4 });

describe("maxConcatSize bounds what + may build", () => {
  it("a string may reach the cap, not exceed it", () => {
    expect(capped("'ab' + 'cd'")).toBe("abcd");
    expect(capped("'ab' + 'cde'")).toEqual(
      celError("string concatenation exceeds the size limit of 4", 1, 5),
    );
  });

  it("bytes too", () => {
    expect(capped("string(b'ab' + b'cd')")).toBe("abcd");
    expect(capped("size(b'ab' + b'cde')")).toEqual(
      celError("bytes concatenation exceeds the size limit of 4", 1, 11),
    );
  });

  it("lists too, counted in elements", () => {
    expect(capped("[1, 2] + [3, 4]")).toEqual([1, 2, 3, 4]);
    expect(capped("[1, 2] + [3, 4, 5]")).toEqual(
      celError("list concatenation exceeds the size limit of 4", 1, 7),
    );
  });
});

describe("lists built by +", () => {
  it("hold both operands in order", () => {
    expect(outcome("[1] + [2] + [3]")).toEqual([1, 2, 3]);
    expect(outcome("[([1] + [2])[0], ([1] + [2])[1]]")).toEqual([1, 2]);
    expect(outcome("l + ['x']", { l: [1, 2] })).toEqual([1, 2, "x"]);
  });

  it("end at their own size, even when a longer list shares their elements", () => {
    expect(outcome("([1] + [2])[2]")).toEqual(celError("index 2 out of bounds [0, -1)", 1, 5));
    expect(outcome("[[1] + [2]].map(l, [size(l + [3]), l[2]])")).toEqual(
      celError("index 2 out of bounds [0, -1)", 1, 36),
    );
  });

  it("are not changed by appending to them", () => {
    expect(outcome("[[1] + [2]].map(l, [l + [3], l + [4], l])")).toEqual([
      [
        [1, 2, 3],
        [1, 2, 4],
        [1, 2],
      ],
    ]);
  });
});
