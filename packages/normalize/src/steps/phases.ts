// Where phases live before and after N-006/N-007, for the steps that visit every phase.
import type { Document, Phase } from "@oatf/model";
import { objects } from "../shape.js";

/** Every phase list of the document: `execution.phases` and each actor's `phases`. */
export function phaseLists(document: Document): Phase[][] {
  const { execution } = document.attack;
  return [execution.phases, ...objects(execution.actors).map((actor) => actor.phases)].map(objects);
}
