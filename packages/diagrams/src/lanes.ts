// The actors of a document as the pictures show them (format §5: execution forms): the
// multi-actor form as it is, the multi-phase and single-phase forms as the one `default` actor
// normalize makes of them (N-006, N-007), so a picture of a document needs no normalize first.
// Read defensively: a picture may be asked of a document that does not validate.
import { isObject } from "@oatf/model/rules";

export interface LaneSource {
  name: string;
  mode: string;
  /** The phase list as the document has it (entries not checked). */
  phases: readonly unknown[];
}

export interface Lanes {
  /** The first actors, at most the number asked for. */
  lanes: LaneSource[];
  /** How many actors the document has in all. */
  total: number;
}

/** An own field of a mapping, or undefined (no prototype lookups: `__proto__` is plain data). */
export function field(value: unknown, key: string): unknown {
  return isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

const stringOr = (value: unknown, fallback: string) =>
  typeof value === "string" ? value : fallback;

/** The document's first `max` actors in order; none when it has no execution to read. */
export function lanesOf(document: unknown, max: number): Lanes {
  const execution = field(field(document, "attack"), "execution");
  const actors = field(execution, "actors");
  if (Array.isArray(actors)) {
    const lanes = actors.slice(0, max).map((actor, i) => {
      const phases = field(actor, "phases");
      return {
        name: stringOr(field(actor, "name"), `actor-${i + 1}`),
        mode: stringOr(field(actor, "mode"), "?"),
        phases: Array.isArray(phases) ? phases : [],
      };
    });
    return { lanes, total: actors.length };
  }
  const phases = field(execution, "phases");
  if (Array.isArray(phases)) {
    const mode = stringOr(field(execution, "mode") ?? field(phases[0], "mode"), "?");
    return { lanes: [{ name: "default", mode, phases }], total: 1 };
  }
  const state = field(execution, "state");
  if (state === undefined) return { lanes: [], total: 0 };
  const mode = stringOr(field(execution, "mode"), "?");
  return { lanes: [{ name: "default", mode, phases: [{ state }] }], total: 1 };
}

/** Client-role modes start the exchange themselves (format §6.1: the perspective of `direction`). */
export const isClientMode = (mode: string) => mode.endsWith("_client");
