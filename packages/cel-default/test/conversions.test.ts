// The conversions that follow cel-go rather than @bufbuild/cel (conversions.ts): their values at
// the edges of what they accept, and their exact errors.
import { describe, expect, it } from "vitest";
import { celError, outcome } from "./helpers.js";

const outOfRange = (s: string) =>
  celError(`Failed to parse timestamp: '${s}' has a field out of range`, 1, 1);
const notANumber = (s: string, type: string) =>
  celError(`cannot convert string '${s}' to ${type}`, 1, 1);

describe("timestamp(int) reads Unix epoch seconds, in years 1 to 9999", () => {
  it.each([
    [-62135596800, "0001-01-01T00:00:00Z"],
    [1704067200, "2024-01-01T00:00:00Z"],
    [253402300799, "9999-12-31T23:59:59Z"],
  ])("timestamp(%d) is %s", (seconds, text) => {
    expect(outcome(`int(timestamp(${seconds}))`)).toBe(seconds);
    expect(outcome(`string(timestamp(${seconds}))`)).toBe(text);
  });

  it.each([-62135596801, 253402300800])("timestamp(%d) is out of range", (seconds) => {
    expect(outcome(`timestamp(${seconds})`)).toEqual(
      celError(`timestamp(${seconds}) is out of range`, 1, 1),
    );
  });
});

describe("timestamp(string) takes RFC 3339 with every field in range", () => {
  it.each([
    ["2024-01-01T00:00:00Z", 1704067200],
    ["2024-12-31T23:59:59Z", 1735689599],
    ["2024-04-30T12:00:00Z", 1714478400],
    ["2024-02-29T00:00:00Z", 1709164800],
    ["2000-02-29T00:00:00Z", 951782400],
    ["2024-01-01T00:00:00+23:59", 1703980860],
    ["2024-01-01T00:00:00-23:59", 1704153540],
  ])("%s is %d", (text, seconds) => {
    expect(outcome(`int(timestamp('${text}'))`)).toBe(seconds);
  });

  it.each([
    "2024-00-10T00:00:00Z",
    "2024-13-01T00:00:00Z",
    "2024-01-00T00:00:00Z",
    "2024-01-32T00:00:00Z",
    "2024-04-31T00:00:00Z",
    "2024-02-30T00:00:00Z",
    "2023-02-29T00:00:00Z",
    "1900-02-29T00:00:00Z",
    "2024-01-01T24:00:00Z",
    "2024-01-01T00:60:00Z",
    "2024-01-01T00:00:60Z",
    "2024-01-01T00:00:00+24:00",
    "2024-01-01T00:00:00+23:60",
  ])("%s has a field out of range", (text) => {
    expect(outcome(`timestamp('${text}')`)).toEqual(outOfRange(text));
  });

  it("other text is reported as the protobuf JSON reader reports it", () => {
    expect(outcome("timestamp('not a time')")).toEqual(
      celError(
        "Failed to parse timestamp: cannot decode message google.protobuf.Timestamp from JSON: invalid RFC 3339 string",
        1,
        1,
      ),
    );
  });
});

describe("int(string) and uint(string) take decimal digits only, within range", () => {
  it("int: an optional sign, -2^63 to 2^63-1", () => {
    expect(outcome("int('-9223372036854775808') == -9223372036854775807 - 1")).toBe(true);
    expect(outcome("int('9223372036854775807') == 9223372036854775807")).toBe(true);
    expect(outcome("int('+5') + int('-12') + int('007')")).toBe(0);
    for (const s of ["-9223372036854775809", "9223372036854775808", " 1", "1 ", "0x10", "+-1"]) {
      expect(outcome(`int('${s}')`)).toEqual(notANumber(s, "int"));
    }
  });

  it("uint: no sign, 0 to 2^64-1", () => {
    expect(outcome("uint('18446744073709551615') == 18446744073709551615u")).toBe(true);
    expect(outcome("uint('0') == 0u")).toBe(true);
    for (const s of ["18446744073709551616", " 1", "1 ", "+5", "-1", "0x10"]) {
      expect(outcome(`uint('${s}')`)).toEqual(notANumber(s, "uint"));
    }
  });

  it("long digit strings: leading zeros still parse, more significant digits than 20 are out of range", () => {
    // Checked before BigInt, whose decimal parse is quadratic in the digits.
    const zeros = "0".repeat(100_000);
    expect(outcome(`int(z + '12') + int('-' + z + '3')`, { z: zeros })).toBe(9);
    expect(outcome(`uint(z + '18446744073709551615') == 18446744073709551615u`, { z: zeros })).toBe(
      true,
    );
    const nines = "9".repeat(100_000);
    expect(outcome("int(s)", { s: nines })).toEqual(notANumber(nines, "int"));
    expect(outcome("uint(s)", { s: nines })).toEqual(notANumber(nines, "uint"));
    expect(outcome("int(s)", { s: `1${"0".repeat(20)}` })).toEqual(
      notANumber(`1${"0".repeat(20)}`, "int"),
    );
  });
});

describe("double(string) takes what Go's strconv.ParseFloat takes", () => {
  it.each([
    ["1.5", 1.5],
    ["-0.5", -0.5],
    ["+2E-1", 0.2],
    [".5", 0.5],
    ["5.", 5],
    ["1e3", 1000],
    ["0x1p-2", 0.25],
    ["0x3p1", 6],
    ["-0x1p1", -2],
    ["+0x1p1", 2],
    ["0x1.8p1", 3],
    ["0x1.80p1", 3],
    ["0X.8P0", 0.5],
  ])("%s is %d", (s, d) => {
    expect(outcome(`double('${s}')`)).toBe(d);
  });

  it("inf and infinity with an optional sign, nan without one, in any case", () => {
    expect(outcome("[double('inf'), double('+Infinity'), double('-INF')].map(d, d > 0.0)")).toEqual(
      [true, true, false],
    );
    expect(outcome("double('-inf') < -1.7976931348623157e308")).toBe(true);
    expect(outcome("double('INF') > 1.7976931348623157e308")).toBe(true);
    expect(outcome("double('NaN') != double('nan')")).toBe(true);
  });

  it.each([
    "",
    " 1.5",
    "0x10",
    "0xp1",
    "0x.p1",
    "1e400",
    "-0x1p1024",
    "abc",
    "+nan",
    "-NaN",
    "xinf",
    "infx",
    "nanx",
    "xnan",
    "infinit",
  ])("'%s' is an error", (s) => {
    expect(outcome(`double('${s}')`)).toEqual(notANumber(s, "double"));
  });
});
