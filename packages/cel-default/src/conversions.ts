// Overrides of standard CEL conversions whose @bufbuild/cel 0.6.1 overloads differ from the
// CEL language definition (cel-spec langdef, cel-go). Each replaces the library's overload of
// the same signature (a function registered in the environment with the same id wins).
import { type CelFunc, CelScalar, type CelUint, celFunc, celUint, objectType } from "@bufbuild/cel";
import { create, fromJson } from "@bufbuild/protobuf";
import { type Timestamp, TimestampSchema } from "@bufbuild/protobuf/wkt";
import { PARSE_UNITS } from "./costs.js";
import { spend } from "./guard.js";

const { DOUBLE, INT, STRING, UINT } = CelScalar;
const TIMESTAMP = objectType(TimestampSchema);

/** The range of google.protobuf.Timestamp: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z. */
const MIN_SECONDS = -62135596800n;
const MAX_SECONDS = 253402300799n;

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|[+-](\d{2}):(\d{2}))$/;

/**
 * `timestamp(int)` (int64_to_timestamp) reads Unix epoch seconds, as cel-go's
 * `time.Unix(i, 0)`; the library read milliseconds.
 */
function intToTimestamp(seconds: bigint): Timestamp {
  if (seconds < MIN_SECONDS || seconds > MAX_SECONDS) {
    throw new Error(`timestamp(${seconds}) is out of range`);
  }
  return create(TimestampSchema, { seconds, nanos: 0 });
}

/**
 * `timestamp(string)` takes RFC 3339 (cel-go: `time.Parse(time.RFC3339, s)`), which rejects
 * fields out of range. The library relies on `Date.parse`, which rolls `2024-02-30` over to
 * March 1 and `T24:00:00` to the next day, so the fields are checked first.
 */
function stringToTimestamp(s: string): Timestamp {
  parsing(s);
  const m = RFC3339.exec(s);
  if (m) {
    const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const offH = Number(m[7] ?? 0);
    const offM = Number(m[8] ?? 0);
    const bad =
      month < 1 ||
      month > 12 ||
      day < 1 ||
      day > daysInMonth(year, month) ||
      hour > 23 ||
      minute > 59 ||
      second > 59 ||
      offH > 23 ||
      offM > 59;
    if (bad) throw new Error(`Failed to parse timestamp: '${s}' has a field out of range`);
  }
  try {
    return fromJson(TimestampSchema, s);
  } catch (e) {
    throw new Error(`Failed to parse timestamp: ${e instanceof Error ? e.message : String(e)}`);
  }
}

const INT_MIN = -(2n ** 63n);
const INT_MAX = 2n ** 63n - 1n;
const UINT_MAX = 2n ** 64n - 1n;

// The library converted strings with BigInt() and Number(), which accept what CEL does not:
// surrounding spaces, '' (as 0), and 0x/0b/0o prefixes; Number() also turns garbage into NaN.
// cel-go uses strconv with base 10, which these follow.

/**
 * At most this many significant digits reach BigInt: more are out of range for int and uint
 * anyway, and BigInt's decimal parse is quadratic in the digits (1 MB of them: 130 ms).
 */
const MAX_DIGITS = 20;

/** The decimal string as a bigint, or undefined when it has more digits than any int64/uint64. */
function decimal(s: string): bigint | undefined {
  return s.replace(/^[+-]?0*/, "").length <= MAX_DIGITS ? BigInt(s) : undefined;
}

/** `int(string)`: cel-go's `strconv.ParseInt(s, 10, 64)`, an optional sign and decimal digits. */
function stringToInt(s: string): bigint {
  parsing(s);
  const n = /^[+-]?\d+$/.test(s) ? decimal(s) : undefined;
  if (n === undefined || n < INT_MIN || n > INT_MAX) throw numberError(s, "int");
  return n;
}

/** `uint(string)`: cel-go's `strconv.ParseUint(s, 10, 64)`, decimal digits and no sign. */
function stringToUint(s: string): CelUint {
  parsing(s);
  const n = /^\d+$/.test(s) ? decimal(s) : undefined;
  if (n === undefined || n > UINT_MAX) throw numberError(s, "uint");
  return celUint(n);
}

const DECIMAL_FLOAT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const HEX_FLOAT = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)$/;

/**
 * `double(string)`: cel-go's `strconv.ParseFloat(s, 64)`: decimal notation, hexadecimal with a
 * binary exponent (`0x1p-2`), `inf` and `infinity` with an optional sign and `nan` without one,
 * in any case; a value beyond the double range is an error, as ParseFloat's ErrRange is in cel-go.
 */
function stringToDouble(s: string): number {
  parsing(s);
  if (/^nan$/i.test(s)) return Number.NaN;
  const infinity = /^([+-]?)inf(?:inity)?$/i.exec(s);
  if (infinity) return infinity[1] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  let d = Number.NaN;
  if (DECIMAL_FLOAT.test(s)) d = Number(s);
  const hex = HEX_FLOAT.exec(s);
  if (hex) {
    const [, sign, whole, frac = "", exp] = hex;
    if (whole + frac !== "") {
      const mantissa = Number(BigInt(`0x${whole}${frac}`));
      d = (sign === "-" ? -1 : 1) * mantissa * 2 ** (Number(exp) - 4 * frac.length);
    }
  }
  if (!Number.isFinite(d)) throw numberError(s, "double");
  return d;
}

/**
 * Charges the parse of `s` (its scan by the call is charged already): the patterns and number
 * parsing here cost several times a plain scan (a megabyte of digits: about 2 ms).
 */
function parsing(s: string): void {
  spend(s.length * PARSE_UNITS);
}

function numberError(s: string, type: string): Error {
  return new Error(`cannot convert string '${s}' to ${type}`);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The overrides, to register in the environment. */
export function conversions(): CelFunc[] {
  return [
    celFunc("timestamp", [INT], TIMESTAMP, intToTimestamp),
    celFunc("timestamp", [STRING], TIMESTAMP, stringToTimestamp),
    celFunc("int", [STRING], INT, stringToInt),
    celFunc("uint", [STRING], UINT, stringToUint),
    celFunc("double", [STRING], DOUBLE, stringToDouble),
  ];
}
