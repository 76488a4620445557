import { parseDuration } from "@oatf/model";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { suite } from "./fixtures.js";

const ms = (input: string) => {
  const result = parseDuration(input);
  return result.ok ? result.value : "error";
};

describe("upstream parse-duration fixtures", () => {
  const cases = suite("primitives/parse-duration.yaml");
  it.each(cases.map((c) => [c.id, c] as const))("%s", (_id, c) => {
    const expected = c.expected as { seconds?: number; error?: boolean };
    expect(ms(c.input as string)).toBe(expected.error ? "error" : expected.seconds! * 1000);
  });
});

describe("parseDuration", () => {
  it.each([
    ["0s", 0],
    ["30s", 30_000],
    ["5m", 300_000],
    ["1h", 3_600_000],
    ["2d", 172_800_000],
    ["007s", 7_000],
    ["PT30S", 30_000],
    ["PT5M", 300_000],
    ["PT1H", 3_600_000],
    ["P2D", 172_800_000],
    ["PT5M30S", 330_000],
    ["PT1H30M", 5_400_000],
    ["PT1H15S", 3_615_000],
    ["PT1H30M15S", 5_415_000],
    ["P1DT12H", 129_600_000],
    ["P1DT30S", 86_430_000],
    ["PT0S", 0],
    ["PT90M", 5_400_000],
    ["P0D", 0],
    ["0d", 0],
    ["P1DT0S", 86_400_000],
    ["00000000000000000000001s", 1_000],
    ["9007199254740s", 9_007_199_254_740_000],
  ])("%s is %i ms", (input, expected) => {
    expect(ms(input)).toBe(expected);
  });

  it.each([
    "",
    " 30s",
    "30s ",
    "30",
    "s",
    "30S",
    "30sec",
    "1h30m",
    "1.5h",
    "-5s",
    "+5s",
    "P",
    "PT",
    "P1DT",
    "P1D2H",
    "PT30S5M",
    "PT1M1H",
    "PT-30S",
    "PT1.5S",
    "PT0,5S",
    "P1W",
    "P1Y",
    "P1M",
    "pt30s",
    "P1DT12H ",
    "1e3s",
    "３０s",
    `${"9".repeat(400)}s`,
    "30s\n",
    "\n30s",
    "PT30S\n",
    "30 s",
    "P1DT12",
    "T30S",
    "PT30s",
    "p1d",
    "P1d",
  ])("rejects %j", (input) => {
    const result = parseDuration(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe("syntax");
  });

  it("accepts any N the grammar allows, however long, while a number can hold it", () => {
    expect(parseDuration("999999999d")).toEqual({ ok: true, value: 999999999 * 86_400_000 });
    expect(parseDuration("P999999999D")).toEqual({ ok: true, value: 999999999 * 86_400_000 });
    expect(parseDuration("99999999999999999999d").ok).toBe(true);
    const huge = parseDuration(`${"9".repeat(400)}s`);
    expect(huge.ok ? huge.value : huge.error.message).toMatch(/is too long/);
  });

  it("says what it expected, quoting the input", () => {
    expect(parseDuration("5 minutes")).toEqual({
      ok: false,
      error: expect.objectContaining({
        kind: "syntax",
        rule: "parse/syntax",
        message:
          "invalid duration `5 minutes`: expected shorthand (30s, 5m, 1h, 2d) " +
          "or ISO 8601 with integer components (PT30S, PT5M30S, P1DT12H)",
      }),
    });
  });

  it("quotes at most 40 characters of the input, then an ellipsis", () => {
    const message = (input: string) => {
      const result = parseDuration(input);
      return result.ok ? "" : result.error.message;
    };
    const forty = "x".repeat(40);
    expect(message(forty)).toMatch(new RegExp(`^invalid duration \`${forty}\`: expected`));
    expect(message(`${forty}yz`)).toMatch(new RegExp(`^invalid duration \`${forty}…\`: expected`));
    expect(message(`${"9".repeat(400)}s`)).toBe(`duration \`${"9".repeat(40)}…\` is too long`);
  });

  it("rejects non-strings from untyped callers without throwing", () => {
    expect(parseDuration(30 as unknown as string).ok).toBe(false);
    expect(parseDuration(undefined as unknown as string).ok).toBe(false);
  });

  it("agrees between shorthand and ISO 8601 forms (property)", () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(23), fc.nat(59), fc.nat(59), (d, h, m, s) => {
        const total = ((d * 24 + h) * 60 + m) * 60 + s;
        expect(ms(`P${d}DT${h}H${m}M${s}S`)).toBe(total * 1000);
        expect(ms(`${total}s`)).toBe(total * 1000);
      }),
    );
  });

  it("accepts exactly the JSON Schema's Duration pattern (property)", () => {
    const schema =
      /^([0-9]+[smhd]|P[0-9]+D(T([0-9]+H([0-9]+M)?([0-9]+S)?|[0-9]+M([0-9]+S)?|[0-9]+S))?|PT([0-9]+H([0-9]+M)?([0-9]+S)?|[0-9]+M([0-9]+S)?|[0-9]+S))$/;
    const token = fc.constantFrom(
      "P",
      "T",
      "D",
      "H",
      "M",
      "S",
      "s",
      "m",
      "h",
      "d",
      "1",
      "0",
      "42",
      "-",
      ".",
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 8 }), (parts) => {
        const input = parts.join("");
        expect(parseDuration(input).ok).toBe(schema.test(input));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("parseDuration on values that are not strings (issue 12 §5)", () => {
  const hostile: [string, unknown, string][] = [
    ["a null-prototype object", Object.create(null), "object"],
    [
      "an object whose toString throws",
      {
        toString: () => {
          throw new Error("boom");
        },
      },
      "object",
    ],
    [
      "an object whose Symbol.toPrimitive throws",
      {
        [Symbol.toPrimitive]: () => {
          throw new Error("boom");
        },
      },
      "object",
    ],
    ["a symbol", Symbol("30s"), "symbol"],
    ["an array", ["30s"], "array"],
    ["a number", 30, "number"],
    ["null", null, "null"],
    ["undefined", undefined, "undefined"],
  ];
  it.each(hostile)("%s is a syntax error naming its type, not a throw", (_name, input, type) => {
    const result = parseDuration(input as string);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.kind).toBe("syntax");
    expect(!result.ok && result.error.message).toBe(
      `invalid duration: expected a string, got ${type}`,
    );
  });
});
