// SDK §5.10 compute_effective_state: a phase's state replaces, an absent one inherits.
import type { Phase, Value } from "@oatf/model";

/** The state in force at `phaseIndex`, or `undefined` when no phase up to it defines one. */
export function computeEffectiveState(
  phases: readonly Phase[],
  phaseIndex: number,
): Value | undefined {
  if (!Array.isArray(phases)) return undefined;
  let state: Value | undefined;
  const last = Math.min(phaseIndex, phases.length - 1);
  for (let i = 0; i <= last; i++) {
    const phaseState = phases[i]?.state;
    // `state: null` is how YAML writes an omitted state (it inherits).
    if (phaseState !== undefined && phaseState !== null) state = phaseState;
  }
  return state;
}
