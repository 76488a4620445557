// Where phases live before and after N-006/N-007, for the steps that visit every phase.
import type { Document, Phase } from "@oatf/model";

/** Every phase list of the document: `execution.phases` and each actor's `phases`. */
export function phaseLists(document: Document): Phase[][] {
  const { execution } = document.attack;
  const lists: Phase[][] = [];
  if (Array.isArray(execution.phases)) lists.push(execution.phases);
  for (const actor of execution.actors ?? []) {
    if (Array.isArray(actor.phases)) lists.push(actor.phases);
  }
  return lists;
}
