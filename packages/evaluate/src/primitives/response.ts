// SDK §5.7 select_response: first entry whose `when` matches, else the default entry.
import type { ResponseEntry, Value } from "@oatf/model";
import { evaluatePredicate } from "./predicate.js";

/**
 * Returns the first entry whose `when` predicate matches `request`, else the first entry
 * without `when` (the default). Never throws: an entry that cannot be read is passed over.
 */
export function selectResponse<E extends ResponseEntry>(
  entries: readonly E[],
  request: Value,
): E | undefined {
  if (!Array.isArray(entries)) return undefined;
  let fallback: E | undefined;
  for (const entry of entries) {
    if (typeof entry !== "object" || entry === null) continue;
    let when: ResponseEntry["when"];
    try {
      when = entry.when;
    } catch {
      continue;
    }
    if (when === undefined || when === null) fallback ??= entry;
    else if (evaluatePredicate(when, request)) return entry;
  }
  return fallback;
}
