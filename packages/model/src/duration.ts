// parse_duration (SDK §5.2), in milliseconds. The grammar is exactly that of
// the spec and of the JSON Schema's Duration pattern: shorthand `{N}s|m|h|d`,
// or ISO 8601 `P{N}D`, `PT…` and `P{N}DT…` with integer D, H, M, S components
// in descending order. No signs, fractions, weeks, years, months or spaces.
import type { ParseError } from "./diagnostics.js";
import { parseError } from "./parse/errors.js";
import { preview } from "./preview.js";
import { err, ok, type Result } from "./result.js";

const SECOND = 1000;
const UNIT_MS = { s: SECOND, m: 60 * SECOND, h: 3600 * SECOND, d: 86_400 * SECOND } as const;

const SHORTHAND = /^([0-9]+)([smhd])$/;
// Every part optional in the regex; the checks below require at least one
// component, and at least one time component after `T`.
const ISO = /^P(?:([0-9]+)D)?(?:(T)(?:([0-9]+)H)?(?:([0-9]+)M)?(?:([0-9]+)S)?)?$/;

export function parseDuration(input: string): Result<number, ParseError> {
  // Never String(input): a null-prototype object or a throwing toString would throw.
  if (typeof input !== "string") return notAString(input);
  const short = SHORTHAND.exec(input);
  if (short) return total(input, [[short[1]!, UNIT_MS[short[2] as keyof typeof UNIT_MS]]]);

  const iso = ISO.exec(input);
  if (!iso) return invalid(input);
  const [, days, t, hours, minutes, seconds] = iso;
  const hasTime = hours !== undefined || minutes !== undefined || seconds !== undefined;
  if (t !== undefined && !hasTime) return invalid(input); // `PT`, `P1DT`
  if (days === undefined && !hasTime) return invalid(input); // `P`
  return total(input, [
    [days, UNIT_MS.d],
    [hours, UNIT_MS.h],
    [minutes, UNIT_MS.m],
    [seconds, UNIT_MS.s],
  ]);
}

function total(input: string, parts: [string | undefined, number][]): Result<number, ParseError> {
  let ms = 0;
  for (const [digits, unit] of parts) {
    if (digits !== undefined) ms += Number(digits) * unit;
  }
  // The grammar puts no bound on N. Beyond 2^53 ms (285,000 years) a number keeps
  // only about 16 significant digits, which no timer notices; only what no number can
  // hold at all is refused.
  if (!Number.isFinite(ms)) {
    return err(
      parseError({ rule: "parse/syntax", message: `duration \`${preview(input)}\` is too long` }),
    );
  }
  return ok(ms);
}

function notAString(input: unknown): Result<number, ParseError> {
  const type = input === null ? "null" : Array.isArray(input) ? "array" : typeof input;
  return err(
    parseError({
      rule: "parse/syntax",
      message: `invalid duration: expected a string, got ${type}`,
    }),
  );
}

function invalid(input: string): Result<number, ParseError> {
  return err(
    parseError({
      rule: "parse/syntax",
      message:
        `invalid duration \`${preview(input)}\`: expected shorthand (30s, 5m, 1h, 2d) ` +
        "or ISO 8601 with integer components (PT30S, PT5M30S, P1DT12H)",
    }),
  );
}
