// Strings order by Unicode code point (ordering.ts), for each of <, <=, > and >=.
import { describe, expect, it } from "vitest";
import { outcome } from "./helpers.js";

const OPERATORS = "[s < t, s <= t, s > t, s >= t]";
const BEFORE = [true, true, false, false];
const SAME = [false, true, false, true];
const AFTER = [false, false, true, true];

describe("string ordering", () => {
  it.each([
    ["a", "b", BEFORE],
    ["b", "a", AFTER],
    ["a", "a", SAME],
    ["", "a", BEFORE],
    ["a", "ab", BEFORE],
    ["ab", "a", AFTER],
    ["ab", "ac", BEFORE],
    ["Z", "a", BEFORE],
    // Beyond the BMP: a surrogate pair (0xD83D...) is a code point above 0xFFFF.
    ["\uffff", "😀", BEFORE],
    ["😀", "\uffff", AFTER],
    ["a\uffffz", "a😀", BEFORE],
    ["😀", "😁", BEFORE],
    ["😀", "😀", SAME],
    ["😀", "😀a", BEFORE],
  ])("%j against %j", (s, t, expected) => {
    expect(outcome(OPERATORS, { s, t })).toEqual(expected);
  });
});
