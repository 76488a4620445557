// N-006 (format §11.2.6): the single-phase form (`execution.state`) becomes one
// `default` actor with one phase.
import type { Actor, Document } from "@oatf/model";
import { completePhases } from "./n001-defaults.js";

export function wrapSinglePhase(document: Document): void {
  const { execution } = document.attack;
  if (execution.state === undefined || execution.phases || execution.actors) return;
  const actor = defaultActor(execution.mode, [{ name: "phase-1", state: execution.state }]);
  delete execution.mode;
  delete execution.state;
  execution.actors = [actor];
}

/** The `default` actor of N-006/N-007, with N-001's phase defaults applied. */
export function defaultActor(mode: string | undefined, phases: Actor["phases"]): Actor {
  // A valid document always has a mode here; an invalid one gets no `mode: undefined` key.
  const actor = (
    mode === undefined ? { name: "default", phases } : { name: "default", mode, phases }
  ) as Actor;
  completePhases(actor);
  return actor;
}
