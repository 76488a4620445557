// A document value (a trigger's match value, a log message) as one short line of text, read
// only as far as the line can show: a few levels deep, a few entries wide, a bounded length.
// Never calls a value's own methods (toString, toJSON), so nothing a caller passed can throw
// or run here.

/** Entries of a list or mapping shown before `…`. */
const WIDTH = 3;
/** Nesting shown before `…`. */
const DEPTH = 2;

/** `value` in a compact JSON-like form, at most about `max` UTF-16 code units long. */
export function brief(value: unknown, max: number): string {
  const out = write(value, DEPTH, max);
  return out.length > max ? `${out.slice(0, max)}…` : out;
}

function write(value: unknown, depth: number, room: number): string {
  if (typeof value === "string") {
    const head = value.length > room ? `${value.slice(0, room)}…` : value;
    return `"${head}"`;
  }
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value === null) return "null";
  if (typeof value !== "object") return "?";
  if (depth === 0) return Array.isArray(value) ? "[…]" : "{…}";
  const parts: string[] = [];
  let used = 0;
  const entries = Array.isArray(value) ? value.slice(0, WIDTH + 1) : ownEntries(value);
  for (const [i, entry] of entries.entries()) {
    if (i === WIDTH || used > room) {
      parts.push("…");
      break;
    }
    const text = Array.isArray(value)
      ? write(entry, depth - 1, room - used)
      : `${(entry as [string, unknown])[0].slice(0, room)}: ${write((entry as [string, unknown])[1], depth - 1, room - used)}`;
    parts.push(text);
    used += text.length + 2;
  }
  return Array.isArray(value) ? `[${parts.join(", ")}]` : `{${parts.join(", ")}}`;
}

/** The first WIDTH + 1 own enumerable entries of a mapping (no getters run for the rest). */
function ownEntries(value: object): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    out.push([key, (value as Record<string, unknown>)[key]]);
    if (out.length > WIDTH) break;
  }
  return out;
}
