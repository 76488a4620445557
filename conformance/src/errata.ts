// Errata for upstream cases (conformance/errata.yaml): a corrected expectation, applied
// only while the original one still fails, so a fix upstream makes the erratum stale
// (and the case fail) instead of hiding it.
import { readFileSync } from "node:fs";
import { parse as parseYaml, stringify } from "yaml";
import { FixtureError } from "./case.js";
import { message } from "./fixtures.js";
import { fields, isObject, list, str } from "./shape.js";

export interface Erratum {
  reason: string;
  /** The corrected expectation, computed from the original. */
  correct: (expected: unknown) => unknown;
}

/** Named corrections for errata that affect many cases the same way. */
const CORRECTIONS: Record<string, (expected: unknown) => unknown> = {
  // Normalize expectations are YAML strings; every phase gets its actor's mode.
  phase_mode_from_actor: (expected) => {
    const doc = parseYaml(str(expected, "expected"));
    for (const actor of doc?.attack?.execution?.actors ?? []) {
      for (const phase of actor?.phases ?? []) {
        if (isObject(phase) && phase.mode === undefined) phase.mode = actor.mode;
      }
    }
    return stringify(doc);
  },
};

/** Reads an errata file; a missing file means no errata. Malformed entries throw. */
export function loadErrata(path: string): Map<string, Erratum> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return new Map();
  }
  const errata = new Map<string, Erratum>();
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw new FixtureError(`${path}: ${message(error)}`);
  }
  list(data ?? [], "errata").forEach((item, i) => {
    const where = `errata[${i}]`;
    const f = fields(item, where, ["ids", "reason"], ["expected", "correction"]);
    if ("expected" in f === "correction" in f) {
      throw new FixtureError(`${where} needs exactly one of expected, correction`);
    }
    let correct: (expected: unknown) => unknown;
    if ("expected" in f) correct = () => f.expected;
    else {
      const name = str(f.correction, `${where}.correction`);
      const named = Object.hasOwn(CORRECTIONS, name) ? CORRECTIONS[name] : undefined;
      if (!named) throw new FixtureError(`${where}: unknown correction ${name}`);
      correct = named;
    }
    const reason = str(f.reason, `${where}.reason`);
    for (const id of list(f.ids, `${where}.ids`))
      errata.set(str(id, `${where}.ids[]`), { reason, correct });
  });
  return errata;
}
