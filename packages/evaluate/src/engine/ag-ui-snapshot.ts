// The check of a saved AG-UI enrichment state (monitor snapshots) before the enrichers
// resume it: a snapshot is untrusted, so every part is checked here and re-entered through
// the same bounds as a trace there. Apart from the enrichers, so that a bundle that only
// evaluates traces leaves it out.
import type { AssemblerState } from "./ag-ui-assemble.js";
import type { EnricherState, ToolCallState } from "./trace-enrich.js";

/** `v` as a list of tuples that each pass `check`. */
const tuples = (v: unknown, check: (tuple: unknown[]) => boolean) =>
  Array.isArray(v) && v.every((e) => Array.isArray(e) && check(e));

/**
 * `saved` (an enricher's `save()`, possibly through JSON) as a state the enrichers can resume;
 * a part left out starts empty. Throws a TypeError on a malformed state (the monitor's restore
 * catches it into an error Result).
 */
export function checkedEnricherState(saved: unknown): Partial<EnricherState> {
  if (typeof saved !== "object" || saved === null) throw new TypeError("malformed enricher state");
  const { calls, text } = saved as Partial<Record<keyof EnricherState, unknown>>;
  const pair = (e: unknown[]) => typeof e[0] === "string" && typeof e[1] === "string";
  if (calls !== undefined) {
    const c = calls as ToolCallState;
    if (!tuples(c?.names, pair) || typeof c.forgotten !== "boolean")
      throw new TypeError("malformed tool-call state");
  }
  if (text !== undefined) {
    const t = text as AssemblerState;
    const entry = (e: unknown[]) =>
      pair(e) &&
      typeof e[2] === "boolean" &&
      typeof e[3] === "boolean" &&
      (e[4] === null || typeof e[4] === "string");
    if (!tuples(t?.open, entry) || !(Number.isSafeInteger(t.dropped) && t.dropped >= 0))
      throw new TypeError("malformed assembler state");
  }
  return saved as Partial<EnricherState>;
}
