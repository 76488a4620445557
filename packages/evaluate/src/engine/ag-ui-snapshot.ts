// The AG-UI enrichment state of a trace as JSON (monitor snapshots), and back. A snapshot is
// untrusted: a saved state is checked and re-entered through the same bounds as a trace (a
// doctored one cannot hold more). Apart from the enrichers, so that a bundle that only
// evaluates traces leaves it out.
import type { AssemblerState } from "./ag-ui-assemble.js";
import { OpenMessages } from "./ag-ui-open-messages.js";
import {
  agUiEnricher,
  type EnricherState,
  noToolCalls,
  type ToolCallState,
  type ToolCalls,
} from "./trace-enrich.js";

export type Enricher = ReturnType<typeof agUiEnricher>;

/** What `enricher` remembers, as JSON. */
export function saveAgUiEnricher(enricher: Enricher): EnricherState {
  const { calls, open } = enricher;
  return {
    calls: {
      names: [...calls.names.entries()].map(([key, name]) => [key, name]),
      forgotten: calls.forgotten,
    },
    text: {
      open: [...open.open.values()].map((e) => [
        e.key,
        e.flush(),
        e.cut,
        e.partial,
        e.chunkScope ?? null,
      ]),
      dropped: open.dropped,
    },
  };
}

/**
 * An enricher that resumes where the one `saved` came from (possibly through JSON) stopped;
 * a part left out starts empty. Throws a TypeError on a malformed state (the monitor's
 * restore catches it into an error Result).
 */
export function restoreAgUiEnricher(saved: unknown): Enricher {
  if (typeof saved !== "object" || saved === null) throw new TypeError("malformed enricher state");
  const state = saved as Partial<EnricherState>;
  return agUiEnricher(
    state.calls === undefined ? undefined : restoreToolCalls(state.calls),
    state.text === undefined ? undefined : restoreOpenMessages(state.text),
  );
}

function isPairList(v: unknown): v is [string, string][] {
  return (
    Array.isArray(v) &&
    v.every((p) => Array.isArray(p) && typeof p[0] === "string" && typeof p[1] === "string")
  );
}

function restoreToolCalls(saved: unknown): ToolCalls {
  const state = saved as ToolCallState;
  if (!isPairList(state?.names) || typeof state.forgotten !== "boolean")
    throw new TypeError("malformed tool-call state");
  const calls = noToolCalls();
  calls.forgotten = state.forgotten;
  for (const [key, name] of state.names)
    if (calls.names.set(key, name, name.length) > 0) calls.forgotten = true;
  return calls;
}

function isOpenList(v: unknown): v is AssemblerState["open"] {
  return (
    Array.isArray(v) &&
    v.every(
      (e) =>
        Array.isArray(e) &&
        typeof e[0] === "string" &&
        typeof e[1] === "string" &&
        typeof e[2] === "boolean" &&
        typeof e[3] === "boolean" &&
        (e[4] === null || typeof e[4] === "string"),
    )
  );
}

function restoreOpenMessages(saved: unknown): OpenMessages {
  const state = saved as AssemblerState;
  if (!isOpenList(state?.open) || !(Number.isSafeInteger(state.dropped) && state.dropped >= 0))
    throw new TypeError("malformed assembler state");
  const messages = new OpenMessages();
  messages.dropped = state.dropped;
  for (const [key, text, cut, partial, chunkScope] of state.open) {
    messages.end(key);
    const entry = messages.opened(key, partial);
    messages.total += entry.append(text);
    entry.cut ||= cut;
    if (chunkScope !== null && messages.open.has(key)) messages.scope(entry, chunkScope);
    messages.shrink(key);
  }
  return messages;
}
