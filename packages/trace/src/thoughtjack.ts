// ThoughtJack trace exports (`thoughtjack ... --export-trace`), one line per message:
// `{seq, timestamp, actor, phase, direction: "Incoming"|"Outgoing", method, content}`.
// The export records direction as seen by the attacking actor, so protocol and
// request/response come from that actor's mode in the document (format §6.1
// `indicator.direction`): a server actor's incoming messages are requests, its outgoing
// ones responses; a client actor's outgoing messages are requests, its incoming ones
// responses.

import { BoundedTable } from "@oatf/evaluate/internal";
import type { Document, Value } from "@oatf/model";
import { isObject } from "@oatf/model/rules";
import { extractProtocol } from "@oatf/registries";
import { agUiOperation } from "./ag-ui.js";
import { type LineDecoder, parseLine, preview, problem, timestampOf } from "./record.js";

/** Actor name → mode, from the documents' execution (first document wins a clash). */
export function actorModes(documents: readonly Document[]): Map<string, string> {
  const modes = new Map<string, string>();
  for (const document of documents) {
    try {
      // A document without attack or execution throws here and declares no actors.
      const execution = document.attack.execution;
      // A document not yet normalized: its default actor's mode is execution.mode, else,
      // in the mode-less multi-phase form, its first phase's (format §11.2.7, N-007).
      const mode =
        execution.mode ?? (Array.isArray(execution.phases) ? execution.phases[0]?.mode : undefined);
      if (typeof mode === "string" && !modes.has("default")) modes.set("default", mode);
      for (const actor of Array.isArray(execution.actors) ? execution.actors : []) {
        if (
          typeof actor?.name === "string" &&
          typeof actor.mode === "string" &&
          !modes.has(actor.name)
        )
          modes.set(actor.name, actor.mode);
      }
    } catch {}
  }
  return modes;
}

/** A ThoughtJack export line's shape, as diagnostics describe it. */
export const THOUGHTJACK_LINE = "{seq, actor, direction: Incoming|Outgoing, method, content}";

/** Whether a JSON value looks like a ThoughtJack export line (for format detection). */
export function looksLikeThoughtJack(value: unknown): boolean {
  return (
    isObject(value) &&
    value.seq !== undefined &&
    typeof value.method === "string" &&
    typeof value.direction === "string" &&
    /^(incoming|outgoing)$/i.test(value.direction)
  );
}

/** How one document reads a line: protocol and role from the actor's mode there. */
function readingOf(
  modes: ReadonlyMap<string, string>,
  actor: string | undefined,
  incoming: boolean,
) {
  // A lone actor takes every message, whatever name the export gives it.
  const lone = modes.size === 1 ? [...modes.values()][0] : undefined;
  const mode = (actor === undefined ? undefined : modes.get(actor)) ?? lone;
  if (mode === undefined) return undefined;
  const direction: "request" | "response" =
    incoming === mode.endsWith("_server") ? "request" : "response";
  return { protocol: extractProtocol(mode), direction };
}

type Reading = { protocol: string; direction: "request" | "response" };

/** (actor, side) pairs whose readings are remembered, and the characters of their names. */
const MAX_ACTORS = 1024;
const MAX_ACTOR_CHARS = 1024 * 1024;
/** What a remembered entry costs besides its key (a few short readings). */
const READING_COST = 64;

/**
 * Reads an export against each document's own actor modes (issue 23 §5): a line two
 * documents read differently yields one message per distinct reading, in a fixed order,
 * so the verdicts do not depend on the order the documents are given in.
 */
export function thoughtJackDecoder(
  perDocument: readonly ReadonlyMap<string, string>[],
): LineDecoder {
  // The distinct readings of an (actor, side), sorted, worked out once: over every document
  // on every line they cost far more than the line (37x a bare parse with 64 documents). A
  // pure function of the modes, so forgetting an entry (bounded) costs only the work again.
  const remembered = new BoundedTable<Reading[]>(MAX_ACTORS, MAX_ACTOR_CHARS);
  function distinctReadings(actor: string | undefined, incoming: boolean): Reading[] {
    const readings = new Map<string, Reading>();
    for (const modes of perDocument) {
      const reading = readingOf(modes, actor, incoming);
      if (reading !== undefined) readings.set(JSON.stringify(reading), reading);
    }
    return [...readings.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, reading]) => reading);
  }
  const readingsOf = (actor: string | undefined, incoming: boolean): Reading[] =>
    remembered.getOrCreate(
      `${incoming ? "i" : "o"}${actor === undefined ? "" : `a${actor}`}`,
      () => distinctReadings(actor, incoming),
      READING_COST,
    );

  return {
    line(text, line, out) {
      const value = parseLine(text, line, out);
      if (value === undefined) return;
      if (!looksLikeThoughtJack(value) || !isObject(value)) {
        return problem(out, line, "T-SHAPE", `not a ThoughtJack trace line (${THOUGHTJACK_LINE})`);
      }
      const actor = typeof value.actor === "string" ? value.actor : undefined;
      const incoming = (value.direction as string).toLowerCase() === "incoming";
      const readings = readingsOf(actor, incoming);
      if (readings.length === 0) {
        const known = [...new Set(perDocument.flatMap((m) => [...m.keys()]))].join(", ") || "none";
        return problem(
          out,
          line,
          "T-ACTOR",
          `actor ${preview(value.actor)} is not an actor of the documents (actors: ${known})`,
        );
      }
      if (readings.length > 1) {
        problem(
          out,
          line,
          "T-ACTOR-MODES",
          `the documents give actor ${preview(value.actor)} different modes: the line is read once for each`,
        );
      }
      const method = value.method as string;
      const timestamp = timestampOf(value.timestamp);
      for (const { protocol, direction } of readings) {
        const operation = protocol === "ag_ui" ? (agUiOperation(method) ?? method) : method;
        out.push({
          kind: "message",
          message: {
            protocol,
            direction,
            operation,
            content: (value.content ?? null) as Value,
            ...(actor === undefined ? {} : { actor }),
            ...(timestamp === undefined ? {} : { timestamp }),
            line,
          },
        });
      }
    },
    end() {},
  };
}
