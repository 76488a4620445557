// Blind indicators (issue 32 item 3; format §9.1 `skipped`, "insufficient data"): an indicator
// that no message reached (format §6 trace filtering kept none), or that only messages blind
// for it reached (their `uncaptured` content holds what it reads), was not evaluated. Its
// verdict is `skipped` and its coverage warns, naming why: the nearest surfaces the trace had,
// or how many messages could not be seen.
import type { Indicator } from "@oatf/model";
import { editDistance } from "@oatf/model/internal";
import type { Observed } from "./observed.js";

/** What an indicator filters messages by (format §6 steps 1-4). */
export interface Filter {
  protocol: string | undefined;
  surface: string | undefined;
  direction: string | undefined;
  actor: string | undefined;
}

/** A dot-path's segments, index and wildcard brackets dropped (`tools[*].name` → tools, name). */
const segments = (path: string): string[] =>
  path === "" ? [] : path.replace(/\[[^\]]*\]/g, "").split(".");

/** Beyond this many uncaptured paths a message is blind for every indicator. */
const MAX_UNCAPTURED = 64;

/**
 * The paths an indicator reads, as segments: its pattern or semantic target, or an
 * expression's variable paths and the `message.…` members its CEL names (`message` used
 * otherwise: the whole message).
 */
export function readsOf(indicator: Indicator, targets: readonly string[]): string[][] {
  const paths = [...targets];
  try {
    const cel = indicator.expression?.cel;
    if (typeof cel === "string")
      for (const [, member] of cel.matchAll(/\bmessage\b((?:\s*\.\s*[A-Za-z_]\w*)*)/g))
        paths.push(member!.replace(/[\s.]+/g, ".").slice(1));
  } catch {} // an unreadable expression reads nothing more: its verdict is `error`
  return paths.map(segments);
}

const under = (a: string[], b: string[]) => a.every((s, i) => s === b[i]);

/** Whether a message that did not capture `uncaptured` is blind for what an indicator `reads`. */
export function isBlind(reads: readonly string[][], uncaptured: unknown): boolean {
  if (!Array.isArray(uncaptured) || uncaptured.length === 0) return false;
  if (uncaptured.length > MAX_UNCAPTURED) return true;
  for (const path of uncaptured) {
    const lost = typeof path === "string" ? segments(path) : [];
    for (const read of reads)
      if (lost.length <= read.length ? under(lost, read) : under(read, lost)) return true;
  }
  return false;
}

/** `a (3), b (1)`: the first three entries by `rank`, with their counts. */
function listed(counts: Map<string, number>, rank: (name: string) => number): string {
  return [...counts]
    .sort(([a, m], [b, n]) => rank(a) - rank(b) || n - m || (a < b ? -1 : 1))
    .slice(0, 3)
    .map(([name, n]) => `${name} (${n})`)
    .join(", ");
}

/** Why an indicator with `filter` reached no message of a trace that held `seen`. */
export function unseenReason(f: Filter, seen: Observed): string {
  if (seen.messages === 0) return "the trace has no messages";
  const protocols = new Map<string, number>();
  const operations = new Map<string, number>();
  const directions = new Map<string, number>();
  let near = 0;
  // Messages the bounded table does not name (MAX_OBSERVED, MAX_NAME): a filter that kept none
  // of the named ones may have kept one of these, so the claim is only about the named ones.
  let unnamed = seen.messages;
  for (const { protocol, direction, operation, count } of seen.save().operations) {
    unnamed -= count;
    protocols.set(protocol, (protocols.get(protocol) ?? 0) + count);
    if (f.protocol !== undefined && protocol !== f.protocol) continue;
    operations.set(operation, (operations.get(operation) ?? 0) + count);
    if (f.surface !== undefined && operation !== f.surface) continue;
    const key = `${operation} ${direction}`;
    directions.set(key, (directions.get(key) ?? 0) + count);
    if (f.direction === undefined || direction === f.direction) near += count;
  }
  const has = (what: string, counts: Map<string, number>, rank = (_: string) => 0) => {
    const names = listed(counts, rank);
    if (unnamed <= 0) return `${what} matched no message; the trace has ${names}`;
    const more = `${unnamed} messages not named (too many operations, or names too long)`;
    return `${what} matched none of the messages named; the trace has ${names ? `${names}, and ` : ""}${more}`;
  };
  if (f.protocol !== undefined && operations.size === 0)
    return has(`protocol ${f.protocol}`, protocols);
  const surface = f.surface === undefined ? "" : `surface ${f.surface}`;
  if (f.surface !== undefined && directions.size === 0)
    return has(surface, operations, (name) => editDistance(f.surface!, name, 64));
  if (near === 0 && f.direction !== undefined)
    return has(`${surface} direction ${f.direction}`.trim(), directions);
  if (near > 0 && f.actor !== undefined)
    return `actor ${f.actor} matched no message; ${near} ${f.surface ?? f.protocol ?? ""} messages were on other actors`;
  return `none of the trace's ${seen.messages} messages reached it`;
}

/** Why `blind` of an indicator's `eligible` messages could not be seen by it (it `reads` these). */
export function blindReason(f: Filter, reads: string[][], blind: number, eligible: number): string {
  const paths = [...new Set(reads.map((r) => r.join(".")))];
  const what = paths.includes("") ? "were not captured in full" : `carry no ${paths.join(", ")}`;
  const kind = f.surface ?? f.protocol;
  return `${blind} of ${eligible} eligible ${kind === undefined ? "" : `${kind} `}messages ${what}`;
}
