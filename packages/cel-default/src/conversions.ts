// Overrides of standard CEL conversions whose @bufbuild/cel 0.6.1 overloads differ from the
// CEL language definition (cel-spec langdef, cel-go). Each replaces the library's overload of
// the same signature (a function registered in the environment with the same id wins).
import { type CelFunc, CelScalar, celFunc, objectType } from "@bufbuild/cel";
import { create, fromJson } from "@bufbuild/protobuf";
import { type Timestamp, TimestampSchema } from "@bufbuild/protobuf/wkt";

const { INT, STRING } = CelScalar;
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
    const offH = m[7] === undefined ? 0 : Number(m[7]);
    const offM = m[8] === undefined ? 0 : Number(m[8]);
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

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The overrides, to register in the environment. */
export function conversions(): CelFunc[] {
  return [
    celFunc("timestamp", [INT], TIMESTAMP, intToTimestamp),
    celFunc("timestamp", [STRING], TIMESTAMP, stringToTimestamp),
  ];
}
