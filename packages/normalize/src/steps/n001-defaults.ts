// N-001 (format §11.2.1): materialize default values.
import type { Document, Mode, Phase } from "@oatf/model";
import { generatedPhaseName, indicatorProtocol } from "@oatf/model/rules";
import { isObject, objects } from "../shape.js";
import { phaseLists } from "./phases.js";

export function applyDefaults(document: Document): void {
  const { attack } = document;
  attack.name ??= "Untitled";
  attack.version ??= 1;
  attack.status ??= "draft";
  // A scalar severity gets its confidence from N-002.
  if (isObject(attack.severity)) attack.severity.confidence ??= 50;

  const { execution } = attack;
  completePhases(execution);
  for (const actor of objects(execution.actors)) completePhases(actor);
  for (const phases of phaseLists(document)) {
    for (const phase of phases) defaultTriggerCount(phase);
  }

  if (attack.indicators !== undefined) {
    for (const indicator of objects(attack.indicators)) {
      const protocol = indicatorProtocol(attack, indicator);
      if (protocol !== undefined) indicator.protocol = protocol;
    }
    attack.correlation ??= {};
    if (isObject(attack.correlation)) attack.correlation.logic ??= "any";
  }

  for (const mapping of objects(attack.classification?.mappings)) {
    mapping.relationship ??= "primary";
  }
}

/**
 * Phase names, and the owner's mode on phases without one, for `execution` or an
 * actor. Also used by N-006/N-007, whose new `default` actor gets the same defaults.
 */
export function completePhases(owner: { mode?: Mode; phases?: Phase[] }): void {
  nameUnnamedPhases(owner.phases);
  if (owner.mode === undefined) return;
  for (const phase of objects(owner.phases)) phase.mode ??= owner.mode;
}

/** `phase-{N}`, N being the 1-based position in the list. */
function nameUnnamedPhases(phases: Phase[] | undefined): void {
  if (!Array.isArray(phases)) return;
  phases.forEach((phase, index) => {
    if (isObject(phase)) phase.name ??= generatedPhaseName(index);
  });
}

function defaultTriggerCount(phase: Phase): void {
  if (isObject(phase.trigger) && phase.trigger.event !== undefined) phase.trigger.count ??= 1;
}
