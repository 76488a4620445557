// N-007 (format §11.2.7): the multi-phase form (`execution.phases`) becomes one
// `default` actor; without `execution.mode`, the actor takes the first phase's mode.
import type { Document } from "@oatf/model";
import { defaultActor } from "./n006-single-phase.js";

export function wrapMultiPhase(document: Document): void {
  const { execution } = document.attack;
  // Not a list (null, a mapping: V-005 or a type error) is left as it is: there is nothing to wrap.
  if (!Array.isArray(execution.phases) || execution.actors) return;
  const actor = defaultActor(execution.mode ?? execution.phases[0]?.mode, execution.phases);
  delete execution.mode;
  delete execution.phases;
  execution.actors = [actor];
}
