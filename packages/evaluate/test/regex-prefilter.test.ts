import fc from "fast-check";
import { RE2JS } from "re2js";
import { describe, expect, it } from "vitest";
import { compileRegex } from "../src/compile/index.js";
import { requiredFoldedLiterals, requiredLiterals } from "../src/compile/regex-prefilter.js";

describe("requiredLiterals", () => {
  it.each([
    ["exfil_1|attacker-1\\.example", ["exfil_1", "attacker-1.example"]],
    ["(?:api[_-]?key|secret)=\\w+", ["api", "secret"]],
    ["^IMPORTANT:\\s+ignore", ["IMPORTANT:"]],
    ["ab*c", ["a"]],
    ["(abc)+d", ["abc"]],
    ["x{2,}yz", ["yz"]],
    ["a{,5}", ["a{,5}"]],
    ["\\bid_rsa\\b", ["id_rsa"]],
    ["(?P<user>[a-z]+)@evil\\.example", ["@evil.example"]],
    ["😀?x", ["x"]],
    ["[|]pipe", ["pipe"]],
  ])("%s needs one of %j", (pattern, expected) => {
    expect(requiredLiterals(pattern)).toEqual(expected);
  });

  it.each([
    "(?i)secret", // flags change what a literal matches
    "a|", // an empty alternative matches anywhere
    "x*",
    "(abc)?",
    "\\Qa.b\\E",
    "\\x41",
    "[abc]",
    ".*",
    "a)",
  ])("%s gets no prefilter", (pattern) => {
    expect(requiredLiterals(pattern)).toBeUndefined();
  });

  it("is sound: whenever RE2 matches, the input contains a required literal (property)", () => {
    const piece = fc.constantFrom(
      "a",
      "b",
      "ab",
      "\\.",
      ".",
      "[ab]",
      "(",
      ")",
      "|",
      "*",
      "+",
      "?",
      "{2}",
      "{1,}",
      "(?:",
      "^",
      "$",
      "\\w",
      "\\b",
      "x{",
      "é",
      "😀",
    );
    const input = fc.string({
      unit: fc.constantFrom("a", "b", ".", "x", "{", "é", "😀", " ", "2"),
      maxLength: 12,
    });
    let checked = 0;
    let runs = 0;
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 8 }),
        fc.array(input, { minLength: 1, maxLength: 5 }),
        (pieces, inputs) => {
          runs++;
          const pattern = pieces.join("");
          let re: RE2JS;
          try {
            re = RE2JS.compile(pattern);
          } catch {
            return; // invalid patterns never reach the prefilter
          }
          const needles = requiredLiterals(pattern);
          if (needles === undefined) return;
          for (const text of inputs) {
            if (!re.test(text)) continue;
            checked++;
            expect(
              needles.some((n) => text.includes(n)),
              `${pattern} on ${text}`,
            ).toBe(true);
          }
        },
      ),
      { numRuns: 3000 },
    );
    // Matches with a prefilter really were checked: at least one per 60 runs (50 of the full
    // 3000), so the bound holds when mutation runs stop the property early.
    expect(checked).toBeGreaterThan(runs / 60);
  });

  it("a prefiltered regex answers as RE2 does, with regex syntax in the literals (property)", () => {
    // Literals holding `.`, `+`, `(`, `|`, `{`, `\\`, `/` or `$` as text: the prefilter of
    // several literals is one JS RegExp of their escaped text, so each must stay literal.
    const literal = fc
      .array(fc.constantFrom("a", "b", "\\.", "\\+", "\\(", "\\|", "x{", "\\\\", "/", "\\$"), {
        minLength: 1,
        maxLength: 3,
      })
      .map((parts) => parts.join(""));
    const unit = fc.constantFrom("a", "b", ".", "+", "(", "|", "x", "{", "\\", "/", "$");
    let matched = 0;
    fc.assert(
      fc.property(
        fc.array(literal, { minLength: 2, maxLength: 5 }),
        fc.array(fc.string({ unit, maxLength: 10 }), { minLength: 1, maxLength: 8 }),
        (alternatives, inputs) => {
          const pattern = alternatives.join("|");
          const compiled = compileRegex(pattern);
          expect(compiled.ok).toBe(true);
          const re = RE2JS.compile(pattern);
          for (const text of inputs) {
            const expected = re.test(text);
            if (expected) matched++;
            expect(compiled.ok && compiled.value.test(text), `${pattern} on ${text}`).toBe(
              expected,
            );
          }
        },
      ),
      { numRuns: 500 },
    );
    expect(matched).toBeGreaterThan(0);
    // A literal that is regex syntax in JS is still only text.
    const re = compileRegex("c\\+d|\\(e\\)|f\\.g");
    expect(re.ok && re.value.test("xx c+d yy")).toBe(true);
    expect(re.ok && re.value.test("ccd e fxg")).toBe(false);
  });

  it("case-insensitive patterns: lower-case pieces without k or s (their orbits leave ASCII)", () => {
    expect(requiredFoldedLiterals("(?i)(system note|compliance requires)")).toEqual([
      "tem note",
      "compliance require",
    ]);
    expect(requiredFoldedLiterals("(?i)ask")).toEqual(["a"]);
    expect(requiredFoldedLiterals("(?i)sk")).toBeUndefined();
    expect(requiredFoldedLiterals("(?i)a(?s).b")).toBeUndefined();
    const re = compileRegex("(?i)system note");
    // U+017F LONG S folds to s under RE2's (?i): the prefilter must let it through.
    expect(re.ok && re.value.test("ſYSTEM NOTE")).toBe(true);
    expect(re.ok && re.value.test("nothing")).toBe(false);
  });

  it("case-insensitive prefilters are sound (property)", () => {
    const word = fc.string({
      unit: fc.constantFrom("a", "B", "s", "k", "x", " ", "-"),
      minLength: 1,
      maxLength: 4,
    });
    const variant = (text: string) =>
      fc.constantFrom(
        text,
        text.toUpperCase(),
        text.replaceAll("s", "ſ").replaceAll("k", "\u212a"),
        `pre ${text.toLowerCase()} post`,
      );
    fc.assert(
      fc.property(
        fc
          .array(word, { minLength: 1, maxLength: 3 })
          .chain((words) => fc.tuple(fc.constant(words), variant(words[0]!))),
        ([words, input]) => {
          const pattern = `(?i)${words.join("|")}`;
          const folded = requiredFoldedLiterals(pattern);
          if (folded === undefined) return;
          if (!RE2JS.compile(pattern).test(input)) return;
          const lower = input.toLowerCase();
          expect(
            folded.some((n) => lower.includes(n)),
            `${pattern} on ${input}`,
          ).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("a prefiltered case-insensitive regex answers as RE2 does (property)", () => {
    // Letters whose case orbits leave ASCII (ſ, K, İ, ı) or that upper-case to ASCII.
    const unit = fc.constantFrom("a", "B", "i", "I", "s", "k", "x", " ", "ſ", "\u212a", "İ", "ı");
    const word = fc.string({
      unit: fc.constantFrom("a", "b", "i", "x", "s", "k"),
      minLength: 2,
      maxLength: 4,
    });
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 3 }),
        fc.array(fc.string({ unit, maxLength: 8 }), { minLength: 1, maxLength: 6 }),
        (words, inputs) => {
          const pattern = `(?i)${words.join("|")}`;
          const compiled = compileRegex(pattern);
          if (!compiled.ok) throw new Error(pattern);
          const re2 = RE2JS.compile(pattern);
          for (const input of inputs)
            expect(compiled.value.test(input), `${pattern} on ${input}`).toBe(re2.test(input));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("keeps compileRegex's answers", () => {
    const re = compileRegex("attacker-\\d+\\.example");
    expect(re.ok && re.value.test("mail attacker-7.example now")).toBe(true);
    expect(re.ok && re.value.test("nothing here")).toBe(false);
    expect(re.ok && re.value.exec("x attacker-42.example")).toEqual(["attacker-42.example"]);
  });
});
