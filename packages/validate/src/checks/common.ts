// Checks shared by several areas: closed enumerations (V-005), modes and
// protocols (V-034 with W-002/W-003), regular expressions (V-013) and durations.
import { compileRegex } from "@oatf/evaluate/compilers";
import { parseDuration } from "@oatf/model";
import { enumMessage } from "@oatf/model/shape";
import { isKnownMode, isKnownProtocol, knownModes, knownProtocols } from "@oatf/registries";
import type { Context } from "../context.js";
import type { RuleId } from "../rules.js";
import { isPresent, show } from "../values.js";

const MODE_PATTERN = /^[a-z][a-z0-9_]*_(server|client)$/;
const PROTOCOL_PATTERN = /^[a-z][a-z0-9_]*$/;

/** V-005: a present value must be one of `allowed`. */
export function checkEnum(
  ctx: Context,
  value: unknown,
  allowed: readonly string[],
  path: string,
): void {
  if (!isPresent(value) || allowed.includes(value as string)) return;
  ctx.error("V-005", path, enumMessage(lastKey(path), value, allowed));
}

/** The enumeration a path names: its last key (`tier` for `attack.indicators[0].tier`). */
function lastKey(path: string): string {
  return path.slice(path.lastIndexOf(".") + 1).replaceAll("_", " ");
}

/** V-034 for a mode; W-002 when it is well formed but no included binding defines it. */
export function checkMode(ctx: Context, mode: unknown, path: string): void {
  if (typeof mode !== "string" || !MODE_PATTERN.test(mode)) {
    ctx.error(
      "V-034",
      path,
      `mode ${show(mode)} must match [a-z][a-z0-9_]*_(server|client), e.g. mcp_server`,
    );
  } else if (!isKnownMode(mode)) {
    ctx.warn(
      "W-002",
      path,
      `mode "${mode}" is not defined by an included binding (${knownModes().join(", ")}); check for a typo`,
    );
  }
}

/** V-034 for a protocol; W-003 when it is well formed but no included binding defines it. */
export function checkProtocol(ctx: Context, protocol: unknown, path: string): void {
  if (typeof protocol !== "string" || !PROTOCOL_PATTERN.test(protocol)) {
    ctx.error("V-034", path, `protocol ${show(protocol)} must match [a-z][a-z0-9_]*, e.g. mcp`);
  } else if (!isKnownProtocol(protocol)) {
    ctx.warn(
      "W-003",
      path,
      `protocol "${protocol}" is not defined by an included binding (${knownProtocols().join(", ")}); check for a typo`,
    );
  }
}

/**
 * V-013: a regular expression compiles with the same compiler evaluation uses,
 * so a document that validates has regexes that run. Returns the capture-group
 * count of a valid pattern.
 */
export function checkRegex(ctx: Context, pattern: unknown, path: string): number | undefined {
  if (typeof pattern !== "string") {
    ctx.error("V-013", path, `regular expression must be a string, got ${show(pattern)}`);
    return undefined;
  }
  const compiled = compileRegex(pattern);
  if (compiled.ok) return compiled.value.groupCount;
  // The compiler's message already says "invalid RE2 regular expression: …".
  const { offset } = compiled.error;
  const at = offset === undefined ? "" : ` (at offset ${offset})`;
  ctx.error(
    "V-013",
    path,
    `${compiled.error.message}${at}`,
    offset === undefined ? undefined : { within: { start: offset } },
  );
  return undefined;
}

/** An integer from `min` to `max` (`Number.isInteger` is false for anything not a number). */
export function isIntegerIn(value: unknown, min: number, max = Number.POSITIVE_INFINITY): boolean {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}

/** V-036 / V-046: a duration in shorthand (`30s`) or ISO 8601 (`PT30S`) form. */
export function checkDuration(ctx: Context, rule: RuleId, value: unknown, path: string): void {
  const parsed = typeof value === "string" ? parseDuration(value) : undefined;
  if (parsed?.ok) return;
  const why = parsed ? `: ${parsed.error.message}` : "";
  ctx.error(
    rule,
    path,
    `${show(value)} is not a duration; write e.g. "30s", "5m" or "PT30S"${why}`,
  );
}

/** V-017 / V-025: an integer percentage. */
export function checkPercent(ctx: Context, rule: RuleId, value: unknown, path: string): void {
  if (!isPresent(value) || isIntegerIn(value, 0, 100)) return;
  ctx.error(rule, path, `confidence must be an integer from 0 to 100, got ${show(value)}`);
}
