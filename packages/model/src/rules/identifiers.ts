// Generated identifiers: format §11.2.3 (N-003, indicator ids) and format §11.2.1 (N-001, phase
// names). Normalize writes them, evaluate uses them for documents never normalized, and
// validate checks that none collides with an explicit one (V-010, V-011/V-031).
import type { Attack } from "../types.js";
import { isObject } from "./object.js";

/** N-003: `{attack.id}-{NN}` or `indicator-{NN}`, NN the 1-based position, two digits at least. */
export function generatedIndicatorId(attack: Pick<Attack, "id">, index: number): string {
  const prefix = typeof attack?.id === "string" ? attack.id : "indicator";
  return `${prefix}-${String(index + 1).padStart(2, "0")}`;
}

/** The id of the indicator at `index`: its own string id, or the generated one. */
export function indicatorIdAt(attack: Pick<Attack, "id" | "indicators">, index: number): string {
  const indicator: unknown = attack?.indicators?.[index];
  const own = isObject(indicator) ? indicator.id : undefined;
  return typeof own === "string" ? own : generatedIndicatorId(attack, index);
}

/** N-001: `phase-{N}`, N the 1-based position in its phase list. */
export function generatedPhaseName(index: number): string {
  return `phase-${index + 1}`;
}

/** The name of the phase at `index` of a phase list: its own string name, or the generated one. */
export function phaseNameAt(phases: readonly unknown[], index: number): string {
  const phase = phases[index];
  const own = isObject(phase) ? phase.name : undefined;
  return typeof own === "string" ? own : generatedPhaseName(index);
}
