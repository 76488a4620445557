// SDK §5.10 compute_effective_state: a phase's state replaces, an absent one inherits.
import type { Phase, Value } from "@oatf/model";

// Format §5.2: an inherited state is a deep copy, so the caller gets its own object and
// mutating it never reaches the document. A state that cannot be cloned (too deep, or not
// JSON data) is returned as it is.
function copy(state: Value): Value {
  try {
    return structuredClone(state);
  } catch {
    return state;
  }
}

/**
 * The state in force at `phaseIndex` (a deep copy), or `undefined` when no phase up to it
 * defines one. An index past the end gives the last phase's state. Never throws.
 */
export function computeEffectiveState(
  phases: readonly Phase[],
  phaseIndex: number,
): Value | undefined {
  try {
    if (!Array.isArray(phases)) return undefined;
    let state: Value | undefined;
    const last = Math.min(phaseIndex, phases.length - 1);
    for (let i = 0; i <= last; i++) {
      const phaseState = phases[i]?.state;
      // `state: null` is how YAML writes an omitted state (it inherits).
      if (phaseState !== undefined && phaseState !== null) state = phaseState;
    }
    return state === undefined ? undefined : copy(state);
  } catch {
    return undefined; // a phase whose fields cannot be read
  }
}
