// SDK §5.3 regex prefilters: how the pattern reader treats each piece of RE2 syntax. A
// prefilter must never be wrong (it would lose matches); where the reader is unsure, none.
import { describe, expect, it } from "vitest";
import { requiredFoldedLiterals, requiredLiterals } from "../src/compile/regex-prefilter.js";

describe("requiredLiterals: RE2 syntax", () => {
  it.each([
    // Counted repetitions: a literal repeated at least once still breaks the run.
    ["a{10}bc", ["bc"]],
    ["a{2,5}bc", ["bc"]],
    ["abc{2}de", ["ab"]],
    ["ab{2}?c", ["a"]],
    // A `{` that starts no repetition is a literal.
    ["{ab", ["{ab"]],
    ["a{b", ["a{b"]],
    // Non-greedy quantifiers match what the greedy ones match.
    ["ab+?c", ["a"]],
    ["ab??c", ["a"]],
    // Groups: plain, named both ways, nested.
    ["(x)", ["x"]],
    ["((ab|cd))", ["ab", "cd"]],
    ["(?<n>abc)d", ["abc"]],
    ["(?P<n>abcdef)x", ["abcdef"]],
    // Unicode classes, with or without braces, and negated.
    ["\\pLabc", ["abc"]],
    ["\\p{Greek}abc", ["abc"]],
    ["\\PLab", ["ab"]],
    // Character classes: negation, a leading `]`, escapes and POSIX names stay inside.
    ["[^]a]bc", ["bc"]],
    ["[]a]bc", ["bc"]],
    ["[\\]]bc", ["bc"]],
    ["[[:alpha:]]bc", ["bc"]],
  ])("%s needs one of %j", (pattern, expected) => {
    expect(requiredLiterals(pattern)).toEqual(expected);
  });

  it.each([
    ["ab**", "a double quantifier"],
    ["ab*+", "a double quantifier"],
    ["ab+??c", "a triple quantifier"],
    ["ab{2}*", "a quantifier after a repetition"],
    ["*ab", "a quantifier with nothing to repeat"],
    ["+ab", "a quantifier with nothing to repeat"],
    ["?ab", "a quantifier with nothing to repeat"],
    ["(abc", "an unclosed group"],
    ["abc)", "an unbalanced `)`"],
    ["(?i:ab>cd)", "a group with flags"],
    ["a|b|c|d|e|f|g|h|i|j|k|l|m|n|o|p|q", "more than 16 alternatives"],
  ])("%s has none (%s)", (pattern) => {
    expect(requiredLiterals(pattern)).toBeUndefined();
  });
});

describe("requiredFoldedLiterals", () => {
  it("applies only to patterns that start with (?i)", () => {
    expect(requiredFoldedLiterals("abcdefg")).toBeUndefined();
    expect(requiredFoldedLiterals("(?i)abc")).toEqual(["abc"]);
  });

  it("keeps the first of the longest pieces between k/s characters", () => {
    expect(requiredFoldedLiterals("(?i)abkcd")).toEqual(["ab"]);
  });

  it("lower-cases and deduplicates the alternatives", () => {
    expect(requiredFoldedLiterals("(?i)AbC|abc")).toEqual(["abc"]);
  });

  it("has none when an alternative has no fold-safe piece", () => {
    expect(requiredFoldedLiterals("(?i)ks|ab")).toBeUndefined();
  });
});
