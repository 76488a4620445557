// ThoughtJack trace exports (`thoughtjack ... --export-trace`), one line per message:
// `{seq, timestamp, actor, phase, direction: "Incoming"|"Outgoing", method, content}`.
// The export records direction as seen by the attacking actor, so protocol and
// request/response come from that actor's mode in the document (format §6.1
// `indicator.direction`): a server actor's incoming messages are requests, its outgoing
// ones responses; a client actor's outgoing messages are requests, its incoming ones
// responses.
import type { Document, Value } from "@oatf/model";
import { extractProtocol } from "@oatf/registries";
import { isObject } from "../json.js";
import { agUiOperation } from "./ag-ui.js";
import { type LineDecoder, parseLine, problem, timestampOf } from "./record.js";

/** Actor name → mode, from the documents' execution (first document wins a clash). */
export function actorModes(documents: readonly Document[]): Map<string, string> {
  const modes = new Map<string, string>();
  for (const document of documents) {
    try {
      // A document without attack or execution throws here and declares no actors.
      const execution = document.attack.execution;
      if (typeof execution.mode === "string" && !modes.has("default"))
        modes.set("default", execution.mode);
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

export function thoughtJackDecoder(modes: ReadonlyMap<string, string>): LineDecoder {
  // A lone actor takes every message, whatever name the export gives it.
  const lone = modes.size === 1 ? [...modes.values()][0] : undefined;
  return {
    line(text, line, out) {
      const value = parseLine(text, line, out);
      if (value === undefined) return;
      if (!looksLikeThoughtJack(value) || !isObject(value)) {
        return problem(
          out,
          line,
          "T-SHAPE",
          "not a ThoughtJack trace line ({seq, actor, direction: Incoming|Outgoing, method, content})",
        );
      }
      const actor = typeof value.actor === "string" ? value.actor : undefined;
      const mode = (actor === undefined ? undefined : modes.get(actor)) ?? lone;
      if (mode === undefined) {
        const known = [...modes.keys()].join(", ") || "none";
        return problem(
          out,
          line,
          "T-ACTOR",
          `actor ${JSON.stringify(value.actor)} is not an actor of the document (actors: ${known})`,
        );
      }
      const incoming = (value.direction as string).toLowerCase() === "incoming";
      const server = mode.endsWith("_server");
      const protocol = extractProtocol(mode);
      const method = value.method as string;
      const operation = protocol === "ag_ui" ? (agUiOperation(method) ?? method) : method;
      const timestamp = timestampOf(value.timestamp);
      out.push({
        kind: "message",
        message: {
          protocol,
          direction: incoming === server ? "request" : "response",
          operation,
          content: (value.content ?? null) as Value,
          ...(actor === undefined ? {} : { actor }),
          ...(timestamp === undefined ? {} : { timestamp }),
          line,
        },
      });
    },
    end() {},
  };
}
